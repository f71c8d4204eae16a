import { describe, expect, it } from 'vitest';
import { visibleRows } from './use-virtual-rows';

describe('visibleRows', () => {
  const view = (scrollTop: number) => ({ scrollTop, height: 500, width: 1000 });

  it('renders the rows in view and two either side, within the list', () => {
    // 100 px rows, 500 px high: rows 10..15 are (partly) in view at 1000 px.
    expect(visibleRows(view(1000), 50_000, 100)).toEqual({ start: 8, end: 18 });
    expect(visibleRows(view(0), 50_000, 100)).toEqual({ start: 0, end: 8 });
    expect(visibleRows(view(4_999_500), 50_000, 100)).toEqual({ start: 49_993, end: 50_000 });
    expect(visibleRows(view(0), 3, 100)).toEqual({ start: 0, end: 3 });
    expect(visibleRows(view(900), 0, 100)).toEqual({ start: 0, end: 0 });
  });
});
