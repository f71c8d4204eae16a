import { describe, expect, it } from 'vitest';
import { BusinessError, RequestError } from './errors';
import { shouldRetry } from './query-client';

describe('which failed reads are tried again', () => {
  it('tries once more after the server’s own 5xx, never after a 4xx or no answer', () => {
    expect(shouldRetry(0, new BusinessError('503', '数据库不可用', null))).toBe(true);
    expect(shouldRetry(1, new BusinessError('503', '数据库不可用', null))).toBe(false);
    expect(shouldRetry(0, new BusinessError('404', '不存在', null))).toBe(false);
    expect(shouldRetry(0, new BusinessError('400', '参数错误', null))).toBe(false);
    expect(shouldRetry(0, new RequestError('no-response', 'Failed to fetch'))).toBe(false);
    expect(shouldRetry(0, new RequestError('http', 'Bad Gateway', { status: 502 }))).toBe(false);
  });
});
