import { describe, expect, it } from 'vitest';
import { dataDirBefore } from '../../test-support/migrations';
import { openDatabase } from '../open-database';

const name = '0037-notify-authors-and-sms-budget';
const now = '2030-01-01T08:00:00.000Z';

describe(`migration ${name}`, () => {
  it('gives the rules written before it to the first enabled administrator, so they keep forwarding', async () => {
    const dataDir = await dataDirBefore(name, (sqlite) => {
      const user = sqlite.prepare(
        `insert into users (username, name, status, password_hash, created_at) values (?, ?, ?, 'x', ?)`,
      );
      for (const [username, status] of [
        ['old-admin', 'disabled'],
        ['notifier', 'enabled'],
        ['admin', 'enabled'],
      ])
        user.run(username, username, status, now);
      sqlite
        .prepare(
          `insert into roles (code, name, description, builtin, created_at, updated_at)
           values ('admin', 'admin', '', 1, ?, ?), ('notify', 'notify', '', 0, ?, ?)`,
        )
        .run(now, now, now, now);
      sqlite.exec('insert into user_roles (user_id, role_id) values (1, 1), (2, 2), (3, 1)');
      sqlite
        .prepare(
          `insert into notify_rules (name, enabled, min_level, from_time, to_time, cooldown_seconds,
             webhook_kind, created_at, updated_at)
           values ('夜间', 1, 'low', '00:00', '00:00', 0, 'none', ?, ?)`,
        )
        .run(now, now);
      sqlite.prepare(`insert into sms_sends (address, at) values ('10.0.0.1', ?)`).run(now);
    });

    const db = await openDatabase(dataDir);
    try {
      expect(await db.selectFrom('notify_rules').select(['created_by', 'updated_by']).execute()).toEqual([
        { created_by: 3, updated_by: 3 },
      ]);
      expect(await db.selectFrom('sms_sends').select(['address', 'phone']).execute()).toEqual([
        { address: '10.0.0.1', phone: '' },
      ]);
      // The author's account gone, the rule has none, and forwards nothing.
      await db.deleteFrom('user_roles').where('user_id', '=', 3).execute();
      await db.deleteFrom('users').where('id', '=', 3).execute();
      expect(await db.selectFrom('notify_rules').select('updated_by').execute()).toEqual([
        { updated_by: null },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
