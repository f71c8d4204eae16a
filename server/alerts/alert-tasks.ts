import type { FastifyBaseLogger } from 'fastify';
import type { AlertsContext } from './alerts-context';
import { runEvery } from '../background-tasks';
import { later } from '../kernel/clock';
import { deleteFileRows } from '../files/file-packs';
import { fileKey } from '../files/file-keys';
import { domainPlugin } from '../operations/domain-plugin';
import type { FileStorage } from '../storage/file-storage';
import type { AlertRetentionSettings } from './alert-settings';
import { countedColumns } from './alert-hooks';
import { markSilentServersOffline, snapshotKind } from './alert-ingest';

/**
 * How often silent servers are looked for: one is marked offline at most this long after its limit
 * (CFOP_HEALTH_OFFLINE_AFTER_SECONDS is at least twice this).
 */
const offlineCheckMs = 15_000;

/** How often expired alerts are removed: retention counts in days, so hourly is plenty. */
const retentionSweepMs = 3_600_000;

/** Alerts removed per transaction, so a first sweep over a large backlog does not hold the writer long. */
const retentionBatch = 1000;

/**
 * How long an uploaded snapshot waits for the alert naming it: a box reports it right after the
 * upload and retries within minutes. A box uploading without reporting must not fill the disk for
 * a day, as it would by the unused-file sweep's grace (meant for forms an operator saves later).
 */
export const unshownSnapshotGraceMs = 30 * 60_000;

/** How often unshown snapshots are looked for: each goes at most 40 minutes after its upload. */
const unshownSnapshotSweepMs = 10 * 60_000;

/**
 * Removes alerts that occurred more than `retentionDays` ago, and the snapshots no remaining alert
 * shows (rows, then bytes). Answers how many alerts went.
 */
export async function removeExpiredAlerts(
  ctx: Pick<AlertsContext, 'db' | 'clock' | 'storage' | 'alertHooks'>,
  retentionDays: number,
): Promise<number> {
  const cutoff = later(ctx.clock.now(), -retentionDays * 86_400_000).toISOString();
  let removed = 0;
  for (;;) {
    const gone = await ctx.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('alerts')
        .select(['id', 'snapshot_file_id', ...countedColumns])
        .where('occurred_at', '<', cutoff)
        .orderBy('occurred_at')
        .limit(retentionBatch)
        .execute();
      if (rows.length === 0) return { alerts: 0, files: [] as string[] };
      await trx
        .deleteFrom('alerts')
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
      await ctx.alertHooks.alertsCounted(
        trx,
        rows.map((row) => ({ before: row, after: null })),
      );
      const snapshots = [
        ...new Set(rows.flatMap((row) => (row.snapshot_file_id === null ? [] : [row.snapshot_file_id]))),
      ];
      const stillShown = new Set(
        snapshots.length === 0
          ? []
          : (
              await trx
                .selectFrom('alerts')
                .select('snapshot_file_id')
                .where('snapshot_file_id', 'in', snapshots)
                .execute()
            ).map((row) => row.snapshot_file_id),
      );
      const files = await deleteFileRows(
        trx,
        snapshots.filter((id) => !stillShown.has(id)),
      );
      return { alerts: rows.length, files };
    });
    await removeBytes(ctx.storage, gone.files);
    removed += gone.alerts;
    if (gone.alerts < retentionBatch) return removed;
  }
}

/**
 * Removes the uploaded snapshots created before `before` that no alert names (rows, then bytes).
 * Deleted outright, not set aside: a snapshot is a camera frame the box can send again, never an
 * operator's upload. Answers how many went.
 */
export async function removeUnshownSnapshots(
  ctx: Pick<AlertsContext, 'db' | 'storage'>,
  before: Date,
): Promise<number> {
  const gone = await ctx.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('files')
      .select('id')
      .where('kind', '=', snapshotKind)
      .where('created_at', '<', before.toISOString())
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('alerts').select('alerts.id').whereRef('alerts.snapshot_file_id', '=', 'files.id'),
          ),
        ),
      )
      .execute();
    const found = rows.map((row) => row.id);
    return { count: found.length, files: await deleteFileRows(trx, found) };
  });
  await removeBytes(ctx.storage, gone.files);
  return gone.count;
}

/**
 * After the commit: bytes no row names (names below files/, deleteFileRows's answer); a crash
 * here leaves bytes the unused-file sweep removes.
 */
async function removeBytes(storage: FileStorage, names: readonly string[]): Promise<void> {
  await Promise.all(names.map((name) => storage.delete(fileKey(name))));
}

/**
 * Marks silent AI servers offline and removes expired alerts and unshown snapshots, while the app
 * runs, each once per interval across the servers of one database.
 */
export const alertJobs = domainPlugin(
  'alert jobs',
  (app, { ctx, settings }: { ctx: AlertsContext; settings: AlertRetentionSettings }) => {
    const retentionDays = settings.alertRetentionDays;
    const every = (what: string, everyMs: number, task: (log: FastifyBaseLogger) => Promise<void>) =>
      runEvery(app, ctx.background, what, everyMs, task, ctx.jobs);
    every('marking silent AI servers offline', offlineCheckMs, async (log) => {
      const count = await markSilentServersOffline(ctx);
      if (count === 0) return;
      ctx.alertHooks.alertsCommitted();
      log.info(`${count} AI servers missed their heartbeats: marked offline`);
    });
    every('removing expired alerts', retentionSweepMs, async (log) => {
      const count = await removeExpiredAlerts(ctx, retentionDays);
      if (count > 0) log.info(`removed ${count} alerts older than ${retentionDays} days`);
    });
    every('removing unshown snapshots', unshownSnapshotSweepMs, async (log) => {
      const count = await removeUnshownSnapshots(ctx, later(ctx.clock.now(), -unshownSnapshotGraceMs));
      if (count > 0) log.info(`removed ${count} uploaded snapshots no alert named within 30 minutes`);
    });
  },
);
