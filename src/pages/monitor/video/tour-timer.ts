/**
 * How long a tour stays paused after the operator's last touch of the wall (a click, a key, the
 * wheel): long enough to look at a pane, to steer a camera or to read an alert without the page
 * turning under the pointer.
 */
export const tourIdleMs = 10_000;

export interface TourTimer {
  /** The operator touched the wall: pause until `idleMs` pass without another touch. */
  interact(): void;
  /** Pause while held (a pane full screen), whatever the touches. */
  hold(held: boolean): void;
  stop(): void;
}

/**
 * Turns a tour's pages: `advance` every `everyMs` while nothing pauses it. Resumed, the page shown
 * then stays a whole interval, so the operator's pane does not change the moment they let go.
 */
export function startTourTimer(options: {
  readonly everyMs: number;
  readonly idleMs?: number;
  advance(): void;
  onPause(paused: boolean): void;
}): TourTimer {
  const { everyMs, idleMs = tourIdleMs, advance, onPause } = options;
  let held = false;
  let idle: ReturnType<typeof setTimeout> | null = null;
  let tick: ReturnType<typeof setTimeout> | null = null;
  let shownPaused = false;
  let stopped = false;

  const paused = () => held || idle !== null;
  const schedule = () => {
    tick = setTimeout(() => {
      tick = null;
      advance();
      if (!stopped && !paused()) schedule();
    }, everyMs);
  };
  const update = () => {
    if (stopped) return;
    const now = paused();
    if (now && tick !== null) {
      clearTimeout(tick);
      tick = null;
    } else if (!now && tick === null) schedule();
    if (now !== shownPaused) {
      shownPaused = now;
      onPause(now);
    }
  };
  schedule();
  return {
    interact() {
      if (idle !== null) clearTimeout(idle);
      idle = setTimeout(() => {
        idle = null;
        update();
      }, idleMs);
      update();
    },
    hold(next) {
      held = next;
      update();
    },
    stop() {
      stopped = true;
      for (const timer of [idle, tick]) if (timer !== null) clearTimeout(timer);
    },
  };
}
