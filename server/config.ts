import { resolve } from 'node:path';
import { defaultAlertRetentionDays } from './alerts/alert-tasks';
import { parseAllowedHosts, type AllowedHosts } from './cameras/stream-address';
import { defaultIngestLimits, type IngestLimits } from './alerts/ingest-limits';
import { defaultPasswordCost, maxPasswordCost } from './auth/password-hash';
import { defaultSessionIdleMinutes } from './auth/sessions';
import { defaultSignInLimits, type SignInLimits } from './auth/sign-in-limits';
import { InvalidValuesError } from './contract/value-check';
import { defaultQuarantineDays } from './files/quarantine';
import type { FieldProblem } from './http/api-error';
import { smsSenderKinds, type SmsSender, type SmsSenderKind } from './sms/sms-sender';
import { createWebhookSmsSender } from './sms/webhook-sms-sender';

/** What a data folder needs, for the server and the operator CLI. */
export interface StoreConfig {
  readonly dataDir: string;
  readonly admin: { readonly password: string | undefined; readonly phone: string | undefined };
  /** CFOP_PASSWORD_COST: scrypt's cost (log2 N) for the passwords this process hashes. */
  readonly passwordCost: number;
}

export interface ServerConfig extends StoreConfig {
  readonly port: number;
  readonly host: string;
  readonly sessionTtlHours: number;
  readonly sessionIdleMinutes: number;
  readonly signInLimits: SignInLimits;
  readonly alertRetentionDays: number;
  readonly quarantineDays: number;
  /** Undefined: the app's default log sender. */
  readonly smsSender: SmsSender | undefined;
  /** Undefined: the app's default (16). */
  readonly liveMaxStreams: number | undefined;
  /** Undefined: none beyond the rules (no loopback, link-local or metadata address). */
  readonly cameraAllowedHosts: AllowedHosts | undefined;
  readonly ingest: IngestLimits;
}

type Env = Readonly<Record<string, string | undefined>>;
type Bad = (field: string, zh: string, en: string) => void;

/** An empty variable counts as unset, as `FOO= npm start` means. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
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
    admin: { password: env.CFOP_ADMIN_PASSWORD || undefined, phone: read(env, 'CFOP_ADMIN_PHONE') },
    passwordCost: readPasswordCost(env, bad),
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
  const port = Number(read(env, 'PORT') ?? 8000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    bad('PORT', '应为 0 到 65535 的整数', 'must be an integer from 0 to 65535');

  const sessionTtlHours = Number(read(env, 'CFOP_SESSION_TTL_HOURS') ?? 12);
  if (!(sessionTtlHours > 0 && sessionTtlHours <= 24 * 365)) {
    bad(
      'CFOP_SESSION_TTL_HOURS',
      '应为大于 0、不超过 8760 的小时数',
      'must be a number of hours above 0 and at most 8760',
    );
  }

  const wholeNumber = (name: string, fallback: number, max: number): number => {
    const value = Number(read(env, name) ?? fallback);
    if (Number.isInteger(value) && value >= 1 && value <= max) return value;
    bad(name, `应为 1 到 ${max} 的整数`, `must be a whole number from 1 to ${max}`);
    return fallback;
  };
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

  const alertRetentionDays = Number(read(env, 'CFOP_ALERT_RETENTION_DAYS') ?? defaultAlertRetentionDays);
  if (!(Number.isInteger(alertRetentionDays) && alertRetentionDays >= 1 && alertRetentionDays <= 3650))
    bad(
      'CFOP_ALERT_RETENTION_DAYS',
      '应为 1 到 3650 的整数天数',
      'must be a whole number of days from 1 to 3650',
    );

  const quarantineDays = Number(read(env, 'CFOP_QUARANTINE_DAYS') ?? defaultQuarantineDays);
  if (!(Number.isInteger(quarantineDays) && quarantineDays >= 1 && quarantineDays <= 3650))
    bad('CFOP_QUARANTINE_DAYS', '应为 1 到 3650 的整数天数', 'must be a whole number of days from 1 to 3650');

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

  const liveMaxText = read(env, 'CFOP_LIVE_MAX_STREAMS');
  const liveMaxStreams = liveMaxText === undefined ? undefined : Number(liveMaxText);
  if (
    liveMaxStreams !== undefined &&
    !(Number.isInteger(liveMaxStreams) && liveMaxStreams >= 1 && liveMaxStreams <= 1000)
  )
    bad('CFOP_LIVE_MAX_STREAMS', '应为 1 到 1000 的整数', 'must be an integer from 1 to 1000');

  const allowHostsText = read(env, 'CFOP_CAMERA_ALLOW_HOSTS');
  const allowHosts = allowHostsText === undefined ? undefined : parseAllowedHosts(allowHostsText);
  if (allowHosts && allowHosts.bad.length > 0)
    bad(
      'CFOP_CAMERA_ALLOW_HOSTS',
      `应为逗号分隔的主机名、IP 地址或 CIDR 网段，无法识别：${allowHosts.bad.join('、')}`,
      `must be comma-separated host names, IP addresses or CIDR ranges; not one: ${allowHosts.bad.join(', ')}`,
    );
  const ingest = readIngestLimits(env, bad);

  if (problems.length > 0) throw new InvalidValuesError(problems);
  return {
    ...store,
    port,
    host: read(env, 'HOST') ?? '127.0.0.1',
    sessionTtlHours,
    sessionIdleMinutes,
    signInLimits,
    alertRetentionDays,
    quarantineDays,
    smsSender,
    liveMaxStreams,
    cameraAllowedHosts: allowHosts?.allowed,
    ingest,
  };
}

/** The CFOP_INGEST_* limits: each a positive number, at most `max` (a whole one where `whole`). */
function readIngestLimits(env: Env, bad: (field: string, zh: string, en: string) => void): IngestLimits {
  const limit = (name: string, fallback: number, max: number, whole = false) => {
    const value = Number(read(env, name) ?? fallback);
    if (!(value > 0 && value <= max && (!whole || Number.isInteger(value))))
      bad(
        name,
        `应为大于 0、不超过 ${max} 的${whole ? '整数' : '数'}`,
        `must be a ${whole ? 'whole number' : 'number'} above 0 and at most ${max}`,
      );
    return value;
  };
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
  };
}
