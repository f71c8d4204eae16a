/** ffmpeg processes on camera streams at most at once, without CFOP_LIVE_MAX_STREAMS. */
export const defaultLiveMaxStreams = 16;

/** A held ffmpeg slot; release it once its process has ended (releasing twice is harmless). */
export interface StreamSlot {
  release(): void;
}

/**
 * The server's one budget of ffmpeg processes reading camera streams (CFOP_LIVE_MAX_STREAMS): live
 * views and frame grabs draw on it alike, so no mix of them runs more ffmpeg than that.
 */
export interface StreamSlots {
  readonly max: number;
  /** A slot now, or null when all are taken (a live view is refused at once). */
  tryTake(): StreamSlot | null;
  /**
   * A slot as soon as one frees, waiting behind at most 8 others for at most `waitMs`;
   * null when the queue is full or the wait ran out (a frame grab answers "busy, retry").
   */
  take(waitMs: number): Promise<StreamSlot | null>;
  inUse(): number;
}

interface Waiter {
  readonly grant: (slot: StreamSlot | null) => void;
}

/** Grabs waiting for a slot beyond these are told to retry at once. */
const queueLength = 8;

export function createStreamSlots(max: number): StreamSlots {
  let used = 0;
  const queue: Waiter[] = [];

  const slot = (): StreamSlot => {
    used += 1;
    let held = true;
    return {
      release() {
        if (!held) return;
        held = false;
        used -= 1;
        // The freed slot goes straight to the longest waiter.
        queue.shift()?.grant(slot());
      },
    };
  };

  return {
    max,
    tryTake: () => (used < max ? slot() : null),
    take(waitMs) {
      if (used < max) return Promise.resolve(slot());
      if (queue.length >= queueLength) return Promise.resolve(null);
      return new Promise((resolve) => {
        const waiter: Waiter = {
          grant(granted) {
            clearTimeout(timer);
            resolve(granted);
          },
        };
        const timer = setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          resolve(null);
        }, waitMs);
        queue.push(waiter);
      });
    },
    inUse: () => used,
  };
}
