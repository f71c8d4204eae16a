import type { BlockList } from 'node:net';
import { hostname } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { defaultAlertRetentionDays } from './alerts/alert-tasks';
import { parseAllowedHosts, type AllowedHosts } from './streams/stream-address';
import { defaultCameraProbeSeconds } from './cameras/stream-probe';
import { alertLevels } from './db/alert-levels';
import { defaultHealthSettings, type HealthSettings } from './alerts/device-health';
import { defaultIngestLimits, type IngestLimits } from './alerts/ingest-limits';
import { defaultSnapshotLinkHours, maxSnapshotLinkHours } from './alerts/snapshot-link';
import { defaultPasswordCost, maxPasswordCost } from './auth/password-hash';
import { defaultSessionIdleMinutes } from './auth/sessions';
import { defaultSignInLimits, type SignInLimits } from './auth/sign-in-limits';
import { InvalidValuesError } from './contract/value-check';
import { isPostgresUrl } from './db/database-url';
import { defaultPostgresSettings, type PostgresSettings } from './db/postgres-settings';
import type { AlertLevel } from './db/schema';
import { defaultQuarantineDays } from './files/quarantine';
import type { FieldProblem } from './kernel/api-error';
import { defaultIpv6PrefixBits, ipv6PrefixBitsRange } from './http/client-address';
import { parseTrustedProxies } from './http/trusted-proxies';
import { logFormats, logLevels, type LogFormat, type LogLevel } from './logging/log-format';
import { defaultLiveSocketsPerUser } from './live/socket-quota';
import { defaultMetricsAllow, parseMetricsAllow } from './observability/metrics-access';
import { defaultLiveMaxStreams } from './streams/stream-slots';
import { defaultRecordingSettings, gigabyte, type RecordingSettings } from './recording/recording-settings';
import { isTimeZone } from './kernel/zoned-time';
import {
  defaultNotifyMaxAgeHours,
  defaultSiteTimeZone,
  defaultSmsPhoneSendsPerHour,
  type NotifyOptions,
} from './notify/notify-settings';
import { smsSenderKinds, type SmsSender, type SmsSenderKind } from './sms/sms-sender';
import { createWebhookSmsSender } from './sms/webhook-sms-sender';

/** What a data folder needs, for the server and the operator CLI. */
export interface StoreConfig {
  readonly dataDir: string;
  /** DATABASE_URL: the PostgreSQL database (postgres://…); undefined for DATA_DIR/cfop.sqlite. */
  readonly databaseUrl: string | undefined;
  /** CFOP_DB_*: PostgreSQL's pool and time-outs (unused on SQLite); default defaultPostgresSettings. */
  readonly postgres?: PostgresSettings;
  readonly admin: { readonly password: string | undefined; readonly phone: string | undefined };
  /** CFOP_PASSWORD_COST: scrypt's cost (log2 N) for the passwords this process hashes. */
  readonly passwordCost: number;
  /** STORAGE_DIR: the folder of stored files and recordings shared by all servers; undefined: DATA_DIR. */
  readonly storageDir?: string | undefined;
}

