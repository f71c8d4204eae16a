import { describe, expect, it } from 'vitest';
import { dataDirBefore } from '../../test-support/migrations';
import { openDatabase } from '../open-database';

const name = '0008-operation-log-action-names';

describe(`migration ${name}`, () => {
  it('gives entries written before it their operationId as action name in both languages', async () => {
    const dataDir = await dataDirBefore(name, (sqlite) => {
      sqlite
        .prepare(
          `insert into operation_logs (time, ip, action, result, code) values ('2030-01-01T08:00:00.000Z', '127.0.0.1', 'createAiServer', 'success', '0')`,
        )
        .run();
    });

    const db = await openDatabase(dataDir);
    try {
      const rows = await db
        .selectFrom('operation_logs')
        .select(['action', 'action_name_zh', 'action_name_en'])
        .execute();
      expect(rows).toEqual([
        { action: 'createAiServer', action_name_zh: 'createAiServer', action_name_en: 'createAiServer' },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
