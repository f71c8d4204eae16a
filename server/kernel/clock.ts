/** The time source; tests pass their own to step through expiry and lock-outs. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function later(from: Date, milliseconds: number): Date {
  return new Date(from.getTime() + milliseconds);
}
