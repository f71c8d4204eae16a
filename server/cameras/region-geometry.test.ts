import { describe, expect, it } from 'vitest';
import { regionFault, type Point } from './region-geometry';

const polygon = (...pairs: [number, number][]): Point[] => pairs.map(([x, y]) => ({ x, y }));

describe('regionFault', () => {
  it.each([
    ['a triangle', polygon([0.1, 0.1], [0.9, 0.1], [0.5, 0.9])],
    ['a square, clockwise', polygon([0, 0], [0, 1], [1, 1], [1, 0])],
    ['a concave arrow', polygon([0.1, 0.1], [0.5, 0.4], [0.9, 0.1], [0.5, 0.9])],
    ['a corner on the straight line between its neighbours', polygon([0, 0], [0.5, 0], [1, 0], [0.5, 1])],
  ])('accepts %s', (_name, points) => {
    expect(regionFault(points)).toBeNull();
  });

  it.each([
    ['a bow tie', polygon([0, 0], [1, 1], [1, 0], [0, 1]), 'self-intersecting'],
    ['a corner touching a far edge', polygon([0, 0], [1, 0], [1, 1], [0.5, 0], [0, 1]), 'self-intersecting'],
    ['a spike folding back on its edge', polygon([0, 0], [1, 0], [0.5, 0], [0.5, 1]), 'self-intersecting'],
    ['a repeated corner', polygon([0, 0], [1, 0], [1, 1], [1, 0]), 'repeated-corner'],
    ['three corners on one line', polygon([0, 0], [0.5, 0.5], [1, 1]), 'self-intersecting'],
    ['a sliver under a pixel', polygon([0, 0], [1, 0], [0.5, 0.0000001]), 'no-area'],
  ])('refuses %s', (_name, points, fault) => {
    expect(regionFault(points)).toBe(fault);
  });

  it('refuses a corner that lies on a non-neighbouring edge', () => {
    expect(regionFault(polygon([0, 0], [1, 0], [1, 1], [0.5, 0.5], [0.6, 0]))).toBe('self-intersecting');
  });
});
