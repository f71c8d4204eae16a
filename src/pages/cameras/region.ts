import type { components } from '../../generated/openapi';

/** openapi.yaml's RegionPoint: normalised to the frame, (0,0) top left, (1,1) bottom right. */
export type RegionPoint = components['schemas']['RegionPoint'];

/** Four decimals: a tenth of a pixel on a 4K frame is finer than any click. */
const precision = 10_000;

const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * precision) / precision));

/** Where a pointer at (clientX, clientY) is on a frame drawn in `box`, normalised and kept inside. */
export function pointIn(
  box: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
): RegionPoint {
  return { x: clamp((clientX - box.left) / box.width), y: clamp((clientY - box.top) / box.height) };
}

export function movePoint(region: readonly RegionPoint[], index: number, to: RegionPoint): RegionPoint[] {
  return region.map((point, i) => (i === index ? to : point));
}

export function removePoint(region: readonly RegionPoint[], index: number): RegionPoint[] {
  return region.filter((_, i) => i !== index);
}
