import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOn, tint } from './readable-colour';

describe('readable colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#8c8c8c', '#ffffff')).toBeCloseTo(3.36, 2);
    expect(contrastRatio('#fff', '#1890ff')).toBeCloseTo(3.24, 2);
  });

  it('darkens the spec primary just enough to read at 4.5:1', () => {
    const onWhite = readableOn('#1890ff', '#ffffff');
    expect(contrastRatio(onWhite, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(onWhite, '#ffffff')).toBeLessThan(4.8);
    const onTint = readableOn('#1890ff', tint('#1890ff', 0.9));
    expect(contrastRatio(onTint, tint('#1890ff', 0.9))).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a colour that already reads', () => {
    expect(readableOn('#001529', '#ffffff')).toBe('#001529');
  });
});
