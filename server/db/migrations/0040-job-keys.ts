import { sql, type Kysely } from 'kysely';

/**
 * Viewing, handling and exporting alerts, and live video, playback and video export, became keys of
 * their own. Each role keeps what it could do: one holding the key that used to let it do a job now
 * also holds the job's new key. Until now KEY.CENTER.AIWARN handled, exported and downloaded alert
 * clips, and KEY.CENTER.VIDEO played recordings back. The built-in administrator gets every key at
 * each start anyway (syncAdminRole).
 */
const keysGained: Readonly<Record<string, readonly string[]>> = {
  'KEY.CENTER.AIWARN': ['KEY.CENTER.AIWARN.HANDLE', 'KEY.CENTER.AIWARN.EXPORT', 'KEY.CENTER.VIDEO.EXPORT'],
  'KEY.CENTER.VIDEO': ['KEY.CENTER.PLAYBACK'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [held, gained] of Object.entries(keysGained)) {
    for (const key of gained) {
      // No role holds a new key yet: the older server refused keys outside its AccessKey list.
      await sql`
        insert into role_access_keys (role_id, access_key)
        select role_id, ${key} from role_access_keys where access_key = ${held}`.execute(db);
    }
  }
}

/** Back to one key per area: the new keys mean nothing to the older server. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const added = Object.values(keysGained).flat();
  await sql`delete from role_access_keys where access_key in (${sql.join(added)})`.execute(db);
}
