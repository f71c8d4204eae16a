import { Readable } from 'node:stream';
import type { AppContext } from '../app-context';
import type { Lang } from '../http/locale';
import { getItems } from '../resources/resource-service';
import { alertsIn } from './alert-resource';

/**
 * A comment line after this much silence: proxies and the console's stall detector (45 s without a
 * byte) can then tell a quiet stream from a dead one.
 */
export const streamHeartbeatMs = 15_000;

/** Alerts read per query while catching up (a console that was away for a while). */
const batchSize = 200;

/** What the browser waits before reconnecting a dropped stream on its own (`retry:`), in ms. */
const retryMs = 3000;

/**
 * The live stream: every alert raised or handled after revision `after` (null: after the latest one
 * now), in revision order, as `id: <revision>` / `event: alert` / `data: <Alert>`; then each change
 * as it happens, until the client goes or the app closes.
 */
export function alertEventStream(ctx: AppContext, after: number | null, lang: Lang): Readable {
  let last = after;
  let reading = false;
  let readAgain = false;
  const stream = new Readable({ read() {} });
  const send = (text: string) => {
    if (!stream.destroyed) stream.push(text);
  };

  const sendChanges = async () => {
    // Before start() knows where to begin, a change is left to the read start() makes.
    if (last === null) return;
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    try {
      do {
        readAgain = false;
        const rows = await ctx.db
          .selectFrom('alerts')
          .select(['id', 'revision'])
          .where('revision', '>', last ?? 0)
          .orderBy('revision')
          .limit(batchSize)
          .execute();
        const items = await getItems(
          ctx.db,
          alertsIn(ctx),
          rows.map((row) => row.id),
          lang,
        );
        // One chunk per read: the pipeline checks the session once per chunk it passes on.
        const events = items.map(
          (item) => `id: ${item.revision}\nevent: alert\ndata: ${JSON.stringify(item)}\n\n`,
        );
        if (events.length > 0) send(events.join(''));
        last = rows.at(-1)?.revision ?? last;
        if (rows.length === batchSize) readAgain = true;
      } while (readAgain && !stream.destroyed);
    } catch (error) {
      stream.destroy(error as Error);
    } finally {
      reading = false;
    }
  };

  const start = async () => {
    if (last === null) {
      const row = await ctx.db
        .selectFrom('alerts')
        .select((eb) => eb.fn.max('revision').as('latest'))
        .executeTakeFirst();
      last = Number(row?.latest ?? 0);
    }
    send(`retry: ${retryMs}\n: connected\n\n`);
    await sendChanges();
  };

  const unsubscribe = ctx.alertFeed.subscribe(() => void sendChanges());
  const unclose = ctx.alertFeed.onClose(() => stream.push(null));
  const heartbeat = setInterval(() => send(': keep-alive\n\n'), streamHeartbeatMs);
  stream.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
    unclose();
  });
  start().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}
