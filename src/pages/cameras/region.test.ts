import { describe, expect, it } from 'vitest';
import { movePoint, pointIn, removePoint } from './region';

describe('region points', () => {
  const box = { left: 100, top: 50, width: 800, height: 450 };

  it('normalises a pointer position to the frame, to four decimals, kept inside it', () => {
    expect(pointIn(box, 500, 275)).toEqual({ x: 0.5, y: 0.5 });
    expect(pointIn(box, 101, 51)).toEqual({ x: 0.0013, y: 0.0022 });
    expect(pointIn(box, 20, 900)).toEqual({ x: 0, y: 1 });
  });

  it('moves and removes one corner', () => {
    const region = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
    ];
    expect(movePoint(region, 1, { x: 0.5, y: 0.2 })).toEqual([region[0], { x: 0.5, y: 0.2 }, region[2]]);
    expect(removePoint(region, 0)).toEqual([region[1], region[2]]);
  });
});
