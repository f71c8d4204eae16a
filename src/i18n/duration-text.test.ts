import { describe, expect, it } from 'vitest';
import { durationText } from './duration-text';

describe('durationText', () => {
  it.each([
    [42, '42 秒', '42 s'],
    [4441, '1 小时 14 分', '1 h 14 min'],
    [125, '2 分 5 秒', '2 min 5 s'],
    [90_000, '1 天 1 小时', '1 d 1 h'],
  ])('%i seconds read %s / %s', (seconds, zh, en) => {
    expect(durationText(seconds)).toEqual({ zh, en });
  });
});
