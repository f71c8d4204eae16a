import { Readable } from 'node:stream';
import { userAccessKeys } from '../auth/session-grants';
import { alertsIn } from '../alerts/alert-resource';
import type { EventsContext } from './events-context';
import { consoleEventAccess, type ConsoleEventName } from '../../src/generated/console-events';
import type { Lang } from '../kernel/locale';
import { getItems } from '../resources/resource-service';
import type { StatusEvent } from '../cluster/status-event';

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
 * How long a stream lets changes gather before it reads them. Every committed batch of every server
 * tells each stream (a hundred times a second on a busy estate), and a read costs its session and
 * keys checked and two queries: a burst becomes one read in this time, not one per commit. The
 * console shows what arrives four times a second; an alert waits this much more at most.
 */
export const gatherChangesMs = 50;

/** The revision a stream resumes after: the larger of `?after=` and `Last-Event-ID`, or none. */
export function resumeAfter(
  after: number | undefined,
  lastEventId: string | string[] | undefined,
): number | null {
  const fromHeader = typeof lastEventId === 'string' && lastEventId !== '' ? Number(lastEventId) : null;
  const given = [after ?? null, fromHeader].filter((value): value is number => value !== null);
  return given.length === 0 ? null : Math.max(...given);
}

/** Whom a stream is for: the alert stream's caller (its key checked by the pipeline), or a console's user. */
export type StreamAudience = { readonly alertsOnly: true } | { readonly userId: number };

/**
 * The live alert stream: every alert raised or handled after revision `after` (null: after the
 * latest one now), in revision order, as `id: <revision>` / `event: alert` / `data: <Alert>`; then
 * each change as it happens, until the client goes or the app closes.
 */
export function alertEventStream(ctx: EventsContext, after: number | null, lang: Lang): Readable {
  return consoleEventStream(ctx, after, lang, { alertsOnly: true });
}

/**
 * The console's one event stream: the alert stream's events, and the status changes of cameras and
 * AI servers as they happen (not replayed), each sent only while the user holds one of its keys.
 */
export function consoleEventStream(
  ctx: EventsContext,
  after: number | null,
  lang: Lang,
  audience: StreamAudience,
): Readable {
  // The keys asked again before each batch: a key taken away stops its events at once.
  const mayGet = async (): Promise<(event: ConsoleEventName) => boolean> => {
    if ('alertsOnly' in audience) return (event) => event === 'alert';
    const keys = await userAccessKeys(ctx.db, audience.userId);
    return (event) => consoleEventAccess[event].some((key) => keys.has(key));
  };
  let last = after;
  let reading = false;
  let readAgain = false;
  const stream = new Readable({ read() {} });
  const send = (text: string) => {
    if (!stream.destroyed) stream.push(text);
  };

  const endStream = (error: unknown) => stream.destroy(error as Error);
  /** `failed` is told of a read that failed; by default the stream ends with it. */
  const sendChanges = async (failed: (error: unknown) => void = endStream) => {
    // Before start() knows where to begin, a change is left to the read start() makes.
    if (last === null) return;
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    try {
      if (!(await mayGet())('alert')) {
        // Nothing to send now; a key granted later starts from then, not from the stream's start.
        last = await latestRevision();
        return;
      }
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
      failed(error);
    } finally {
      reading = false;
    }
  };

  const latestRevision = async () => {
    const row = await ctx.db
      .selectFrom('alerts')
      .select((eb) => eb.fn.max('revision').as('latest'))
      .executeTakeFirst();
    return Number(row?.latest ?? 0);
  };

  const start = async () => {
    last ??= await latestRevision();
    send(`retry: ${retryMs}\n: connected\n\n`);
    await sendChanges();
  };

  const sendStatuses = async (events: readonly StatusEvent[]) => {
    const may = await mayGet();
    const text = events
      .filter((status) => may(status.event))
      .map((status) => `event: ${status.event}\ndata: ${JSON.stringify(status.data)}\n\n`);
    if (text.length > 0) send(text.join(''));
  };

  let gathering: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = ctx.alertFeed.subscribe(() => {
    gathering ??= setTimeout(() => {
      gathering = undefined;
      void sendChanges();
    }, gatherChangesMs);
  });
  const unstatus =
    'alertsOnly' in audience
      ? () => undefined
      : ctx.statusFeed.subscribe((events) => {
          sendStatuses(events).catch(endStream);
        });
  const unclose = ctx.alertFeed.onClose(() => stream.push(null));
  // Each heartbeat also reads what changed: a notice lost on its way (a server's NOTIFY that failed
  // as the database went away, a listener reconnecting) delays an alert by one beat, never for good.
  // That read failing (the database away) leaves the stream open for the next beat to try again.
  const heartbeat = setInterval(() => {
    send(': keep-alive\n\n');
    void sendChanges(() => undefined);
  }, streamHeartbeatMs);
  stream.on('close', () => {
    clearInterval(heartbeat);
    clearTimeout(gathering);
    unsubscribe();
    unstatus();
    unclose();
  });
  start().catch(endStream);
  return stream;
}
