import type { components } from '../../src/generated/openapi';
import { parseArgs } from 'node:util';
import { createRole, createUser, type AccountStore } from '../accounts/account-service';
import { findRoleIds } from '../accounts/roles';
import { rebuildAlertRollups } from '../analysis/alert-rollups';
import { withoutStatementTimeout } from '../db/postgres-settings';
import { findUserByName } from '../auth/user-names';
import { setPassword } from '../accounts/users';
import { systemClock } from '../kernel/clock';
import type { StoreConfig } from '../config';
import {
  assertNoProblems,
  createValueCheck,
  InvalidValuesError,
  type ValueCheck,
} from '../contract/value-check';
import { ApiError, type FieldProblem } from '../kernel/api-error';
import { DataFolderError } from '../kernel/data-folder-error';
import { bilingual, type LocalText } from '../kernel/locale';
import { openStore } from '../open-store';
import { backupCommands, type DataCommand } from '../backup/backup-commands';

export interface CliIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

interface CommandContext<Options> {
  readonly store: AccountStore;
  readonly check: ValueCheck;
  readonly options: Options;
}

interface Command {
  readonly usage: string;
  readonly required: readonly string[];
  readonly optional: readonly string[];
  readonly flags?: undefined;
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

/**
 * Runs a write of the account service, naming a refused field the way the operator typed it
 * (`--code`, not the contract's `code`).
 */
async function asCommandLine<T>(rename: (field: string) => string, write: () => Promise<T>): Promise<T> {
  const problemsAs = (problems: readonly FieldProblem[]) =>
    problems.map((problem) => ({ ...problem, field: rename(problem.field) }));
  try {
    return await write();
  } catch (error) {
    if (error instanceof ApiError && error.fieldProblems.length > 0) {
      throw new InvalidValuesError(problemsAs(error.fieldProblems));
    }
    if (error instanceof InvalidValuesError) throw new InvalidValuesError(problemsAs(error.problems));
    throw error;
  }
}

/**
 * Checks a command's body against its openapi.yaml schema, as the matching operation would; past
 * the check the body is the contract's type for that schema.
 */
function checkBody<Name extends keyof components['schemas']>(
  check: ValueCheck,
  schema: Name,
  body: unknown,
): asserts body is components['schemas'][Name] {
  assertNoProblems(check(schema, body, 'body'));
}

const commands: Record<string, Command> = {
  'role:create': defineCommand({
    usage: 'role:create --code C --name N --keys KEY.A,KEY.B [--description D]',
    required: ['code', 'name', 'keys'],
    optional: ['description'],
    async run({ store, check, options }) {
      const keys = listOf(options.keys);
      const input = {
        code: options.code,
        name: options.name,
        ...(options.description === undefined ? {} : { description: options.description }),
        accessKeys: keys,
      };
      const rename = (field: string) =>
        field
          .replace(/^accessKeys\[(\d+)\]/, (_all, index: string) => `--keys ${keys[Number(index)]}`)
          .replace(/^accessKeys$/, '--keys')
          .replace(/^(code|name|description)$/, '--$1');
      await asCommandLine(rename, async () => {
        checkBody(check, 'RoleInput', input);
        await createRole(store, input);
      });
      return {
        zh: `已创建角色 ${options.code}（${keys.length} 个权限）`,
        en: `Created role ${options.code} (${keys.length} access keys)`,
      };
    },
  }),

  'user:create': defineCommand({
    usage: 'user:create --username U --name N [--phone P] [--email E] --password P --roles C1,C2',
    required: ['username', 'name', 'password', 'roles'],
    optional: ['phone', 'email'],
    async run({ store, check, options }) {
      const roles = listOf(options.roles);
      const roleIds = await findRoleIds(store.db, roles);
      const missing = roles.filter((code) => !roleIds.has(code));
      if (missing.length > 0)
        throwOne('--roles', `角色不存在：${missing.join('、')}`, `no such role: ${missing.join(', ')}`);
      const input = {
        username: options.username,
        name: options.name,
        phone: options.phone ?? null,
        email: options.email ?? null,
        status: 'enabled' as const,
        roleIds: [...roleIds.values()],
        password: options.password,
      };
      const rename = (field: string) =>
        field.replace(/^roleIds.*$/, '--roles').replace(/^(username|name|phone|email|password)$/, '--$1');
      await asCommandLine(rename, async () => {
        checkBody(check, 'UserCreateInput', input);
        await createUser(store, input);
      });
      return {
        zh: `已创建用户 ${options.username}（角色：${roles.join('、')}）`,
        en: `Created user ${options.username} (roles: ${roles.join(', ')})`,
      };
    },
  }),

  'user:password': defineCommand({
    usage: 'user:password --username U --password P',
    required: ['username', 'password'],
    async run({ store: { db, clock }, check, options }) {
      const { username, password } = options;
      assertNoProblems(check('NewPassword', password, '--password'));
      const user = await findUserByName(db, username);
      if (!user) throwOne('--username', `用户 ${username} 不存在`, `no user named ${username}`);
      await setPassword(db, clock, user, password);
      return {
        zh: `已为 ${user.username} 设置新密码，并结束其全部会话`,
        en: `Set a new password for ${user.username} and ended all of their sessions`,
      };
    },
  }),

  'alerts:rebuild-rollups': defineCommand({
    usage: 'alerts:rebuild-rollups',
    required: [],
    async run({ store: { db } }) {
      // One transaction: the dashboard reads the old counts or the new ones, never half of each.
      const counted = await db.transaction().execute(async (trx) => {
        await withoutStatementTimeout(trx);
        return rebuildAlertRollups(trx);
      });
      return {
        zh: `已按 ${counted} 条告警重建运营看板的统计`,
        en: `Rebuilt the operations dashboard's counts from ${counted} alerts`,
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
  const command = name === undefined ? undefined : (commands[name] ?? backupCommands[name]);
  if (!command) {
    io.err(bilingual({ zh: `未知命令：${name ?? '（无）'}`, en: `Unknown command: ${name ?? '(none)'}` }));
    for (const known of [...Object.values(commands), ...Object.values(backupCommands)])
      io.err(`  npx tsx server/cli.ts ${known.usage}`);
    return 1;
  }
  try {
    const options = readOptions(command, rest);
    io.out(
      bilingual(
        'runOnData' in command
          ? await command.runOnData(config, options)
          : // A store command has no flags: its options are strings.
            await runOnStore(command, config, io, options as Record<string, string | undefined>),
      ),
    );
    return 0;
  } catch (error) {
    if (error instanceof DataFolderError) {
      io.err(error.message);
      return 1;
    }
    if (!(error instanceof InvalidValuesError)) throw error;
    io.err(error.message);
    io.err(`  npx tsx server/cli.ts ${command.usage}`);
    return 1;
  }
}

/** Opens the data folder's store (migrating it) for the command, and closes it after. */
async function runOnStore(
  command: Command,
  config: StoreConfig,
  io: CliIo,
  options: Readonly<Record<string, string | undefined>>,
): Promise<LocalText> {
  const clock = systemClock;
  const { db, contract } = await openStore({
    ...config,
    clock,
    admin: { ...config.admin, announce: io.out },
  });
  try {
    return await command.run({ store: { db, clock, contract }, check: createValueCheck(contract), options });
  } finally {
    await db.destroy();
  }
}

function readOptions(
  command: Command | DataCommand,
  args: readonly string[],
): Record<string, string | boolean | undefined> {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: [...args],
      options: Object.fromEntries([
        ...[...command.required, ...command.optional].map((o) => [o, { type: 'string' }] as const),
        ...(command.flags ?? []).map((o) => [o, { type: 'boolean' }] as const),
      ]),
      strict: true,
      allowPositionals: false,
    }).values as Record<string, string | boolean | undefined>;
  } catch (error) {
    const reason = (error as Error).message;
    throwOne('args', reason, reason);
  }
  assertNoProblems(
    command.required
      .filter((option) => !String(values[option] ?? '').trim())
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

function throwOne(field: string, zh: string, en: string): never {
  throw new InvalidValuesError([{ field, message: { zh, en } }]);
}
