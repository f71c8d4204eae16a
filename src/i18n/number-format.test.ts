import { describe, expect, it } from 'vitest';
import { englishCount, formatCount, formatPercent } from './number-format';

describe('number formats', () => {
  it('groups the thousands of a count', () => {
    expect(formatCount(7)).toBe('7');
    expect(formatCount(12480)).toBe('12,480');
  });

  it('writes a confidence as a whole percentage', () => {
    expect(formatPercent(0.873)).toBe('87%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(0)).toBe('0%');
  });

  it('says one pane and several panes', () => {
    expect(englishCount(1, 'pane')).toBe('1 pane');
    expect(englishCount(4, 'pane')).toBe('4 panes');
    expect(englishCount(0, 'entry', 'entries')).toBe('0 entries');
  });
});
