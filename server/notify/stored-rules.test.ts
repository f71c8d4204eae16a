import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase, type Db } from '../db/open-database';
import { tempDir } from '../test-support/test-app';
import { enabledRulesIn } from './stored-rules';

async function rulesDb(): Promise<Db> {
  const db = await openDatabase(tempDir());
  onTestFinished(() => db.destroy());
  return db;
}

const addRule = async (db: Db, name: string) =>
  (
    await db
      .insertInto('notify_rules')
      .values({
        name,
        enabled: 1,
        labels: '[]',
        min_level: 'low',
        sources: '[]',
        area: '',
        days: '[]',
        from_time: '00:00',
        to_time: '00:00',
        cooldown_seconds: 0,
        webhook_kind: 'json',
        webhook_url: 'https://hooks.example.com/a',
        webhook_secret: '',
        sms_phones: '[]',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

const names = (rules: readonly { name: string }[]) => rules.map((rule) => rule.name);

describe('enabled rules', () => {
  it('are read once per transaction, for every alert it stores', async () => {
    const db = await rulesDb();
    await addRule(db, '夜间闯入');
    await db.transaction().execute(async (trx) => {
      const first = await enabledRulesIn(trx);
      expect(names(first)).toEqual(['夜间闯入']);
      expect(await enabledRulesIn(trx)).toBe(first);
    });
  });

  it('are read again by the next transaction and outside one, so a changed rule counts at once', async () => {
    const db = await rulesDb();
    const id = await addRule(db, '夜间闯入');
    await db.transaction().execute(async (trx) => expect(names(await enabledRulesIn(trx))).toHaveLength(1));
    await db.updateTable('notify_rules').set({ enabled: 0 }).where('id', '=', id).execute();
    await db.transaction().execute(async (trx) => expect(await enabledRulesIn(trx)).toEqual([]));
    expect(await enabledRulesIn(db)).toEqual([]);
    await addRule(db, '越界');
    expect(names(await enabledRulesIn(db))).toEqual(['越界']);
  });
});
