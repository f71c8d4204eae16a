import { describe, expect, it } from 'vitest';
import { rebuildAlertRollups } from '../../analysis/alert-rollups';
import { dataDirBefore } from '../../test-support/migrations';
import { openDatabase, type Db } from '../open-database';

const name = '0029-alert-hour-rollups';

const rollups = async (db: Db) => ({
  quarters: await db
    .selectFrom('alert_rollups')
    .selectAll()
    .orderBy(['slot_start', 'source', 'level', 'status'])
    .execute(),
  days: await db
    .selectFrom('alert_day_rollups')
    .selectAll()
    .orderBy(['day_start', 'camera_id', 'label', 'status'])
    .execute(),
  hours: await db
    .selectFrom('alert_hour_rollups')
    .selectAll()
    .orderBy(['hour_start', 'camera_id', 'label', 'status'])
    .execute(),
});

describe(`migration ${name}`, () => {
  it('counts the alerts written before it into every rollup, as the dashboard counts them today', async () => {
    const dataDir = await dataDirBefore(name, (sqlite) => {
      const insert = sqlite.prepare(
        `insert into alerts (ai_server_name, camera_name, camera_id, label, label_en, level, confidence, occurred_at, received_at, revision, source, type, status, handled_at)
         values ('AI-1', '北门-1', null, ?, ?, ?, 0.9, ?, ?, ?, ?, 'detection', ?, ?)`,
      );
      const alerts = [
        ['吸烟', 'high', '2030-01-01T08:07:00.000Z', 'ai', 'pending', null],
        ['吸烟', 'high', '2030-01-01T08:14:59.999Z', 'ai', 'confirmed', '2030-01-01T08:20:00.000Z'],
        ['未戴安全帽', 'low', '2030-01-01T09:30:00.000Z', 'ai', 'dismissed', '2030-01-02T00:00:00.000Z'],
        ['AI服务器离线', 'high', '2030-01-02T23:59:00.000Z', 'device', 'pending', null],
      ] as const;
      for (const [n, [label, level, at, source, status, handledAt]] of alerts.entries()) {
        insert.run(label, label, level, at, at, n + 1, source, status, handledAt);
      }
    });
    const db = await openDatabase(dataDir);
    try {
      const migrated = await rollups(db);
      expect(migrated.quarters).toHaveLength(4);
      expect(migrated.days).toHaveLength(4);
      await rebuildAlertRollups(db);
      expect(migrated).toEqual(await rollups(db));
    } finally {
      await db.destroy();
    }
  });
});
