import { describe, expect, it } from 'vitest';
import { BusinessError, RequestError, getFieldErrors } from './errors';

describe('getFieldErrors', () => {
  it('maps data.errors to field messages, first message per field', () => {
    const error = new BusinessError('400', 'username：太短', {
      errors: [
        { field: 'username', message: '太短' },
        { field: 'password', message: '不能为空' },
        { field: 'username', message: '格式不对' },
      ],
    });
    expect(getFieldErrors(error)).toEqual({ username: '太短', password: '不能为空' });
  });

  it('skips malformed entries', () => {
    const error = new BusinessError('400', 'bad', {
      errors: [{ field: 'a' }, null, { field: 'b', message: 'm' }],
    });
    expect(getFieldErrors(error)).toEqual({ b: 'm' });
  });

  it.each([
    ['a business error without data', new BusinessError('403', 'no', null)],
    ['a business error whose errors is no list', new BusinessError('400', 'no', { errors: 'x' })],
    ['a request error', new RequestError('no-response', 'offline')],
    ['a plain error', new Error('x')],
    ['nothing', undefined],
  ])('is empty for %s', (_, error) => {
    expect(getFieldErrors(error)).toEqual({});
  });
});
