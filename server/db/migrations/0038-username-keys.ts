import { sql, type Kysely } from 'kysely';

/**
 * User names are taken and signed in with without regard to case and width: each user's name as
 * compared (`usernameKey`, as auth/user-names.ts computes it) is stored in users.username_key, unique. The default '' only lets the
 * column be added to a table with rows; the server always writes the key.
 *
 * Names that already look alike (`admin` and a later `Admin`) must neither stop the upgrade nor
 * lose a user: the oldest of them (lowest id) keeps the key, each later one gets it suffixed with
 * its id (`admin#7`, clashedUsernameKey) and keeps
 * signing in with its name typed exactly (and through edits that keep it). Each such clash is written
 * to the operation log, where an administrator sees which user to rename.
 *
 * Wrong passwords counted against a name count against its key from now on: the names the
 * contract allowed are ASCII, so lower() is their key on both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('username_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const { rows: users } = await sql<User>`select id, username from users order by id`.execute(db);
  const holders = new Map<string, User>();
  const clashes: { readonly user: User; readonly holder: User }[] = [];
  for (const user of users) {
    const key = usernameKey(user.username);
    const holder = holders.get(key);
    if (holder) clashes.push({ user, holder });
    else holders.set(key, user);
    const stored = holder ? clashedUsernameKey(key, user.id) : key;
    await sql`update users set username_key = ${stored} where id = ${user.id}`.execute(db);
  }
  await db.schema.createIndex(keyIndex).unique().on('users').column('username_key').execute();
  await sql`update sign_in_attempts set principal = lower(principal) where method = 'password'`.execute(db);
  for (const clash of clashes) await logClash(db, clash.user, clash.holder);
}

interface User {
  readonly id: number;
  readonly username: string;
}

/** A name's key as this migration stores it: NFKC, then lower case. */
const usernameKey = (username: string) => username.normalize('NFKC').toLowerCase();

/** A later look-alike's key: `#` is no character of a user name, so no name has it as its key. */
const clashedUsernameKey = (key: string, userId: number) => `${key}#${userId}`;

/** Not users_username_key: PostgreSQL named the unique constraint on username (0001) so. */
const keyIndex = 'users_username_key_unique';

async function logClash(db: Kysely<unknown>, user: User, holder: User): Promise<void> {
  const entry = {
    time: new Date().toISOString(),
    ip: '',
    area: 'KEY.SYSTEM.USER',
    action: '0038-username-keys',
    action_name_zh: '升级：用户名不再区分大小写与全角半角',
    action_name_en: 'Upgrade: user names compared regardless of case and width',
    target: `#${user.id} ${user.username}`,
    result: 'success',
    code: '0',
    detail_zh: `用户名「${user.username}」与更早的用户 #${holder.id}「${holder.username}」只差大小写或全角半角。两人都保留，「${user.username}」仍须按原样输入才能登录；请为其中一人改名`,
    detail_en: `The user name “${user.username}” differs from the older user #${holder.id} “${holder.username}” only in case or width. Both are kept, and “${user.username}” signs in only typed exactly as it is; rename one of them`,
  };
  const columns = Object.keys(entry).map((column) => sql.ref(column));
  await sql`insert into operation_logs (${sql.join(columns)}) values (${sql.join(Object.values(entry))})`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex(keyIndex).execute();
  await db.schema.alterTable('users').dropColumn('username_key').execute();
}
