import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { databaseFileName } from '../../server/db/open-database';

/** How much the render benchmark seeds: long lists of a large site. */
export const seedSizes = { aiServers: 10_000, cameras: 2_000, areas: 40, alerts: 10_000 } as const;

export const seededModel = { name: '安全帽检测', version: '1.0.0' } as const;

/** The ingest key of seeded AI server `n` (the database keeps only its digest), to raise live alerts. */
export const seededIngestKey = (n: number): string => `server-${n}`;

const labels = ['未戴安全帽', '区域入侵', '烟火', '人员聚集', '车辆违停', '离岗'] as const;
const levels = ['low', 'medium', 'high', 'critical'] as const;

/**
 * Writes the long lists straight into a migrated, empty database (the API would take minutes for
 * 10 000 servers): AI servers, cameras spread over areas and bound to servers, one model the
 * deployment panel opens for, and alerts over the last week.
 */
export function seedLongLists(dataDir: string, now: Date): void {
  const sqlite = new SqliteDatabase(join(dataDir, databaseFileName));
  const at = now.toISOString();
  const server = sqlite.prepare(
    `insert into ai_servers (name, serial_number, ip, port, hardware_model, accelerator_type, channel_capacity,
       software_version, location, status, ingest_key_hash, created_at, updated_at)
     values (?, ?, ?, 8000, 'Atlas 500', 'NPU', 16, '2.1.0', ?, ?, ?, ?, ?)`,
  );
  const camera = sqlite.prepare(
    `insert into cameras (name, code, area, main_stream_url, sub_stream_url, vendor, ip, ai_server_id, status,
       created_at, updated_at)
     values (?, ?, ?, ?, ?, '海康威视', ?, ?, ?, ?, ?)`,
  );
  const alert = sqlite.prepare(
    `insert into alerts (ai_server_id, camera_id, ai_server_name, camera_name, area, task_name, model_name, label,
       level, confidence, boxes, occurred_at, received_at, status, revision)
     values (?, ?, ?, ?, ?, '安全巡检', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const octets = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  sqlite.transaction(() => {
    for (let n = 1; n <= seedSizes.aiServers; n += 1) {
      const hash = createHash('sha256').update(seededIngestKey(n)).digest('hex');
      server.run(
        `AI服务器-${n}`,
        `SN-${n}`,
        octets(n),
        `${n % 50}号机房`,
        n % 3 ? 'online' : 'offline',
        hash,
        at,
        at,
      );
    }
    for (let n = 1; n <= seedSizes.cameras; n += 1) {
      const area = `${(n % seedSizes.areas) + 1}号厂区`;
      const ip = octets(100_000 + n);
      camera.run(
        `摄像头-${n}`,
        `CAM-${n}`,
        area,
        `rtsp://${ip}:554/main`,
        `rtsp://${ip}:554/sub`,
        ip,
        ((n - 1) % seedSizes.aiServers) + 1,
        n % 7 ? 'online' : 'offline',
        at,
        at,
      );
    }
    const week = 7 * 24 * 3600_000;
    for (let n = 1; n <= seedSizes.alerts; n += 1) {
      const cameraId = (n % seedSizes.cameras) + 1;
      const time = new Date(now.getTime() - Math.floor((n / seedSizes.alerts) * week)).toISOString();
      const box = JSON.stringify([
        { x: 0.3, y: 0.2, width: 0.2, height: 0.4, label: labels[n % 6], confidence: 0.9 },
      ]);
      alert.run(
        ((cameraId - 1) % seedSizes.aiServers) + 1,
        cameraId,
        `AI服务器-${cameraId}`,
        `摄像头-${cameraId}`,
        `${(cameraId % seedSizes.areas) + 1}号厂区`,
        `${seededModel.name} ${seededModel.version}`,
        labels[n % labels.length],
        levels[n % levels.length],
        0.6 + (n % 40) / 100,
        box,
        time,
        time,
        n % 5 ? 'pending' : 'confirmed',
        // Each change of an alert takes the next revision (the live stream's order); one each here.
        n,
      );
    }
    const bytes = Buffer.from('bench model weights');
    const file = sqlite
      .prepare(
        `insert into files (kind, name, size, content_type, sha256, created_at)
         values ('uploadModelFile', 'helmet.onnx', ?, 'application/octet-stream', ?, ?)`,
      )
      .run(bytes.length, createHash('sha256').update(bytes).digest('hex'), at);
    mkdirSync(join(dataDir, 'files'), { recursive: true });
    writeFileSync(join(dataDir, 'files', String(file.lastInsertRowid)), bytes);
    sqlite
      .prepare(
        `insert into models (name, algorithm, version, file_id, format, classes, input_size, target_hardware,
           created_at, updated_at)
         values (?, 'helmet', ?, ?, 'ONNX', '["helmet"]', '640x640', 'NPU', ?, ?)`,
      )
      .run(seededModel.name, seededModel.version, file.lastInsertRowid, at, at);
  })();
  sqlite.close();
}
