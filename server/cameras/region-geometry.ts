/** A point of a frame, normalised: (0,0) top left, (1,1) bottom right. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Why a polygon is not a usable detection region, or null when it is one. */
export type RegionFault = 'repeated-corner' | 'self-intersecting' | 'no-area';

/**
 * A detection region must be a simple polygon: no corner repeated, no two edges crossing or
 * touching except neighbours at their shared corner, and a non-zero area (not all on one line).
 * O(n²) over at most a few dozen corners.
 */
export function regionFault(points: readonly Point[]): RegionFault | null {
  const n = points.length;
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      if (samePoint(at(points, i), at(points, j))) return 'repeated-corner';
    }
  }
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      const neighbours = j === i + 1 || (i === 0 && j === n - 1);
      const [a, b] = [at(points, i), at(points, (i + 1) % n)];
      const [c, d] = [at(points, j), at(points, (j + 1) % n)];
      if (neighbours) {
        // Neighbours share one corner; they fault only by folding back onto each other.
        const shared = j === i + 1 ? b : a;
        const [p, q] = j === i + 1 ? [a, d] : [b, c];
        if (cross(shared, p, q) === 0 && dot(shared, p, q) > 0) return 'self-intersecting';
      } else if (segmentsMeet(a, b, c, d)) {
        return 'self-intersecting';
      }
    }
  }
  return Math.abs(twiceArea(points)) < minimumTwiceArea ? 'no-area' : null;
}

/** A region smaller than a pixel of a 4K frame is a mis-click, not a region. */
const minimumTwiceArea = 2 / (3840 * 2160);

function at(points: readonly Point[], index: number): Point {
  return points[index] as Point;
}

function samePoint(a: Point, b: Point): boolean {
  return a.x === b.x && a.y === b.y;
}

/** z of (p - o) × (q - o): > 0 counter-clockwise, 0 collinear. */
function cross(o: Point, p: Point, q: Point): number {
  return (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x);
}

/** (p - o) · (q - o): > 0 when p and q lie on the same side of o along a line. */
function dot(o: Point, p: Point, q: Point): number {
  return (p.x - o.x) * (q.x - o.x) + (p.y - o.y) * (q.y - o.y);
}

function onSegment(a: Point, b: Point, p: Point): boolean {
  return (
    Math.min(a.x, b.x) <= p.x &&
    p.x <= Math.max(a.x, b.x) &&
    Math.min(a.y, b.y) <= p.y &&
    p.y <= Math.max(a.y, b.y)
  );
}

/** Whether segments ab and cd share any point (crossing, touching or overlapping). */
function segmentsMeet(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    (d1 === 0 && onSegment(c, d, a)) ||
    (d2 === 0 && onSegment(c, d, b)) ||
    (d3 === 0 && onSegment(a, b, c)) ||
    (d4 === 0 && onSegment(a, b, d))
  );
}

/** The shoelace sum: twice the signed area. */
function twiceArea(points: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i += 1) {
    const p = at(points, i);
    const q = at(points, (i + 1) % points.length);
    sum += p.x * q.y - q.x * p.y;
  }
  return sum;
}
