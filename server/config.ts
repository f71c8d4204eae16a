import { hostname } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { readAlertIntakeSettings, readAlertRetentionSettings } from './alerts/alert-settings';
import type { AlertIntakeSettings, AlertRetentionSettings } from './alerts/alert-settings';
import { readAuthSettings, readPasswordCost, type AuthSettings } from './auth/auth-settings';
import { readCameraSettings, type CameraSettings } from './cameras/camera-settings';
import { InvalidValuesError } from './contract/value-check';
import { readDatabaseSettings, type DatabaseSettings } from './db/database-settings';
import { readFilesSettings, type FilesSettings } from './files/files-settings';
import { readHttpSettings, type HttpSettings } from './http/http-settings';
import type { FieldProblem } from './kernel/api-error';
import { settingsReader, type Env, type SettingsReader } from './kernel/env-settings';
import { readLiveSettings, type LiveSettings } from './live/live-settings';
import { logFormats, logLevels, type LogFormat, type LogLevel } from './logging/log-format';
import { readNotifyOptions, type NotifyOptions } from './notify/notify-settings';
import { readMetricsSettings, type MetricsSettings } from './observability/metrics-settings';
import { readRecordingSettings, type RecordingSettings } from './recording/recording-settings';
import { readSmsSettings, type SmsSettings } from './sms/sms-settings';

/** What a data folder needs, for the server and the operator CLI. */
export interface StoreConfig extends DatabaseSettings {
  readonly dataDir: string;
  readonly admin: { readonly password: string | undefined; readonly phone: string | undefined };
  /** CFOP_PASSWORD_COST: scrypt's cost (log2 N) for the passwords this process hashes. */
  readonly passwordCost: number;
  /** STORAGE_DIR: the folder of stored files and recordings shared by all servers; undefined: DATA_DIR. */
  readonly storageDir?: string | undefined;
}

/** The server's own settings: where it listens, what it is called, how it logs. */
export interface ListenerSettings {
  readonly storageDir: string | undefined;
  readonly port: number;
  readonly host: string;
  /** CFOP_SERVER_NAME: this server among those of one database (the log, job_runs); default host:port. */
  readonly serverName: string;
  /** CFOP_LOG_FORMAT: undefined chooses by whether stdout is a terminal (chooseLogFormat). */
  readonly logFormat: LogFormat | undefined;
  /** CFOP_LOG_LEVEL, default info. */
  readonly logLevel: LogLevel;
}

/** Every server setting: the data folder's, the server's own, and each domain's slice. */
export type ServerConfig = StoreConfig &
  ListenerSettings &
  AuthSettings &
  AlertRetentionSettings &
  FilesSettings &
  SmsSettings &
  LiveSettings &
  CameraSettings &
  HttpSettings &
  MetricsSettings &
  AlertIntakeSettings & { readonly notify: NotifyOptions; readonly recording: RecordingSettings };

/** Reads the data folder's settings; throws naming every bad variable at once. */
export function readStoreConfig(env: Env): StoreConfig {
  return readAll(env, readStore);
}

/**
 * Reads every server setting from the environment, each domain its own slice; throws naming every
 * bad variable of every domain at once, in the order they are read here.
 */
export function readServerConfig(env: Env): ServerConfig {
  return readAll(env, (settings) => {
    const store = readStore(settings);
    const listener = readListenerSettings(settings, store);
    return {
      ...store,
      ...listener,
      ...readAuthSettings(settings),
      ...readAlertRetentionSettings(settings),
      ...readFilesSettings(settings),
      ...readSmsSettings(settings),
      ...readLiveSettings(settings),
      ...readCameraSettings(settings),
      ...readHttpSettings(settings),
      ...readMetricsSettings(settings),
      ...readAlertIntakeSettings(settings),
      ...readNotifyOptions(settings, listener.port),
      ...readRecordingSettings(settings),
    };
  });
}

function readAll<T>(env: Env, read: (settings: SettingsReader) => T): T {
  const problems: FieldProblem[] = [];
  const config = read(settingsReader(env, problems));
  if (problems.length > 0) throw new InvalidValuesError(problems);
  return config;
}

function readStore(settings: SettingsReader): StoreConfig {
  return {
    dataDir: resolve(settings.text('DATA_DIR') ?? 'data'),
    ...readDatabaseSettings(settings),
    admin: {
      password: settings.raw('CFOP_ADMIN_PASSWORD') || undefined,
      phone: settings.text('CFOP_ADMIN_PHONE'),
    },
    passwordCost: readPasswordCost(settings),
    storageDir: readStorageDir(settings),
  };
}

/** PORT, HOST, CFOP_SERVER_NAME and the log's CFOP_LOG_FORMAT and CFOP_LOG_LEVEL. */
function readListenerSettings(settings: SettingsReader, store: StoreConfig): ListenerSettings {
  const port = settings.number('PORT', { fallback: 8000, min: 0, max: 65535 });
  return {
    storageDir: store.storageDir,
    port,
    host: settings.text('HOST') ?? '127.0.0.1',
    serverName: settings.text('CFOP_SERVER_NAME') ?? `${hostname()}:${port}`,
    logFormat: settings.oneOf('CFOP_LOG_FORMAT', logFormats),
    logLevel: settings.oneOf('CFOP_LOG_LEVEL', logLevels) ?? 'info',
  };
}

/**
 * STORAGE_DIR, an absolute path: a folder every server mounts at the same place (NFS), where a
 * relative one would depend on each server's working folder.
 */
function readStorageDir(settings: SettingsReader): string | undefined {
  const dir = settings.text('STORAGE_DIR');
  if (dir === undefined || isAbsolute(dir)) return dir;
  settings.bad(
    'STORAGE_DIR',
    '应为绝对路径，如 /srv/cfop-storage（各服务器挂载的同一共享目录）；不设置则文件存放在数据目录中',
    'must be an absolute path such as /srv/cfop-storage (the same shared folder mounted on every server); leave it unset to keep files in the data folder',
  );
  return undefined;
}
