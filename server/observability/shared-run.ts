/**
 * `run`, shared by every caller that asks while it is under way: however often probes and scrapes
 * come, and however long the database takes to answer, one run at a time, never a pile of them.
 */
export function sharedRun<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= run().finally(() => (running = null));
    return running;
  };
}

/** Why `withinTime` gave up: the work may still be running, shared with the next caller. */
export class TimedOut extends Error {
  override name = 'TimedOut';
}

/** `work`'s outcome, or a TimedOut rejection after `ms`. */
export function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
