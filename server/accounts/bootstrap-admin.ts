import type { Clock } from '../kernel/clock';
import type { Contract } from '../contract/load-contract';
import { assertNoProblems, createValueCheck } from '../contract/value-check';
import type { Db } from '../db/open-database';
import { createUser } from './account-service';
import { generatePassword } from './generated-password';
import { syncAdminRole } from './roles';
import { countUsers } from './users';

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
  const adminRoleId = await syncAdminRole(db, clock, contract.accessKeys);
  if ((await countUsers(db)) > 0) return;
  const check = createValueCheck(contract);
  assertNoProblems([
    ...(admin.password === undefined ? [] : check('NewPassword', admin.password, 'CFOP_ADMIN_PASSWORD')),
    ...(admin.phone === undefined ? [] : check('Phone', admin.phone, 'CFOP_ADMIN_PHONE')),
  ]);
  const password = admin.password ?? generatePassword(check);
  await createUser(
    { db, clock, contract },
    {
      ...adminUser,
      phone: admin.phone ?? null,
      email: null,
      status: 'enabled',
      password,
      roleIds: [adminRoleId],
    },
  );
  if (admin.password === undefined) admin.announce(passwordNotice(password));
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
