/** Velocities of a PTZ move, each −1..1: pan right, tilt up, zoom in when positive. */
export interface PtzVelocity {
  readonly pan: number;
  readonly tilt: number;
  readonly zoom: number;
}

/** The speed a held control moves at: brisk enough to aim, slow enough to stop where wanted. */
export const ptzSpeed = 0.5;

/** The pad's directions and zooms, each the move it holds. */
export const ptzMoves = {
  up: { pan: 0, tilt: ptzSpeed, zoom: 0 },
  down: { pan: 0, tilt: -ptzSpeed, zoom: 0 },
  left: { pan: -ptzSpeed, tilt: 0, zoom: 0 },
  right: { pan: ptzSpeed, tilt: 0, zoom: 0 },
  zoomIn: { pan: 0, tilt: 0, zoom: ptzSpeed },
  zoomOut: { pan: 0, tilt: 0, zoom: -ptzSpeed },
} satisfies Record<string, PtzVelocity>;

export type PtzDirection = keyof typeof ptzMoves;

/** The move a key holds (arrow keys, + and −, the keypad's too), or null for any other key. */
export function directionOfKey(key: string): PtzDirection | null {
  switch (key) {
    case 'ArrowUp':
      return 'up';
    case 'ArrowDown':
      return 'down';
    case 'ArrowLeft':
      return 'left';
    case 'ArrowRight':
      return 'right';
    case '+':
    case '=':
      return 'zoomIn';
    case '-':
    case '_':
      return 'zoomOut';
    default:
      return null;
  }
}

/**
 * How often a held control sends its move again: well inside the 5 s the server's move lasts
 * (its ONVIF Timeout), so the camera keeps moving while held and stops by itself when the page
 * is gone.
 */
export const ptzRepeatMs = 2000;

export interface PtzSender {
  move(velocity: PtzVelocity): Promise<unknown>;
  stop(): Promise<unknown>;
}

export interface PtzTimers {
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const browserTimers: PtzTimers = {
  setInterval: (run, ms) => globalThis.setInterval(run, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

/**
 * A hold-to-move control: `hold` starts a move (sent at once, then every ptzRepeatMs while held),
 * `release` ends it with one stop. Releasing what is not held sends nothing, so the many ways a
 * hold ends (pointer up, cancel, leave, blur, key up) may all call it. A failed send is the
 * sender's to report; the control carries on.
 */
export function ptzHold(sender: PtzSender, timers: PtzTimers = browserTimers) {
  let held: { direction: PtzDirection; repeat: unknown } | null = null;
  const send = (velocity: PtzVelocity) => void sender.move(velocity).catch(() => undefined);
  return {
    hold(direction: PtzDirection): void {
      if (held?.direction === direction) return;
      if (held) timers.clearInterval(held.repeat);
      const velocity = ptzMoves[direction];
      send(velocity);
      held = { direction, repeat: timers.setInterval(() => send(velocity), ptzRepeatMs) };
    },
    release(): void {
      if (!held) return;
      timers.clearInterval(held.repeat);
      held = null;
      void sender.stop().catch(() => undefined);
    },
    get holding(): PtzDirection | null {
      return held?.direction ?? null;
    },
  };
}

export type PtzHold = ReturnType<typeof ptzHold>;