export interface ServerConfig extends StoreConfig {
  readonly storageDir: string | undefined;
  readonly port: number;
  readonly host: string;
  /** CFOP_SERVER_NAME: this server among those of one database (the log, job_runs); default host:port. */
  readonly serverName: string;
  readonly sessionTtlHours: number;
  readonly sessionIdleMinutes: number;
  readonly signInLimits: SignInLimits;
  readonly alertRetentionDays: number;
  readonly quarantineDays: number;
  /** Undefined: the app's default log sender. */
  readonly smsSender: SmsSender | undefined;
  /** Undefined: the app's default (16). */
  readonly liveMaxStreams: number | undefined;
  /** CFOP_LIVE_SOCKETS_PER_USER: live sockets one user may hold open on one server. */
  readonly liveSocketsPerUser: number;
  /** CFOP_CAMERA_PROBE_SECONDS: how often unwatched cameras' streams are probed; 0: never. */
  readonly cameraProbeSeconds: number;
  /** Undefined: none beyond the rules (not the machine's own addresses, link-local, metadata or other special ones). */
  readonly cameraAllowedHosts: AllowedHosts | undefined;
  /** CFOP_TRUSTED_PROXIES: the reverse proxies whose X-Forwarded-For is believed; none by default. */
  readonly trustedProxies: readonly string[];
  /** CFOP_IPV6_PREFIX_BITS: how many leading bits of an IPv6 client's address its limits count by. */
  readonly ipv6PrefixBits: number;
  /** CFOP_METRICS_ALLOW: the addresses that may read /metrics without a session; loopback by default. */
  readonly metricsAllowed: BlockList;
  readonly ingest: IngestLimits;
  readonly health: HealthSettings;
  /** CFOP_LOG_FORMAT: undefined chooses by whether stdout is a terminal (chooseLogFormat). */
  readonly logFormat: LogFormat | undefined;
  /** CFOP_LOG_LEVEL, default info. */
  readonly logLevel: LogLevel;
  /** CFOP_SITE_TIME_ZONE, CFOP_PUBLIC_URL, CFOP_WEBHOOK_ALLOW_HOSTS, CFOP_NOTIFY_MAX_AGE_HOURS. */
  readonly notify: NotifyOptions;
  /** CFOP_SNAPSHOT_LINK_HOURS: how long a message's snapshot link opens its picture. */
  readonly snapshotLinkHours: number;
  /** CFOP_RECORDING_*: segment length, retention, quota, free-space floor, alert window, recorders. */
  readonly recording: RecordingSettings;
}

type Env = Readonly<Record<string, string | undefined>>;
type Bad = (field: string, zh: string, en: string) => void;

/** An empty variable counts as unset, as `FOO= npm start` means. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** A numeric setting: its default, its range and, for the message, what it counts. */
interface NumberSetting {
  readonly fallback: number;
  /** The least value allowed; without it, any value above 0. */
  readonly min?: number;
  readonly max: number;
  /** Only whole numbers (always so with `min`). */
  readonly whole?: boolean;
  /** What the number is, for the message: default 整数 / a whole number, or 数 / a number. */
  readonly noun?: { readonly zh: string; readonly en: string };
}

/** The variable's number, or its fallback; a value out of range is reported through `bad`. */
function numberSetting(env: Env, bad: Bad, name: string, setting: NumberSetting): number {
  const value = Number(read(env, name) ?? setting.fallback);
  const { min, max } = setting;
  const whole = setting.whole ?? min !== undefined;
  const inRange = (min === undefined ? value > 0 : value >= min) && value <= max;
  if (inRange && (!whole || Number.isInteger(value))) return value;
  const noun = setting.noun ?? (whole ? { zh: '整数', en: 'a whole number' } : { zh: '数', en: 'a number' });
  if (min === undefined)
    bad(name, `应为大于 0、不超过 ${max} 的${noun.zh}`, `must be ${noun.en} above 0 and at most ${max}`);
  else bad(name, `应为 ${min} 到 ${max} 的${noun.zh}`, `must be ${noun.en} from ${min} to ${max}`);
  return setting.fallback;
}

/** Reads the data folder's settings; throws naming every bad variable at once. */
export function readStoreConfig(env: Env): StoreConfig {
  const problems: FieldProblem[] = [];
  const config = readStore(env, (field, zh, en) => problems.push({ field, message: { zh, en } }));
  if (problems.length > 0) throw new InvalidValuesError(problems);
  return config;
}

function readStore(env: Env, bad: Bad): StoreConfig {
  return {
    dataDir: resolve(read(env, 'DATA_DIR') ?? 'data'),
    databaseUrl: readDatabaseUrl(env, bad),
    postgres: readPostgresSettings(env, bad),
    admin: { password: env.CFOP_ADMIN_PASSWORD || undefined, phone: read(env, 'CFOP_ADMIN_PHONE') },
    passwordCost: readPasswordCost(env, bad),
    storageDir: readStorageDir(env, bad),
  };
}

/** DATABASE_URL, a PostgreSQL URL; the message never repeats it, as it may hold a password. */
function readDatabaseUrl(env: Env, bad: Bad): string | undefined {
  const url = read(env, 'DATABASE_URL');
  if (url === undefined || isPostgresUrl(url)) return url;
  bad(
    'DATABASE_URL',
    '应为 PostgreSQL 地址，如 postgres://用户:密码@主机:5432/数据库；不设置则使用数据目录中的 SQLite 数据库',
    'must be a PostgreSQL URL such as postgres://user:password@host:5432/database; leave it unset for the SQLite database in the data folder',
  );
  return undefined;
}

