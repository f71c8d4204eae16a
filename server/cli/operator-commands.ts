import { parseArgs } from 'node:util';
import { createRole, findRoleIds } from '../accounts/roles';
import { createUser, setPassword } from '../accounts/users';
import { systemClock, type Clock } from '../clock';
import type { StoreConfig } from '../config';
import {
  assertNoProblems,
  createValueCheck,
  InvalidValuesError,
  type ValueCheck,
} from '../contract/value-check';
import type { Db } from '../db/open-database';
import type { FieldProblem } from '../http/api-error';
import { bilingual, type LocalText } from '../http/locale';
import { openStore } from '../open-store';

export interface CliIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

interface CommandContext<Options> {
  readonly db: Db;
  readonly clock: Clock;
  readonly check: ValueCheck;
  readonly options: Options;
}

interface Command {
  readonly usage: string;
  readonly required: readonly string[];
  readonly optional: readonly string[];
  readonly run: (ctx: CommandContext<Readonly<Record<string, string | undefined>>>) => Promise<LocalText>;
}

/** Types a command's options from its lists; the runner has checked every required one is given. */
function defineCommand<R extends string, O extends string = never>(spec: {
  usage: string;
  required: readonly R[];
  optional?: readonly O[];
  run: (ctx: CommandContext<Readonly<Record<R, string> & Partial<Record<O, string>>>>) => Promise<LocalText>;
}): Command {
  return { optional: [], ...spec, run: spec.run as Command['run'] };
}

/** Free-text names have no schema in openapi.yaml; this keeps them sane for the screens that show them. */
const maxNameLength = 64;

const commands: Record<string, Command> = {
  'role:create': defineCommand({
    usage: 'role:create --code C --name N --keys KEY.A,KEY.B [--description D]',
    required: ['code', 'name', 'keys'],
    optional: ['description'],
    async run({ db, check, options }) {
      const keys = listOf(options.keys);
      assertNoProblems([
        ...nameRule(options.code, '--code'),
        ...nameRule(options.name, '--name'),
        ...keys.flatMap((key) => check('AccessKey', key, `--keys ${key}`)),
      ]);
      if ((await findRoleIds(db, [options.code])).size > 0) {
        throwOne('--code', `角色 ${options.code} 已存在`, `role ${options.code} already exists`);
      }
      await createRole(db, {
        code: options.code,
        name: options.name,
        description: options.description,
        accessKeys: keys,
      });
      return {
        zh: `已创建角色 ${options.code}（${keys.length} 个权限）`,
        en: `Created role ${options.code} (${keys.length} access keys)`,
      };
    },
  }),

  'user:create': defineCommand({
    usage: 'user:create --username U --name N [--phone P] --password P --roles C1,C2',
    required: ['username', 'name', 'password', 'roles'],
    optional: ['phone'],
    async run({ db, clock, check, options }) {
      const { username, name, password } = options;
      const phone = options.phone ?? null;
      const roles = listOf(options.roles);
      assertNoProblems([
        ...check('Username', username, '--username'),
        ...nameRule(name, '--name'),
        ...(phone === null ? [] : check('Phone', phone, '--phone')),
        ...check('NewPassword', password, '--password'),
      ]);
      const roleIds = await findRoleIds(db, roles);
      const missing = roles.filter((code) => !roleIds.has(code));
      if (missing.length > 0)
        throwOne('--roles', `角色不存在：${missing.join('、')}`, `no such role: ${missing.join(', ')}`);
      const taken = await db
        .selectFrom('users')
        .select('username')
        .where((eb) => eb.or([eb('username', '=', username), eb('phone', '=', phone)]))
        .executeTakeFirst();
      if (taken?.username === username)
        throwOne('--username', `用户 ${username} 已存在`, `user ${username} already exists`);
      if (taken)
        throwOne('--phone', `手机号 ${phone} 已属于其他用户`, `phone ${phone} belongs to another user`);
      await createUser(db, clock, { username, name, phone, password, roleIds: [...roleIds.values()] });
      return {
        zh: `已创建用户 ${username}（角色：${roles.join('、')}）`,
        en: `Created user ${username} (roles: ${roles.join(', ')})`,
      };
    },
  }),

  'user:password': defineCommand({
    usage: 'user:password --username U --password P',
    required: ['username', 'password'],
    async run({ db, clock, check, options }) {
      const { username, password } = options;
      assertNoProblems(check('NewPassword', password, '--password'));
      const user = await db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('username', '=', username)
        .executeTakeFirst();
      if (!user) throwOne('--username', `用户 ${username} 不存在`, `no user named ${username}`);
      await setPassword(db, clock, user, password);
      return {
        zh: `已为 ${username} 设置新密码，并结束其全部会话`,
        en: `Set a new password for ${username} and ended all of their sessions`,
      };
    },
  }),
};

/** Runs one operator command on the data folder; answers the process exit code. */
export async function runOperatorCommand(
  args: readonly string[],
  config: StoreConfig,
  io: CliIo,
): Promise<number> {
  const [name, ...rest] = args;
  const command = name === undefined ? undefined : commands[name];
  if (!command) {
    io.err(bilingual({ zh: `未知命令：${name ?? '（无）'}`, en: `Unknown command: ${name ?? '(none)'}` }));
    for (const known of Object.values(commands)) io.err(`  npx tsx server/cli.ts ${known.usage}`);
    return 1;
  }
  try {
    const options = readOptions(command, rest);
    const clock = systemClock;
    const { db, contract } = await openStore({
      ...config,
      clock,
      admin: { ...config.admin, announce: io.out },
    });
    try {
      io.out(bilingual(await command.run({ db, clock, check: createValueCheck(contract), options })));
    } finally {
      await db.destroy();
    }
    return 0;
  } catch (error) {
    if (!(error instanceof InvalidValuesError)) throw error;
    io.err(error.message);
    io.err(`  npx tsx server/cli.ts ${command.usage}`);
    return 1;
  }
}

function readOptions(command: Command, args: readonly string[]): Record<string, string | undefined> {
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({
      args: [...args],
      options: Object.fromEntries(
        [...command.required, ...command.optional].map((o) => [o, { type: 'string' }]),
      ),
      strict: true,
      allowPositionals: false,
    }).values as Record<string, string | undefined>;
  } catch (error) {
    const reason = (error as Error).message;
    throwOne('args', reason, reason);
  }
  assertNoProblems(
    command.required
      .filter((option) => !values[option]?.trim())
      .map((option) => ({ field: `--${option}`, message: { zh: '必填', en: 'is required' } })),
  );
  return values;
}

function listOf(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function nameRule(value: string, field: string): FieldProblem[] {
  if (value.length <= maxNameLength) return [];
  const message = {
    zh: `长度不能超过 ${maxNameLength} 个字符`,
    en: `must be at most ${maxNameLength} characters`,
  };
  return [{ field, message }];
}

function throwOne(field: string, zh: string, en: string): never {
  throw new InvalidValuesError([{ field, message: { zh, en } }]);
}
