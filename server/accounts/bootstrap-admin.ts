import { randomInt } from 'node:crypto';
import type { Clock } from '../clock';
import type { Contract } from '../contract/load-contract';
import { assertNoProblems, createValueCheck, type ValueCheck } from '../contract/value-check';
import type { Db } from '../db/open-database';
import { syncAdminRole } from './roles';
import { countUsers, createUser } from './users';

export interface AdminBootstrap {
  /** CFOP_ADMIN_PASSWORD; without it a strong password is generated and announced once. */
  readonly password?: string | undefined;
  /** CFOP_ADMIN_PHONE */
  readonly phone?: string | undefined;
  readonly announce: (text: string) => void;
}

export const adminUser = { username: 'admin', name: '系统管理员' } as const;

/**
 * Run on every open of the data folder: the administrator role holds every key of the contract,
 * and a data folder without users gets the administrator account.
 */
export async function prepareAccounts(
  db: Db,
  clock: Clock,
  contract: Contract,
  admin: AdminBootstrap,
): Promise<void> {
  const adminRoleId = await syncAdminRole(db, contract.accessKeys);
  if ((await countUsers(db)) > 0) return;
  const check = createValueCheck(contract);
  assertNoProblems([
    ...(admin.password === undefined ? [] : check('NewPassword', admin.password, 'CFOP_ADMIN_PASSWORD')),
    ...(admin.phone === undefined ? [] : check('Phone', admin.phone, 'CFOP_ADMIN_PHONE')),
  ]);
  const password = admin.password ?? generatePassword(check);
  await createUser(db, clock, { ...adminUser, phone: admin.phone ?? null, password, roleIds: [adminRoleId] });
  if (admin.password === undefined) admin.announce(passwordNotice(password));
}

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 20 characters without look-alikes (≈ 116 bits), redrawn until the contract's NewPassword accepts it. */
function generatePassword(check: ValueCheck): string {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const password = Array.from({ length: 20 }, () => alphabet[randomInt(alphabet.length)]).join('');
    if (check('NewPassword', password, 'password').length === 0) return password;
  }
  throw new Error('components.schemas.NewPassword rejects every generated password; set CFOP_ADMIN_PASSWORD');
}

function passwordNotice(password: string): string {
  const rule = '='.repeat(72);
  return [
    rule,
    `  初始管理员 / Initial administrator   用户名 / User name: ${adminUser.username}`,
    `  密码 / Password: ${password}`,
    '  只显示这一次：请立即保存，登录后修改。/ Shown only once: store it now, change it after signing in.',
    rule,
    '',
  ].join('\n');
}
