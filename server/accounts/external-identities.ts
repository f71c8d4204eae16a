import type { Db } from '../db/open-database';
import { ApiError } from '../kernel/api-error';
import type { Clock } from '../kernel/clock';
import type { DirectoryAccount, IdentitySource, LinkedUser } from '../auth/external-identity';
import { usernameKey } from '../auth/user-names';
import { lockAccounts } from './account-lock';

// A user of an identity source (an LDAP directory, an OpenID Connect provider) is a console user
// linked to the source by the source's stable id for them: the first sign-in creates the user and
// the link, each later one finds the user by it, never by a name, which the source may give to
// someone else. The source is the truth about the person: each sign-in copies their name, phone and
// email, and gives them exactly the roles their groups map to (目录组映射), so a group left in the
// directory takes its role away at the next sign-in.

/** A password hash no password matches: a linked user signs in through their source only. */
const noLocalPassword = '!external';

export const noMappedGroup = () =>
  new ApiError('403', {
    zh: '您所在的目录组未映射到任何角色，请联系管理员',
    en: 'None of your directory groups is mapped to a role; ask an administrator',
  });

const nameTaken = (username: string) =>
  new ApiError('403', {
    zh: `用户名「${username}」已被本平台的其他账号使用，请联系管理员`,
    en: `The user name “${username}” belongs to another account of this console; ask an administrator`,
  });

/**
 * The console user of `account`: linked, or created and linked on their first sign-in, with the
 * source's name, phone and email and the roles their groups map to. A person in no mapped group is
 * refused (403), and a linked user's roles are taken away then; a first sign-in under a name
 * another user holds is refused (403), never linked to that user.
 */
export async function signInLinkedUser(
  db: Db,
  clock: Clock,
  source: IdentitySource,
  account: DirectoryAccount,
): Promise<LinkedUser> {
  const now = clock.now().toISOString();
  const outcome = await db.transaction().execute(async (trx) => {
    await lockAccounts(trx);
    const roleIds = await mappedRoleIds(trx, source, account.groups);
    const linked = await trx
      .selectFrom('external_identities')
      .select('user_id')
      .where('provider', '=', source.provider)
      .where('subject', '=', account.subject)
      .executeTakeFirst();
    if (!linked && roleIds.length === 0) return { refusal: noMappedGroup() };
    const userId = linked ? linked.user_id : await createLinkedUser(trx, source, account, now);
    if (userId === undefined) return { refusal: nameTaken(account.username) };
    await trx
      .updateTable('external_identities')
      .set({ last_sign_in_at: now })
      .where('provider', '=', source.provider)
      .where('subject', '=', account.subject)
      .execute();
    await applyAttributes(trx, userId, account);
    await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    if (roleIds.length === 0) return { refusal: noMappedGroup() };
    await trx
      .insertInto('user_roles')
      .values(roleIds.map((role_id) => ({ user_id: userId, role_id })))
      .execute();
    const user = await trx
      .selectFrom('users')
      .select(['id', 'username', 'status'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return { user };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.user;
}

async function mappedRoleIds(db: Db, source: IdentitySource, groups: readonly string[]): Promise<number[]> {
  const held = new Set(groups);
  const mappings = await db
    .selectFrom('directory_group_mappings')
    .select(['group_name', 'role_id'])
    .where('provider', '=', source.provider)
    .execute();
  const found = mappings.filter((row) => held.has(source.groupKey(row.group_name)));
  return [...new Set(found.map((row) => row.role_id))];
}

/** Creates the user of a first sign-in and links them; undefined when the name is another user's. */
async function createLinkedUser(
  db: Db,
  source: IdentitySource,
  account: DirectoryAccount,
  now: string,
): Promise<number | undefined> {
  const key = usernameKey(account.username);
  const clash = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('username', '=', account.username), eb('username_key', '=', key)]))
    .executeTakeFirst();
  if (clash) return undefined;
  const { id } = await db
    .insertInto('users')
    .values({
      username: account.username,
      username_key: key,
      name: account.username,
      password_hash: noLocalPassword,
      status: 'enabled',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('external_identities')
    .values({
      provider: source.provider,
      subject: account.subject,
      user_id: id,
      created_at: now,
      last_sign_in_at: now,
    })
    .execute();
  return id;
}

/**
 * Copies the source's name, phone and email onto the user, each only when it is one the console
 * can hold: a phone is a mainland mobile number no other user has (it signs in by SMS), an email
 * fits the contract.
 */
async function applyAttributes(db: Db, userId: number, account: DirectoryAccount): Promise<void> {
  const name = account.name?.trim().slice(0, 64);
  const email = account.email?.trim();
  const phone = mobileNumber(account.phone);
  const phoneTaken =
    phone !== undefined &&
    (await db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', phone)
      .where('id', '<>', userId)
      .executeTakeFirst()) !== undefined;
  const changes = {
    ...(name ? { name } : {}),
    ...(email && email.length <= 128 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? { email } : {}),
    ...(phone !== undefined && !phoneTaken ? { phone } : {}),
  };
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('users').set(changes).where('id', '=', userId).execute();
}

/** `+86 138-0013-8000` → `13800138000`; undefined when it is no mainland mobile number. */
function mobileNumber(text: string | undefined): string | undefined {
  const digits = text?.replace(/[\s()-]/g, '').replace(/^(\+?86)/, '');
  return digits !== undefined && /^1[3-9][0-9]{9}$/.test(digits) ? digits : undefined;
}
