import { describe, expect, it } from 'vitest';
import { greetingFor } from './greeting';

describe('greetingFor', () => {
  it.each([
    [0, '夜深了'],
    [4, '夜深了'],
    [5, '早上好'],
    [9, '上午好'],
    [11, '上午好'],
    [12, '中午好'],
    [14, '下午好'],
    [17, '下午好'],
    [18, '晚上好'],
    [23, '晚上好'],
  ])('greets at %i:00 with %s', (hour, zh) => {
    expect(greetingFor(hour).zh).toBe(zh);
  });

  it('has an English text for every greeting', () => {
    for (let hour = 0; hour < 24; hour++) expect(greetingFor(hour).en).toMatch(/^Good /);
  });
});
