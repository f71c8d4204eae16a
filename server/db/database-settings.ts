import type { SettingsReader } from '../kernel/env-settings';
import { wholeSeconds } from '../kernel/env-settings';
import { isPostgresUrl } from './database-url';
import { defaultPostgresSettings, type PostgresSettings } from './postgres-settings';

/** Which database the data folder's server uses, and PostgreSQL's pool and time-outs. */
export interface DatabaseSettings {
  /** DATABASE_URL: the PostgreSQL database (postgres://…); undefined for DATA_DIR/cfop.sqlite. */
  readonly databaseUrl: string | undefined;
  /** CFOP_DB_*: PostgreSQL's pool and time-outs (unused on SQLite); default defaultPostgresSettings. */
  readonly postgres?: PostgresSettings;
}

export function readDatabaseSettings(settings: SettingsReader): DatabaseSettings {
  return { databaseUrl: readDatabaseUrl(settings), postgres: readPostgresSettings(settings) };
}

/** DATABASE_URL, a PostgreSQL URL; the message never repeats it, as it may hold a password. */
function readDatabaseUrl(settings: SettingsReader): string | undefined {
  const url = settings.text('DATABASE_URL');
  if (url === undefined || isPostgresUrl(url)) return url;
  settings.bad(
    'DATABASE_URL',
    '应为 PostgreSQL 地址，如 postgres://用户:密码@主机:5432/数据库；不设置则使用数据目录中的 SQLite 数据库',
    'must be a PostgreSQL URL such as postgres://user:password@host:5432/database; leave it unset for the SQLite database in the data folder',
  );
  return undefined;
}

function readPostgresSettings(settings: SettingsReader): PostgresSettings {
  const fallback = defaultPostgresSettings;
  const seconds = (name: string, value: number, min: number) =>
    settings.number(name, { fallback: value, min, max: 86_400, noun: wholeSeconds });
  return {
    poolSize: settings.number('CFOP_DB_POOL_SIZE', { fallback: fallback.poolSize, min: 1, max: 1000 }),
    connectTimeoutSeconds: seconds('CFOP_DB_CONNECT_TIMEOUT_SECONDS', fallback.connectTimeoutSeconds, 1),
    // 0: no time-out, as PostgreSQL's own settings mean it.
    statementTimeoutSeconds: seconds(
      'CFOP_DB_STATEMENT_TIMEOUT_SECONDS',
      fallback.statementTimeoutSeconds,
      0,
    ),
    idleInTransactionSeconds: seconds(
      'CFOP_DB_IDLE_IN_TRANSACTION_SECONDS',
      fallback.idleInTransactionSeconds,
      0,
    ),
  };
}
