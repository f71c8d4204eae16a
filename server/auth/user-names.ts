import type { Db } from '../db/open-database';
import type { FieldProblem } from '../kernel/api-error';

/**
 * What tells user names apart: `Admin`, `ADMIN` and the full-width `ａｄｍｉｎ` (typed with a Chinese
 * input method left in full-width mode) are the name `admin`, for taking a name, signing in and
 * counting wrong guesses at it. NFKC folds the widths and compatibility forms; lower case after it
 * stands in for Unicode case folding, which it equals on the names the contract allows (Latin
 * letters, digits, `_ . -`). Stored as users.username_key, unique (0038).
 */
export function usernameKey(username: string): string {
  return username.normalize('NFKC').toLowerCase();
}

export interface NamedUser {
  readonly id: number;
  readonly username: string;
  readonly status: string;
  readonly password_hash: string;
}

/**
 * The user a typed name means: the one named exactly so, else the one whose name has its key. Both
 * exist only for names that looked alike before 0038, which keeps each signing in as it did.
 */
export async function findUserByName(db: Db, typed: string): Promise<NamedUser | undefined> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'status', 'password_hash'])
    .where((eb) => eb.or([eb('username', '=', typed), eb('username_key', '=', usernameKey(typed))]))
    .execute();
  return rows.find((row) => row.username === typed) ?? rows[0];
}

/**
 * A 400 problem on `username` when another user's name differs from it only in case or width (the
 * very same name is the contract's `x-unique` clash, 已存在). A user keeping their name passes: two
 * names that looked alike before 0038 stay until one is renamed. Run under the accounts lock, so
 * the name compared with is the one stored now.
 */
export async function lookAlikeName(
  db: Db,
  username: string,
  userId: number | null,
): Promise<FieldProblem[]> {
  if (userId !== null) {
    const stored = await db
      .selectFrom('users')
      .select('username')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (stored?.username === username) return [];
  }
  let query = db
    .selectFrom('users')
    .select('username')
    .where('username_key', '=', usernameKey(username))
    .where('username', '<>', username);
  if (userId !== null) query = query.where('id', '<>', userId);
  const other = await query.executeTakeFirst();
  if (!other) return [];
  return [
    {
      field: 'username',
      message: {
        zh: `与已有用户「${other.username}」只差大小写或全角半角，请换一个用户名`,
        en: `differs from the existing user “${other.username}” only in letter case or width; choose another user name`,
      },
    },
  ];
}

/**
 * The key stored for a user whose name looked like an older user's when 0038 ran: `#` is no
 * character of a user name, so no name has it as its key.
 */
export const clashedUsernameKey = (key: string, userId: number) => `${key}#${userId}`;

/** Stores the key of a user's new name; a name kept since it clashed in 0038 keeps its clashed key. */
export async function storeUsernameKey(db: Db, userId: number, username: string): Promise<void> {
  const key = usernameKey(username);
  await db
    .updateTable('users')
    .set({ username_key: key })
    .where('id', '=', userId)
    .where('username_key', '<>', clashedUsernameKey(key, userId))
    .execute();
}
