import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/open-database';
import { postgresClientConfig, type PostgresTarget } from '../db/postgres-settings';
import type { StatusEvent } from './status-event';

/**
 * What one server tells the others: alerts changed (each stream reads what changed after its last
 * revision, so the notice carries none), status changes of cameras and AI servers (current
 * values, carried whole), sessions ended or access shrunk (each open long-lived answer asks
 * again whether its session still grants it), or a closing server gave up the cameras it recorded
 * (each other server claims them at once rather than at its next sync).
 */
export type ChangeNotice =
  | { readonly kind: 'alerts' }
  | { readonly kind: 'status'; readonly events: readonly StatusEvent[] }
  | { readonly kind: 'access' }
  | { readonly kind: 'recordingReleased' };

/** Tells the other servers on the database of changes, and this one of theirs. */
export interface ChangeChannel {
  /** Sent after the caller's change committed; never to this server's own listeners. */
  publish(notice: ChangeNotice): void;
  /** Calls `listener` with each notice from another server, until the answer is called. */
  subscribe(listener: (notice: ChangeNotice) => void): () => void;
  /** Stops listening; notices published before are sent first. */
  close(): Promise<void>;
}

export const changeChannelName = 'cfop_changes';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a batch is split below that. */
const maxPayloadBytes = 7000;

const firstRetryMs = 100;
const lastRetryMs = 5000;

interface Log {
  info(message: string): void;
  warn(details: object, message: string): void;
}

export interface ChangeChannelOptions {
  /** Where the listening connection goes; it is named `cfop listener <server name>` (application_name). */
  readonly postgres: PostgresTarget;
  /** Where notices are sent from: the app's pool (a NOTIFY is delivered when its statement commits). */
  readonly db: Db;
  readonly log: Log;
}

interface Envelope {
  readonly from: string;
  readonly notice: ChangeNotice;
}

/**
 * PostgreSQL's LISTEN/NOTIFY between the servers of one database: notices go out through the app's
 * pool, one after another so they arrive in the order published, and come in on a connection of
 * their own. That connection is opened again whenever it is lost (a restarted database, a network
 * cut), each try waiting longer up to 5 s; after a loss the local listeners are told that alerts
 * changed, since notices sent meanwhile never came, and each stream then reads what it missed.
 * Status notices sent meanwhile are lost: a console reads statuses again with its rows.
 */
export async function openChangeChannel(options: ChangeChannelOptions): Promise<ChangeChannel> {
  const { db, log } = options;
  const self = randomUUID();
  const listeners = new Set<(notice: ChangeNotice) => void>();
  let sending: Promise<void> = Promise.resolve();
  let client: pg.Client | null = null;
  let closing = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const deliver = (notice: ChangeNotice) => listeners.forEach((listener) => listener(notice));
  const receive = (payload: string | undefined) => {
    try {
      const envelope = JSON.parse(payload ?? '') as Envelope;
      if (envelope.from !== self) deliver(envelope.notice);
    } catch (error) {
      log.warn({ err: error }, `an unreadable notice on ${changeChannelName} was ignored`);
    }
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client(postgresClientConfig(options.postgres, 'listener'));
    // Only a connection that was listening is retried from here; a failed try is retried by its caller.
    let listening = false;
    const onLost = (error?: Error) => {
      if (!listening) return;
      listening = false;
      if (client === next) client = null;
      next.end().catch(() => undefined);
      if (closing) return;
      log.warn({ err: error }, `lost the ${changeChannelName} connection: reconnecting`);
      retry(firstRetryMs);
    };
    next.on('notification', (message) => receive(message.payload));
    next.on('error', onLost);
    next.on('end', () => onLost());
    try {
      await next.connect();
      await next.query(`listen ${changeChannelName}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    listening = true;
    client = next;
  };

  const retry = (waitMs: number) => {
    retryTimer = setTimeout(() => {
      connect().then(
        () => {
          if (closing) return void client?.end().catch(() => undefined);
          log.info(`listening on ${changeChannelName} again`);
          deliver({ kind: 'alerts' });
        },
        () => {
          if (!closing) retry(Math.min(waitMs * 2, lastRetryMs));
        },
      );
    }, waitMs);
    retryTimer.unref();
  };

  // Whether a notice that alerts changed waits to be sent: it tells of every change published
  // before it goes, since it carries none (a NOTIFY per alert cost a statement and a commit each).
  let alertsWaiting = false;
  const send = (payload: string, alerts: boolean) => {
    sending = sending
      .then(() => {
        if (alerts) alertsWaiting = false;
        return sql`select pg_notify(${changeChannelName}, ${payload})`.execute(db);
      })
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, `a notice on ${changeChannelName} was not sent`),
      );
  };

  await connect();
  return {
    publish(notice) {
      if (closing) return;
      const alerts = notice.kind === 'alerts';
      if (alerts && alertsWaiting) return;
      alertsWaiting ||= alerts;
      for (const part of splitNotice(notice)) send(JSON.stringify({ from: self, notice: part }), alerts);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async close() {
      closing = true;
      clearTimeout(retryTimer);
      await sending;
      await client?.end().catch(() => undefined);
    },
  };
}

/** A status batch in parts each small enough for one NOTIFY (a single event always fits). */
function splitNotice(notice: ChangeNotice): ChangeNotice[] {
  if (notice.kind !== 'status') return [notice];
  const parts: StatusEvent[][] = [];
  let part: StatusEvent[] = [];
  let bytes = 0;
  for (const event of notice.events) {
    const size = Buffer.byteLength(JSON.stringify(event));
    if (part.length > 0 && bytes + size > maxPayloadBytes) {
      parts.push(part);
      part = [];
      bytes = 0;
    }
    part.push(event);
    bytes += size;
  }
  if (part.length > 0) parts.push(part);
  return parts.map((events) => ({ kind: 'status', events }));
}
