import type { Db } from '../db/open-database';
import { refusal, type FieldProblem } from '../kernel/api-error';
import type { LocalText } from '../kernel/locale';
import type { ItemChange } from '../resources/resource-definition';

// No one grants more than they hold. Whoever may manage roles or users could otherwise make
// themself administrator: give their own role every key, take the administrator role, or reset
// the password of a user holding more. So every write to a role or a user is checked against what
// the caller holds: the access keys of their roles, and whether one of them is the built-in
// administrator role (which alone touches administrators and itself, whatever keys one holds).
// A null caller is the operator CLI or the first start: unrestricted.

/** What a user or a role holds. */
interface Holding {
  readonly keys: ReadonlySet<string>;
  /** Holds (or is) the built-in administrator role. */
  readonly administrator: boolean;
}

/** What a target holds beyond the caller; nothing beyond when both are empty / false. */
interface Beyond {
  readonly keys: readonly string[];
  readonly administrator: boolean;
}

interface HeldRole extends Holding {
  readonly name: string;
}

async function rolesHeld(db: Db, roleIds: readonly number[]): Promise<Map<number, HeldRole>> {
  if (roleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('roles')
    .leftJoin('role_access_keys', 'role_access_keys.role_id', 'roles.id')
    .select(['roles.id', 'roles.name', 'roles.builtin', 'role_access_keys.access_key'])
    .where('roles.id', 'in', [...roleIds])
    .execute();
  const found = new Map<number, { name: string; keys: Set<string>; administrator: boolean }>();
  for (const row of rows) {
    const role = found.get(row.id) ?? { name: row.name, keys: new Set(), administrator: row.builtin === 1 };
    if (row.access_key !== null) role.keys.add(row.access_key);
    found.set(row.id, role);
  }
  return found;
}

function unionOf(roles: readonly Holding[]): Holding {
  return {
    keys: new Set(roles.flatMap((role) => [...role.keys])),
    administrator: roles.some((role) => role.administrator),
  };
}

/** What the roles hold together (roles that do not exist hold nothing). */
async function holdingOfRoles(db: Db, roleIds: readonly number[]): Promise<Holding> {
  return unionOf([...(await rolesHeld(db, roleIds)).values()]);
}

/** Each user's role ids (users without a role are left out). */
async function roleIdsOfUsers(db: Db, userIds: readonly number[]): Promise<Map<number, number[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_roles')
    .select(['user_id', 'role_id'])
    .where('user_id', 'in', [...userIds])
    .execute();
  const found = new Map<number, number[]>();
  for (const row of rows) found.set(row.user_id, [...(found.get(row.user_id) ?? []), row.role_id]);
  return found;
}

interface Caller extends Holding {
  readonly roleIds: readonly number[];
}

/** What the caller holds; null for no caller (unrestricted). */
async function callerOf(db: Db, actorId: number | null): Promise<Caller | null> {
  if (actorId === null) return null;
  const roleIds = (await roleIdsOfUsers(db, [actorId])).get(actorId) ?? [];
  return { roleIds, ...(await holdingOfRoles(db, roleIds)) };
}

function beyond(caller: Holding, target: Holding): Beyond {
  return {
    keys: [...target.keys].filter((key) => !caller.keys.has(key)),
    administrator: target.administrator && !caller.administrator,
  };
}

const isBeyond = (found: Beyond) => found.keys.length > 0 || found.administrator;

/** Why the caller may not touch a user or role holding `found` beyond them. */
function beyondMessage(
  target: { readonly what: LocalText; readonly administrator: LocalText },
  found: Beyond,
): LocalText {
  const { what, administrator } = target;
  if (found.administrator) {
    return {
      zh: `${what.zh}${administrator.zh}，只有管理员才能管理`,
      en: `${what.en} ${administrator.en}; only administrators may manage it`,
    };
  }
  return {
    zh: `${what.zh}拥有你没有的权限（${found.keys.join('、')}），你无权管理`,
    en: `${what.en} holds access keys you do not hold (${found.keys.join(', ')}); you may not manage it`,
  };
}

const userNamed = (username: string) => ({
  what: { zh: `用户「${username}」`, en: `user “${username}”` },
  administrator: { zh: '是管理员', en: 'is an administrator' },
});
const roleNamed = (name: string) => ({
  what: { zh: `角色「${name}」`, en: `role “${name}”` },
  administrator: { zh: '是内置管理员角色', en: 'is the built-in administrator role' },
});

/** Joins the messages of several refused items into one problem of `field`. */
function refuseAll(field: string, messages: readonly LocalText[]): void {
  if (messages.length === 0) return;
  throw refusal([
    {
      field,
      message: { zh: messages.map((m) => m.zh).join('；'), en: messages.map((m) => m.en).join('; ') },
    },
  ]);
}

/**
 * Refuses (400 naming `field`) when a role of `ids` holds what the caller does not; answers the
 * roles as stored.
 */
async function refuseRoles(
  db: Db,
  caller: Caller,
  ids: readonly number[],
  field: string,
): Promise<Map<number, HeldRole>> {
  const roles = await rolesHeld(db, ids);
  refuseAll(
    field,
    [...roles.values()].flatMap((role) => {
      const found = beyond(caller, role);
      return isBeyond(found) ? [beyondMessage(roleNamed(role.name), found)] : [];
    }),
  );
  return roles;
}

/**
 * Refuses (400 naming `field`) when a user of `ids` holds what the caller does not. Any change
 * counts: a new phone would let the caller sign in as them by SMS.
 */
async function refuseUsers(db: Db, caller: Caller, ids: readonly number[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const users = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', [...ids])
    .execute();
  const roleIds = await roleIdsOfUsers(db, ids);
  const roles = await rolesHeld(db, [...new Set([...roleIds.values()].flat())]);
  refuseAll(
    field,
    users.flatMap((user) => {
      const held = (roleIds.get(user.id) ?? []).flatMap((roleId) => roles.get(roleId) ?? []);
      const found = beyond(caller, unionOf(held));
      return isBeyond(found) ? [beyondMessage(userNamed(user.username), found)] : [];
    }),
  );
}

/**
 * Role create / update: the role as it was must hold nothing beyond the caller (refused, 400
 * `id`); the keys asked for must all be the caller's, and not change on a role the caller holds.
 */
export async function checkRoleGrant(
  db: Db,
  actorId: number | null,
  change: ItemChange,
): Promise<FieldProblem[]> {
  const caller = await callerOf(db, actorId);
  if (caller === null) return [];
  const { id, input } = change;
  // The keys as stored now: the caller's lock on the accounts came after `before` was read.
  const stored = id === null ? undefined : (await refuseRoles(db, caller, [id], 'id')).get(id);
  const asked = input.accessKeys as readonly string[];
  const problems: FieldProblem[] = [];
  const lacking = asked.filter((key) => !caller.keys.has(key));
  if (lacking.length > 0) {
    problems.push({
      field: 'accessKeys',
      message: {
        zh: `你没有这些权限，不能授予：${lacking.join('、')}`,
        en: `you cannot grant access keys you do not hold: ${lacking.join(', ')}`,
      },
    });
  }
  const storedKeys = stored?.keys ?? new Set<string>();
  const keysChanged = asked.length !== storedKeys.size || asked.some((key) => !storedKeys.has(key));
  if (id !== null && keysChanged && caller.roleIds.includes(id)) {
    problems.push({
      field: 'accessKeys',
      message: {
        zh: '不能修改自己所持角色的权限',
        en: 'you cannot change the access keys of a role you hold yourself',
      },
    });
  }
  return problems;
}

type Refusal = (db: Db, caller: Caller, ids: readonly number[], field: string) => Promise<unknown>;

/** A refusal for a signed-in caller; the operator CLI and the first start (no actor) pass. */
function forActor(refuse: Refusal) {
  return async (db: Db, actorId: number | null, ids: readonly number[], field: string): Promise<void> => {
    const caller = await callerOf(db, actorId);
    if (caller !== null) await refuse(db, caller, ids, field);
  };
}

/** Role delete: refused (400 `field`) for every role holding what the caller does not. */
export const checkRoleRemoval = forActor(refuseRoles);

/** User delete and password reset: refused (400 `field`) for every user holding what the caller does not. */
export const checkUserTargets = forActor(refuseUsers);

/**
 * User create / update: the user as it was must hold nothing beyond the caller (refused, naming
 * `status` for an enabling or disabling, else `id`), nor the roles it would hold (`roleIds`).
 */
export async function checkUserGrant(
  db: Db,
  actorId: number | null,
  change: ItemChange,
): Promise<FieldProblem[]> {
  const caller = await callerOf(db, actorId);
  if (caller === null) return [];
  const { id, before, input } = change;
  if (id !== null && before !== null) {
    await refuseUsers(db, caller, [id], input.status === before.status ? 'id' : 'status');
  }
  return grantProblems(db, caller, input.roleIds as readonly number[], 'roleIds');
}

/** A 400 problem of `field` when the roles hold what the caller does not, so cannot grant. */
async function grantProblems(
  db: Db,
  caller: Caller,
  roleIds: readonly number[],
  field: string,
): Promise<FieldProblem[]> {
  const found = beyond(caller, await holdingOfRoles(db, roleIds));
  if (found.administrator) {
    return [
      {
        field,
        message: {
          zh: '只有管理员才能授予内置管理员角色',
          en: 'only administrators may grant the built-in administrator role',
        },
      },
    ];
  }
  if (found.keys.length === 0) return [];
  return [
    {
      field,
      message: {
        zh: `这些角色拥有你没有的权限，你不能授予：${found.keys.join('、')}`,
        en: `these roles hold access keys you do not hold, which you cannot grant: ${found.keys.join(', ')}`,
      },
    },
  ];
}

/**
 * Directory group mapping create / update: a mapping grants its role to every member of the
 * group, so the role it maps to must hold nothing beyond the caller (400 `roleId`), nor the one it
 * mapped to before (refused, 400 `id`): taking a role away is managing it too.
 */
export async function checkRoleMapping(
  db: Db,
  actorId: number | null,
  change: ItemChange,
): Promise<FieldProblem[]> {
  const caller = await callerOf(db, actorId);
  if (caller === null) return [];
  if (change.before !== null) await refuseRoles(db, caller, [change.before.roleId as number], 'id');
  return grantProblems(db, caller, [change.input.roleId as number], 'roleId');
}
