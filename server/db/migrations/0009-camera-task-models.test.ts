import { describe, expect, it } from 'vitest';
import { dataDirBefore } from '../../test-support/migrations';
import { openDatabase } from '../open-database';

const name = '0009-camera-task-models';
const now = '2030-01-01T08:00:00.000Z';

describe(`migration ${name}`, () => {
  it('keeps tasks written before it, with no model; a task naming a model that does not exist is refused', async () => {
    const dataDir = await dataDirBefore(name, (sqlite) => {
      sqlite
        .prepare(
          `insert into cameras (name, code, main_stream_url, vendor, ip, created_at, updated_at)
           values ('北门-01', 'CAM-001', 'rtsp://10.1.0.1/main', 'hikvision', '10.1.0.1', ?, ?)`,
        )
        .run(now, now);
      sqlite
        .prepare(
          `insert into camera_tasks (camera_id, name, confidence_threshold, region, schedule, alert_level, created_at, updated_at)
           values (1, '越界检测', 0.5, '[]', '[]', 'high', ?, ?)`,
        )
        .run(now, now);
    });

    const db = await openDatabase(dataDir);
    try {
      expect(await db.selectFrom('camera_tasks').select(['id', 'name', 'model_id']).execute()).toEqual([
        { id: 1, name: '越界检测', model_id: null },
      ]);
      await expect(
        db.updateTable('camera_tasks').set({ model_id: 9 }).where('id', '=', 1).execute(),
      ).rejects.toThrow(/FOREIGN KEY/);
    } finally {
      await db.destroy();
    }
  });
});
