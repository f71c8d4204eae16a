import { statfs } from 'node:fs/promises';
import { Gauge, type Registry } from 'prom-client';
import type { LiveContext } from '../live/live-context';
import type { PlatformContext } from '../operations/platform-context';
import type { RecordingContext } from '../recording/recording-context';
import { poolUse } from '../db/open-database';
import { withinTime } from '../kernel/within-time';
import { sharedRun } from './shared-run';

/** What a scrape reads of the database, in one statement; null when it did not answer in time. */
interface StoredFigures {
  readonly outboxPending: number;
  readonly oldestDueAt: string | null;
  readonly recordingBytes: number;
}

/** What the figures are read from: the stores, and the live views and recorders running here. */
export type FigureSources = Pick<PlatformContext, 'db' | 'clock' | 'dataDir' | 'storage'> &
  Pick<LiveContext, 'live'> &
  Pick<RecordingContext, 'recordings'>;

/**
 * The figures read from the app's state at each scrape: live relays and recorders running, the
 * notification outbox's depth and the age of its oldest due message, recordings' bytes, free
 * space, the PostgreSQL pool. The database's figures take one statement per scrape, bounded by
 * `timeoutMs`: a database that does not answer leaves them out of the scrape, never stalls it.
 */
export function addAppFigures(registry: Registry, ctx: FigureSources, timeoutMs: number): void {
  const registers = [registry];
  const gauge = (
    name: string,
    help: string,
    collect: (gauge: Gauge) => void | Promise<void>,
    labelNames: string[] = [],
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        this.reset();
        await collect(this);
      },
    });
  const stored = sharedRun(() => withinTime(readStoredFigures(ctx), timeoutMs).catch(() => null));
  gauge('cfop_live_relays', 'Live view relays (one ffmpeg each) running or starting on this server', (g) =>
    g.set(ctx.live.running().length),
  );
  gauge('cfop_recorders', 'Camera recorders (one ffmpeg each) running on this server', (g) =>
    g.set(ctx.recordings.recording().length),
  );
  gauge(
    'cfop_notification_outbox_pending',
    'Notification messages not sent yet, due or waiting for a cool-down',
    async (g) => {
      const figures = await stored();
      if (figures) g.set(figures.outboxPending);
    },
  );
  gauge(
    'cfop_notification_outbox_oldest_due_seconds',
    'How long the oldest due notification message has waited to be sent (0: none is late)',
    async (g) => {
      const figures = await stored();
      if (!figures) return;
      const due = figures.oldestDueAt === null ? null : Date.parse(figures.oldestDueAt);
      g.set(due === null ? 0 : Math.max(0, (ctx.clock.now().getTime() - due) / 1000));
    },
  );
  gauge(
    'cfop_recording_bytes',
    'Bytes of the stored recording segments (all servers of the database)',
    async (g) => {
      const figures = await stored();
      if (figures) g.set(figures.recordingBytes);
    },
  );
  gauge(
    'cfop_disk_free_bytes',
    'Bytes free for the server: in DATA_DIR (folder="data") and where files and recordings are stored (folder="storage")',
    async (g) => {
      const [data, storage] = await Promise.allSettled([freeBytes(ctx.dataDir), ctx.storage.freeBytes()]);
      if (data.status === 'fulfilled') g.set({ folder: 'data' }, data.value);
      if (storage.status === 'fulfilled') g.set({ folder: 'storage' }, storage.value);
    },
    ['folder'],
  );
  gauge(
    'cfop_db_pool_connections',
    "The PostgreSQL pool's connections (state: in_use, idle) and queries waiting for one (state: waiting)",
    (g) => {
      const use = poolUse(ctx.db);
      if (!use) return;
      g.set({ state: 'in_use' }, use.total - use.idle);
      g.set({ state: 'idle' }, use.idle);
      g.set({ state: 'waiting' }, use.waiting);
    },
    ['state'],
  );
}

async function freeBytes(folder: string): Promise<number> {
  const disk = await statfs(folder);
  return disk.bavail * disk.bsize;
}

async function readStoredFigures({ db }: FigureSources): Promise<StoredFigures> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('notification_outbox')
        .where('status', '=', 'pending')
        .select((count) => count.fn.countAll<number | string>().as('n'))
        .as('pending'),
      eb
        .selectFrom('notification_outbox')
        .where('status', '=', 'pending')
        .select((oldest) => oldest.fn.min<string | null>('due_at').as('due'))
        .as('oldest_due'),
      eb
        .selectFrom('recording_segments')
        .select((sum) => sum.fn.sum<number | string | null>('bytes').as('bytes'))
        .as('recording_bytes'),
    ])
    .executeTakeFirstOrThrow();
  return {
    outboxPending: Number(row.pending ?? 0),
    oldestDueAt: row.oldest_due ?? null,
    recordingBytes: Number(row.recording_bytes ?? 0),
  };
}
