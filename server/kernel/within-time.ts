/** Why `withinTime` gave up: the work may still be running, and whoever holds it may reuse it. */
export class TimedOut extends Error {
  override name = 'TimedOut';
}

/**
 * `work`'s outcome, or a TimedOut rejection after `ms`. The timer holds no process open: a caller
 * bounding a lookup or a close must not keep a stopping process alive for it.
 */
export function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
