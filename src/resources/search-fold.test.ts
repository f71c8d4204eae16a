import { describe, expect, it } from 'vitest';
import { fieldsPerRow, foldedCount } from './search-fold';

describe('the folded search form', () => {
  it('lays out four fields a row on wide screens, three at 1280–1440 px, two on tablets, one on phones', () => {
    expect(fieldsPerRow({ md: true, xl: true, xxl: true })).toBe(4);
    expect(fieldsPerRow({ md: true, xl: true, xxl: false })).toBe(3);
    expect(fieldsPerRow({ md: true, xl: false })).toBe(2);
    expect(fieldsPerRow({})).toBe(1);
  });

  it('shows the fields that fit the first row beside the buttons', () => {
    expect(foldedCount([1, 1, 1, 1, 1], 4)).toBe(3);
    expect(foldedCount([1, 1, 1, 1, 1], 3)).toBe(2);
    expect(foldedCount([1, 1, 1], 2)).toBe(1);
    // A date range takes two places.
    expect(foldedCount([2, 1, 1, 1], 4)).toBe(2);
    expect(foldedCount([2, 1, 1], 3)).toBe(1);
    expect(foldedCount([1, 2, 1], 3)).toBe(1);
  });

  it('always shows the first field, even alone on a narrow screen', () => {
    expect(foldedCount([2, 1], 2)).toBe(1);
    expect(foldedCount([1, 1], 1)).toBe(1);
    expect(foldedCount([], 3)).toBe(0);
  });
});
