import { describe, expect, it } from 'vitest';
import { dataDirBefore } from '../../test-support/migrations';
import { openDatabase } from '../open-database';

const name = '0015-alert-sources';
const now = '2030-01-01T08:00:00.000Z';

describe(`migration ${name}`, () => {
  it('keeps the alerts written before it as AI detections, labelled alike in both languages', async () => {
    const dataDir = await dataDirBefore(name, (sqlite) => {
      sqlite
        .prepare(
          `insert into alerts (ai_server_name, camera_name, label, level, confidence, occurred_at, received_at, revision)
           values ('边缘盒子-1', '北门-1', '吸烟', 'high', 0.9, ?, ?, 1)`,
        )
        .run(now, now);
    });

    const db = await openDatabase(dataDir);
    try {
      expect(await db.selectFrom('alerts').select(['label', 'label_en', 'source', 'type']).execute()).toEqual(
        [{ label: '吸烟', label_en: '吸烟', source: 'ai', type: 'detection' }],
      );
      await expect(
        db
          .updateTable('alerts')
          .set({ source: 'weather' as 'ai' })
          .execute(),
      ).rejects.toThrow(/CHECK/);
    } finally {
      await db.destroy();
    }
  });
});