function readPostgresSettings(env: Env, bad: Bad): PostgresSettings {
  const fallback = defaultPostgresSettings;
  const seconds = (name: string, value: number, min: number) =>
    numberSetting(env, bad, name, {
      fallback: value,
      min,
      max: 86_400,
      noun: { zh: '整数秒数', en: 'a whole number of seconds' },
    });
  return {
    poolSize: numberSetting(env, bad, 'CFOP_DB_POOL_SIZE', {
      fallback: fallback.poolSize,
      min: 1,
      max: 1000,
    }),
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

/**
 * Below the default only where NODE_ENV=test as well: a test setting copied onto a real server
 * must not quietly weaken every password hashed there.
 */
function readPasswordCost(env: Env, bad: Bad): number {
  const text = read(env, 'CFOP_PASSWORD_COST');
  if (text === undefined) return defaultPasswordCost;
  const cost = Number(text);
  const lowest = env.NODE_ENV === 'test' ? 1 : defaultPasswordCost;
  if (Number.isInteger(cost) && cost >= lowest && cost <= maxPasswordCost) return cost;
  bad(
    'CFOP_PASSWORD_COST',
    `应为 ${lowest} 到 ${maxPasswordCost} 的整数（低于 ${defaultPasswordCost} 仅限测试，需 NODE_ENV=test）`,
    `must be a whole number from ${lowest} to ${maxPasswordCost} (below ${defaultPasswordCost} only for tests, with NODE_ENV=test)`,
  );
  return defaultPasswordCost;
}

/** Reads every server setting from the environment; throws naming every bad variable at once. */
export function readServerConfig(env: Env): ServerConfig {
  const problems: FieldProblem[] = [];
  const bad = (field: string, zh: string, en: string) => problems.push({ field, message: { zh, en } });

  const store = readStore(env, bad);
  const number = (name: string, setting: NumberSetting) => numberSetting(env, bad, name, setting);
  const port = number('PORT', { fallback: 8000, min: 0, max: 65535 });
  const sessionTtlHours = number('CFOP_SESSION_TTL_HOURS', {
    fallback: 12,
    max: 24 * 365,
    noun: { zh: '小时数', en: 'a number of hours' },
  });

  const wholeNumber = (name: string, fallback: number, max: number) =>
    number(name, { fallback, min: 1, max });
  const sessionIdleMinutes = wholeNumber('CFOP_SESSION_IDLE_MINUTES', defaultSessionIdleMinutes, 7 * 24 * 60);
  const signInWindowMs =
    wholeNumber('CFOP_SIGNIN_WINDOW_MINUTES', defaultSignInLimits.account.windowMs / 60_000, 24 * 60) *
    60_000;
  const perHour = (name: string, fallback: number) => ({
    limit: wholeNumber(name, fallback, 1_000_000),
    windowMs: 3_600_000,
  });
  const signInLimits: SignInLimits = {
    account: {
      limit: wholeNumber('CFOP_SIGNIN_ACCOUNT_FAILURES', defaultSignInLimits.account.limit, 1000),
      windowMs: signInWindowMs,
    },
    address: {
      limit: wholeNumber('CFOP_SIGNIN_ADDRESS_FAILURES', defaultSignInLimits.address.limit, 100_000),
      windowMs: signInWindowMs,
    },
    smsPhone: perHour('CFOP_SMS_PHONE_FAILURES_PER_HOUR', defaultSignInLimits.smsPhone.limit),
    smsAddressSends: perHour('CFOP_SMS_ADDRESS_SENDS_PER_HOUR', defaultSignInLimits.smsAddressSends.limit),
    smsSends: perHour('CFOP_SMS_SENDS_PER_HOUR', defaultSignInLimits.smsSends.limit),
  };

  const days = { min: 1, max: 3650, noun: { zh: '整数天数', en: 'a whole number of days' } };
  const alertRetentionDays = number('CFOP_ALERT_RETENTION_DAYS', {
    ...days,
    fallback: defaultAlertRetentionDays,
  });
  const quarantineDays = number('CFOP_QUARANTINE_DAYS', { ...days, fallback: defaultQuarantineDays });

  const kind = (read(env, 'CFOP_SMS_SENDER') ?? 'log') as SmsSenderKind;
  let smsSender: SmsSender | undefined;
  if (!smsSenderKinds.includes(kind)) {
    bad(
      'CFOP_SMS_SENDER',
      `必须是以下之一：${smsSenderKinds.join('、')}`,
      `must be one of: ${smsSenderKinds.join(', ')}`,
    );
  } else if (kind === 'webhook') {
    const url = read(env, 'CFOP_SMS_WEBHOOK_URL');
    if (url && /^https?:\/\//.test(url) && URL.canParse(url)) smsSender = createWebhookSmsSender({ url });
    else
      bad(
        'CFOP_SMS_WEBHOOK_URL',
        '使用 webhook 发送短信时必须是 http(s) 地址',
        'must be an http(s) URL when CFOP_SMS_SENDER is webhook',
      );
  }

  const liveMaxStreams =
    read(env, 'CFOP_LIVE_MAX_STREAMS') === undefined
      ? undefined
      : wholeNumber('CFOP_LIVE_MAX_STREAMS', defaultLiveMaxStreams, 1000);
  const liveSocketsPerUser = wholeNumber('CFOP_LIVE_SOCKETS_PER_USER', defaultLiveSocketsPerUser, 1000);

  const cameraAllowedHosts = readAllowedHosts(env, bad, 'CFOP_CAMERA_ALLOW_HOSTS');
  const trustedProxies = parseTrustedProxies(read(env, 'CFOP_TRUSTED_PROXIES') ?? '');
  if (trustedProxies.bad.length > 0)
    bad(
      'CFOP_TRUSTED_PROXIES',
      `应为逗号分隔的 IP 地址、CIDR 网段或 loopback，无法识别：${trustedProxies.bad.join('、')}`,
      `must be comma-separated IP addresses, CIDR ranges or loopback; not one: ${trustedProxies.bad.join(', ')}`,
    );
  const ipv6PrefixBits = number('CFOP_IPV6_PREFIX_BITS', {
    ...ipv6PrefixBitsRange,
    fallback: defaultIpv6PrefixBits,
  });
  const metricsAllow = parseMetricsAllow(read(env, 'CFOP_METRICS_ALLOW') ?? defaultMetricsAllow);
  if (metricsAllow.bad.length > 0)
    bad(
      'CFOP_METRICS_ALLOW',
      `应为逗号分隔的 IP 地址或 CIDR 网段，无法识别：${metricsAllow.bad.join('、')}`,
      `must be comma-separated IP addresses or CIDR ranges; not one: ${metricsAllow.bad.join(', ')}`,
    );
  const cameraProbeSeconds = number('CFOP_CAMERA_PROBE_SECONDS', {
    fallback: defaultCameraProbeSeconds,
    min: 0,
    max: 86_400,
    noun: { zh: '整数秒数', en: 'a whole number of seconds' },
  });
  const ingest = readIngestLimits(number);
  const health = readHealthSettings(env, bad, number);
  const logFormat = oneOf(env, bad, 'CFOP_LOG_FORMAT', logFormats);
  const logLevel = oneOf(env, bad, 'CFOP_LOG_LEVEL', logLevels) ?? 'info';
  const notify = readNotifyOptions(env, bad, number, port);
  const snapshotLinkHours = number('CFOP_SNAPSHOT_LINK_HOURS', {
    fallback: defaultSnapshotLinkHours,
    min: 1,
    max: maxSnapshotLinkHours,
    noun: { zh: '整数小时数', en: 'a whole number of hours' },
  });
  const recording = readRecordingSettings(number, days);

  if (problems.length > 0) throw new InvalidValuesError(problems);
  return {
    ...store,
    storageDir: store.storageDir,
    port,
    host: read(env, 'HOST') ?? '127.0.0.1',
    serverName: read(env, 'CFOP_SERVER_NAME') ?? `${hostname()}:${port}`,
    sessionTtlHours,
    sessionIdleMinutes,
    signInLimits,
    alertRetentionDays,
    quarantineDays,
    smsSender,
    liveMaxStreams,
    liveSocketsPerUser,
    cameraProbeSeconds,
    cameraAllowedHosts,
    trustedProxies: trustedProxies.proxies,
    ipv6PrefixBits,
    metricsAllowed: metricsAllow.allowed,
    ingest,
    health,
    logFormat,
    logLevel,
    notify,
    snapshotLinkHours,
    recording,
  };
}

/**
 * STORAGE_DIR, an absolute path: a folder every server mounts at the same place (NFS), where a
 * relative one would depend on each server's working folder.
 */
function readStorageDir(env: Env, bad: Bad): string | undefined {
  const dir = read(env, 'STORAGE_DIR');
  if (dir === undefined || isAbsolute(dir)) return dir;
  bad(
    'STORAGE_DIR',
    '应为绝对路径，如 /srv/cfop-storage（各服务器挂载的同一共享目录）；不设置则文件存放在数据目录中',
    'must be an absolute path such as /srv/cfop-storage (the same shared folder mounted on every server); leave it unset to keep files in the data folder',
  );
  return undefined;
}

function readRecordingSettings(
  number: (name: string, setting: NumberSetting) => number,
  days: Omit<NumberSetting, 'fallback'>,
): RecordingSettings {
  const fallback = defaultRecordingSettings;
  const seconds = { min: 0, max: 3600, noun: { zh: '整数秒数', en: 'a whole number of seconds' } };
  const gb = { min: 0, max: 1_000_000, whole: false, noun: { zh: 'GB 数', en: 'a number of GB' } };
  const quotaGb = number('CFOP_RECORDING_QUOTA_GB', { ...gb, fallback: 0 });
  return {
    segmentSeconds: number('CFOP_RECORDING_SEGMENT_SECONDS', {
      ...seconds,
      min: 2,
      max: 600,
      fallback: fallback.segmentSeconds,
    }),
    retentionDays: number('CFOP_RECORDING_RETENTION_DAYS', { ...days, fallback: fallback.retentionDays }),
    quotaBytes: quotaGb === 0 ? null : Math.round(quotaGb * gigabyte),
    minFreeBytes: Math.round(
      number('CFOP_RECORDING_MIN_FREE_GB', { ...gb, fallback: fallback.minFreeBytes / gigabyte }) * gigabyte,
    ),
    alertPreSeconds: number('CFOP_RECORDING_ALERT_PRE_SECONDS', {
      ...seconds,
      fallback: fallback.alertPreSeconds,
    }),
    alertPostSeconds: number('CFOP_RECORDING_ALERT_POST_SECONDS', {
      ...seconds,
      fallback: fallback.alertPostSeconds,
    }),
    maxRecorders: number('CFOP_RECORDING_MAX_STREAMS', {
      min: 0,
      max: 1000,
      fallback: fallback.maxRecorders,
    }),
    maxClipExports: number('CFOP_RECORDING_MAX_CLIP_EXPORTS', {
      min: 1,
      max: 64,
      fallback: fallback.maxClipExports,
    }),
  };
}

/** An allow-list of hosts, addresses and CIDR ranges (cameras', webhooks'); undefined when unset. */
function readAllowedHosts(env: Env, bad: Bad, name: string): AllowedHosts | undefined {
  const text = read(env, name);
  if (text === undefined) return undefined;
  const parsed = parseAllowedHosts(text);
  if (parsed.bad.length > 0)
    bad(
      name,
      `应为逗号分隔的主机名、IP 地址或 CIDR 网段，无法识别：${parsed.bad.join('、')}`,
      `must be comma-separated host names, IP addresses or CIDR ranges; not one: ${parsed.bad.join(', ')}`,
    );
  return parsed.allowed;
}

/** The notification settings: the site's zone, the console's address in links, webhook targets. */
function readNotifyOptions(
  env: Env,
  bad: Bad,
  number: (name: string, setting: NumberSetting) => number,
  port: number,
): NotifyOptions {
  const timeZone = read(env, 'CFOP_SITE_TIME_ZONE') ?? defaultSiteTimeZone;
  if (!isTimeZone(timeZone))
    bad(
      'CFOP_SITE_TIME_ZONE',
      '必须是 IANA 时区名，如 Asia/Shanghai',
      'must be an IANA time zone name such as Asia/Shanghai',
    );
  const publicUrl = read(env, 'CFOP_PUBLIC_URL') ?? `http://127.0.0.1:${port}`;
  if (!/^https?:\/\//.test(publicUrl) || !URL.canParse(publicUrl))
    bad(
      'CFOP_PUBLIC_URL',
      '必须是控制台的 http(s) 地址，如 https://console.example.com',
      "must be the console's http(s) address, such as https://console.example.com",
    );
  const allowedHosts = readAllowedHosts(env, bad, 'CFOP_WEBHOOK_ALLOW_HOSTS');
  return {
    timeZone,
    publicUrl,
    allowedHosts,
    maxAgeHours: number('CFOP_NOTIFY_MAX_AGE_HOURS', {
      fallback: defaultNotifyMaxAgeHours,
      min: 1,
      max: 24 * 30,
      noun: { zh: '整数小时数', en: 'a whole number of hours' },
    }),
    smsPhoneSendsPerHour: number('CFOP_SMS_PHONE_SENDS_PER_HOUR', {
      fallback: defaultSmsPhoneSendsPerHour,
      min: 1,
      max: 1_000_000,
    }),
  };
}

/** A setting naming one of `choices`; undefined when unset. */
function oneOf<T extends string>(env: Env, bad: Bad, name: string, choices: readonly T[]): T | undefined {
  const value = read(env, name);
  if (value === undefined || (choices as readonly string[]).includes(value)) return value as T | undefined;
  bad(name, `必须是以下之一：${choices.join('、')}`, `must be one of: ${choices.join(', ')}`);
  return undefined;
}

/** The CFOP_HEALTH_* settings: when a device counts as failed, and the levels of its alerts. */
function readHealthSettings(
  env: Env,
  bad: Bad,
  number: (name: string, setting: NumberSetting) => number,
): HealthSettings {
  const level = (name: string, fallback: AlertLevel): AlertLevel => {
    const value = read(env, name) ?? fallback;
    if ((alertLevels as readonly string[]).includes(value)) return value as AlertLevel;
    bad(
      name,
      `必须是以下告警级别之一：${alertLevels.join('、')}`,
      `must be one of the alert levels: ${alertLevels.join(', ')}`,
    );
    return fallback;
  };
  return {
    // At least two of the 15 s offline checks, so a server is never marked offline between heartbeats.
    offlineAfterSeconds: number('CFOP_HEALTH_OFFLINE_AFTER_SECONDS', {
      fallback: defaultHealthSettings.offlineAfterSeconds,
      min: 30,
      max: 86_400,
      noun: { zh: '整数秒数', en: 'a whole number of seconds' },
    }),
    offlineLevel: level('CFOP_HEALTH_OFFLINE_LEVEL', defaultHealthSettings.offlineLevel),
    backLevel: level('CFOP_HEALTH_BACK_LEVEL', defaultHealthSettings.backLevel),
  };
}

/** The CFOP_INGEST_* limits: each a positive number, at most its `max`. */
function readIngestLimits(number: (name: string, setting: NumberSetting) => number): IngestLimits {
  const limit = (name: string, fallback: number, max: number, whole = false) =>
    number(name, { fallback, max, whole });
  return {
    maxAgeHours: limit('CFOP_INGEST_MAX_AGE_HOURS', defaultIngestLimits.maxAgeHours, 24 * 3650),
    maxAheadMinutes: limit('CFOP_INGEST_MAX_AHEAD_MINUTES', defaultIngestLimits.maxAheadMinutes, 24 * 60),
    alertsPerSecond: limit('CFOP_INGEST_ALERTS_PER_SECOND', defaultIngestLimits.alertsPerSecond, 100_000),
    alertBurst: limit('CFOP_INGEST_ALERT_BURST', defaultIngestLimits.alertBurst, 1_000_000, true),
    snapshotMbPerHour: limit(
      'CFOP_INGEST_SNAPSHOT_MB_PER_HOUR',
      defaultIngestLimits.snapshotMbPerHour,
      1_000_000,
    ),
    passagesPerSecond: limit(
      'CFOP_INGEST_PASSAGES_PER_SECOND',
      defaultIngestLimits.passagesPerSecond,
      100_000,
    ),
    passageBurst: limit('CFOP_INGEST_PASSAGE_BURST', defaultIngestLimits.passageBurst, 1_000_000, true),
  };
}
