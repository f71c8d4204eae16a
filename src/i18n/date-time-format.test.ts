import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formatDateTime } from './date-time-format';

describe('dateTimeFormat', () => {
  it('makes one formatter per locale and options, and formats as Intl does', () => {
    const options = { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' } as const;
    const zh = dateTimeFormat('zh-CN', options);
    expect(dateTimeFormat('zh-CN', { ...options })).toBe(zh);
    expect(dateTimeFormat('en-US', options)).not.toBe(zh);
    expect(dateTimeFormat('zh-CN', { ...options, second: '2-digit' })).not.toBe(zh);
    const time = new Date('2030-01-01T08:05:00Z');
    expect(zh.format(time)).toBe(new Intl.DateTimeFormat('zh-CN', options).format(time));
  });

  it('writes a date and time one way for both languages, in local time', () => {
    const local = new Date(2026, 10, 28, 9, 5, 7).toISOString();
    expect(formatDateTime(local)).toBe('2026-11-28 09:05:07');
    expect(formatDateTime('not a time')).toBe('not a time');
  });
});
