import { BlockList } from 'node:net';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSignInLimits } from './auth/sign-in-limits';
import { defaultPostgresSettings } from './db/postgres-settings';
import { readServerConfig, readStoreConfig } from './config';
import type { InvalidValuesError } from './contract/value-check';
import { defaultRecordingSettings } from './recording/recording-settings';
import { multicastDiscovery } from './cameras/onvif/onvif-discovery';
import { badSettings } from './test-support/setting-problems';

describe('server settings from the environment', () => {
  it('has working defaults', () => {
    expect(readServerConfig({})).toEqual({
      port: 8000,
      host: '127.0.0.1',
      serverName: `${hostname()}:8000`,
      dataDir: resolve('data'),
      databaseUrl: undefined,
      postgres: defaultPostgresSettings,
      sessionTtlHours: 12,
      sessionIdleMinutes: 30,
      signInLimits: defaultSignInLimits,
      directory: { ldap: undefined, localPasswordSignIn: { mode: 'on' } },
      requireSecondFactorFor: 'none',
      alertRetentionDays: 90,
      quarantineDays: 30,
      smsSender: undefined,
      snapshotLinkHours: 72,
      liveMaxStreams: undefined,
      cameraAllowedHosts: undefined,
      trustedProxies: [],
      liveSocketsPerUser: 32,
      ipv6PrefixBits: 64,
      metricsAllowed: expect.any(BlockList),
      cameraProbeSeconds: 60,
      onvifDiscoveryTarget: multicastDiscovery,
      admin: { password: undefined, phone: undefined },
      passwordCost: 15,
      ingest: {
        maxAgeHours: 24,
        maxAheadMinutes: 5,
        alertsPerSecond: 50,
        alertBurst: 200,
        snapshotMbPerHour: 200,
        passagesPerSecond: 20,
        passageBurst: 200,
      },
      health: { offlineAfterSeconds: 90, offlineLevel: 'high', backLevel: 'low' },
      logFormat: undefined,
      logLevel: 'info',
      notify: {
        timeZone: 'Asia/Shanghai',
        publicUrl: 'http://127.0.0.1:8000',
        allowedHosts: undefined,
        maxAgeHours: 24,
        smsPhoneSendsPerHour: 20,
      },
      recording: defaultRecordingSettings,
    });
  });

  it('reads the recording settings, in GB and seconds, naming each bad one', () => {
    const { recording } = readServerConfig({
      CFOP_RECORDING_SEGMENT_SECONDS: '6',
      CFOP_RECORDING_RETENTION_DAYS: '7',
      CFOP_RECORDING_ALERT_RETENTION_DAYS: '120',
      CFOP_RECORDING_QUOTA_GB: '0.5',
      CFOP_RECORDING_MIN_FREE_GB: '0',
      CFOP_RECORDING_ALERT_PRE_SECONDS: '0',
      CFOP_RECORDING_ALERT_POST_SECONDS: '120',
      CFOP_RECORDING_MAX_STREAMS: '0',
      CFOP_RECORDING_MAX_CLIP_EXPORTS: '3',
      CFOP_RECORDING_MAX_TRANSCODES: '0',
      CFOP_RECORDING_TRANSCODE_CACHE_MB: '50',
    });
    expect(recording).toEqual({
      segmentSeconds: 6,
      retentionDays: 7,
      alertRetentionDays: 120,
      quotaBytes: 500_000_000,
      minFreeBytes: 0,
      alertPreSeconds: 0,
      alertPostSeconds: 120,
      maxRecorders: 0,
      maxClipExports: 3,
      maxTranscodes: 0,
      transcodeCacheBytes: 50_000_000,
    });
    // A quota of 0 is none: only the disk's free-space floor bounds the recordings.
    expect(readServerConfig({ CFOP_RECORDING_QUOTA_GB: '0' }).recording.quotaBytes).toBeNull();
    expect(
      badSettings({
        CFOP_RECORDING_SEGMENT_SECONDS: '1',
        CFOP_RECORDING_QUOTA_GB: '-1',
        CFOP_RECORDING_ALERT_POST_SECONDS: '2.5',
        CFOP_RECORDING_RETENTION_DAYS: '0',
        CFOP_RECORDING_ALERT_RETENTION_DAYS: '3651',
        CFOP_RECORDING_MAX_CLIP_EXPORTS: '0',
        CFOP_RECORDING_TRANSCODE_CACHE_MB: '1',
      }),
    ).toEqual([
      'CFOP_RECORDING_QUOTA_GB',
      'CFOP_RECORDING_SEGMENT_SECONDS',
      'CFOP_RECORDING_RETENTION_DAYS',
      'CFOP_RECORDING_ALERT_RETENTION_DAYS',
      'CFOP_RECORDING_ALERT_POST_SECONDS',
      'CFOP_RECORDING_MAX_CLIP_EXPORTS',
      'CFOP_RECORDING_TRANSCODE_CACHE_MB',
    ]);
  });

  it('reads every variable', () => {
    const config = readServerConfig({
      PORT: '9100',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/cfop',
      CFOP_ADMIN_PASSWORD: ' spaced pass1 ',
      CFOP_ADMIN_PHONE: '13800138000',
      CFOP_SESSION_TTL_HOURS: '0.5',
      CFOP_SMS_SENDER: 'webhook',
      CFOP_SMS_WEBHOOK_URL: 'https://sms.example.com/send',
      CFOP_LIVE_MAX_STREAMS: '4',
      CFOP_LIVE_SOCKETS_PER_USER: '20',
      CFOP_ALERT_RETENTION_DAYS: '30',
      CFOP_INGEST_MAX_AGE_HOURS: '48',
      CFOP_INGEST_MAX_AHEAD_MINUTES: '1.5',
      CFOP_INGEST_ALERTS_PER_SECOND: '0.5',
      CFOP_INGEST_ALERT_BURST: '10',
      CFOP_INGEST_SNAPSHOT_MB_PER_HOUR: '1000',
      CFOP_INGEST_PASSAGES_PER_SECOND: '2.5',
      CFOP_INGEST_PASSAGE_BURST: '30',
      CFOP_SESSION_IDLE_MINUTES: '120',
      CFOP_SIGNIN_WINDOW_MINUTES: '30',
      CFOP_SIGNIN_ACCOUNT_FAILURES: '8',
      CFOP_SIGNIN_ADDRESS_FAILURES: '100',
      CFOP_SMS_PHONE_FAILURES_PER_HOUR: '6',
      CFOP_SMS_ADDRESS_SENDS_PER_HOUR: '50',
      CFOP_SMS_SENDS_PER_HOUR: '1000',
      CFOP_REQUIRE_MFA_FOR: 'admin',
      CFOP_QUARANTINE_DAYS: '7',
      CFOP_HEALTH_OFFLINE_AFTER_SECONDS: '300',
      CFOP_HEALTH_OFFLINE_LEVEL: 'critical',
      CFOP_HEALTH_BACK_LEVEL: 'medium',
      CFOP_SERVER_NAME: 'console-2',
    });
    expect(config).toMatchObject({
      port: 9100,
      host: '0.0.0.0',
      serverName: 'console-2',
      dataDir: '/srv/cfop',
      sessionTtlHours: 0.5,
      liveMaxStreams: 4,
      liveSocketsPerUser: 20,
      alertRetentionDays: 30,
      quarantineDays: 7,
      admin: { password: ' spaced pass1 ', phone: '13800138000' },
      ingest: {
        maxAgeHours: 48,
        maxAheadMinutes: 1.5,
        alertsPerSecond: 0.5,
        alertBurst: 10,
        snapshotMbPerHour: 1000,
        passagesPerSecond: 2.5,
        passageBurst: 30,
      },
      sessionIdleMinutes: 120,
      signInLimits: {
        account: { limit: 8, windowMs: 30 * 60_000 },
        address: { limit: 100, windowMs: 30 * 60_000 },
        smsPhone: { limit: 6, windowMs: 3_600_000 },
        smsAddressSends: { limit: 50, windowMs: 3_600_000 },
        smsSends: { limit: 1000, windowMs: 3_600_000 },
      },
      requireSecondFactorFor: 'admin',
      health: { offlineAfterSeconds: 300, offlineLevel: 'critical', backLevel: 'medium' },
    });
    expect(config.smsSender).toBeDefined();
  });

  it('reads the camera allow-list of hosts, addresses and ranges, naming what it cannot read', () => {
    const { cameraAllowedHosts } = readServerConfig({
      CFOP_CAMERA_ALLOW_HOSTS: ' 127.0.0.1, 10.0.0.0/8 ,Cam-GW.local,::1 ',
    });
    expect([...(cameraAllowedHosts?.names ?? [])]).toEqual(['cam-gw.local']);
    expect(cameraAllowedHosts?.addresses.check('127.0.0.1')).toBe(true);
    expect(cameraAllowedHosts?.addresses.check('10.200.0.1')).toBe(true);
    expect(cameraAllowedHosts?.addresses.check('::1', 'ipv6')).toBe(true);
    expect(cameraAllowedHosts?.addresses.check('127.0.0.2')).toBe(false);
    expect(() =>
      readServerConfig({ CFOP_CAMERA_ALLOW_HOSTS: '127.0.0.1,10.0.0.0/33,http://cam,a b' }),
    ).toThrow(
      'CFOP_CAMERA_ALLOW_HOSTS：应为逗号分隔的主机名、IP 地址或 CIDR 网段，无法识别：10.0.0.0/33、http://cam、a b',
    );
  });

  it('reads the trusted proxies, naming what it cannot read', () => {
    expect(readServerConfig({ CFOP_TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8' }).trustedProxies).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(() => readServerConfig({ CFOP_TRUSTED_PROXIES: '127.0.0.1,nginx' })).toThrow(
      'CFOP_TRUSTED_PROXIES：应为逗号分隔的 IP 地址、CIDR 网段或 loopback，无法识别：nginx',
    );
  });

  it('reads the IPv6 prefix addresses are counted by, from /32 to /128', () => {
    expect(readServerConfig({ CFOP_IPV6_PREFIX_BITS: '56' }).ipv6PrefixBits).toBe(56);
    expect(readServerConfig({ CFOP_IPV6_PREFIX_BITS: '128' }).ipv6PrefixBits).toBe(128);
    for (const bits of ['16', '129', '64.5', 'sixty-four'])
      expect(() => readServerConfig({ CFOP_IPV6_PREFIX_BITS: bits })).toThrow(
        'CFOP_IPV6_PREFIX_BITS：应为 32 到 128 的整数',
      );
  });

  it('reads who may read the metrics: loopback unless CFOP_METRICS_ALLOW lists others', () => {
    const allowed = (env: Record<string, string>) => readServerConfig(env).metricsAllowed;
    expect(allowed({}).check('127.0.0.1')).toBe(true);
    expect(allowed({}).check('::1', 'ipv6')).toBe(true);
    expect(allowed({}).check('10.0.0.5')).toBe(false);
    const listed = allowed({ CFOP_METRICS_ALLOW: '10.0.0.0/8, 192.168.1.7' });
    expect([listed.check('10.0.0.5'), listed.check('192.168.1.7'), listed.check('127.0.0.1')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(() => readServerConfig({ CFOP_METRICS_ALLOW: '10.0.0.0/8,prometheus' })).toThrow(
      'CFOP_METRICS_ALLOW：应为逗号分隔的 IP 地址或 CIDR 网段，无法识别：prometheus',
    );
  });

  it('reads the notification settings: site zone, public address, webhook allow-list, give-up age, SMS per number', () => {
    const { notify } = readServerConfig({
      PORT: '9100',
      CFOP_SITE_TIME_ZONE: 'Asia/Urumqi',
      CFOP_WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
      CFOP_NOTIFY_MAX_AGE_HOURS: '48',
      CFOP_SMS_PHONE_SENDS_PER_HOUR: '5',
    });
    expect(notify).toMatchObject({
      timeZone: 'Asia/Urumqi',
      publicUrl: 'http://127.0.0.1:9100',
      maxAgeHours: 48,
      smsPhoneSendsPerHour: 5,
    });
    expect(notify.allowedHosts?.addresses.check('127.0.0.1')).toBe(true);
    expect(readServerConfig({ CFOP_SNAPSHOT_LINK_HOURS: '720' }).snapshotLinkHours).toBe(720);
    expect(() => readServerConfig({ CFOP_SNAPSHOT_LINK_HOURS: '721' })).toThrow(
      /CFOP_SNAPSHOT_LINK_HOURS：应为 1 到 720 的整数小时数 \/ CFOP_SNAPSHOT_LINK_HOURS: must be a whole number of hours from 1 to 720/,
    );
    expect(readServerConfig({ CFOP_PUBLIC_URL: 'https://cfop.example.com' }).notify.publicUrl).toBe(
      'https://cfop.example.com',
    );
    expect(() =>
      readServerConfig({
        CFOP_SITE_TIME_ZONE: 'Mars/Olympus',
        CFOP_PUBLIC_URL: 'cfop.example.com',
        CFOP_WEBHOOK_ALLOW_HOSTS: 'http://x',
        CFOP_NOTIFY_MAX_AGE_HOURS: '0',
      }),
    ).toThrow(
      /CFOP_SITE_TIME_ZONE.*\n.*CFOP_PUBLIC_URL.*\n.*CFOP_WEBHOOK_ALLOW_HOSTS.*\n.*CFOP_NOTIFY_MAX_AGE_HOURS/,
    );
  });

  it('names every bad variable at once', () => {
    expect(() =>
      readServerConfig({
        PORT: 'eighty',
        CFOP_SESSION_TTL_HOURS: '0',
        CFOP_SMS_SENDER: 'webhook',
        CFOP_SMS_WEBHOOK_URL: 'ftp://x',
        CFOP_LIVE_MAX_STREAMS: '0',
        CFOP_ALERT_RETENTION_DAYS: '0.5',
        CFOP_QUARANTINE_DAYS: '0',
        CFOP_INGEST_MAX_AGE_HOURS: '-1',
        CFOP_INGEST_ALERT_BURST: '2.5',
      }),
    ).toThrow(
      /PORT：[\s\S]*CFOP_SESSION_TTL_HOURS：[\s\S]*CFOP_ALERT_RETENTION_DAYS：[\s\S]*CFOP_QUARANTINE_DAYS：[\s\S]*CFOP_SMS_WEBHOOK_URL：[\s\S]*CFOP_LIVE_MAX_STREAMS：[\s\S]*CFOP_INGEST_MAX_AGE_HOURS：[\s\S]*CFOP_INGEST_ALERT_BURST：应为大于 0、不超过 1000000 的整数/,
    );
    expect(() =>
      readServerConfig({
        CFOP_SESSION_IDLE_MINUTES: '0',
        CFOP_SIGNIN_WINDOW_MINUTES: 'soon',
        CFOP_SIGNIN_ACCOUNT_FAILURES: '2.5',
        CFOP_SMS_SENDS_PER_HOUR: '-1',
      }),
    ).toThrow(
      /CFOP_SESSION_IDLE_MINUTES：应为 1 到 10080 的整数[\s\S]*CFOP_SIGNIN_WINDOW_MINUTES：[\s\S]*CFOP_SIGNIN_ACCOUNT_FAILURES：[\s\S]*CFOP_SMS_SENDS_PER_HOUR：/,
    );
    expect(() => readServerConfig({ CFOP_REQUIRE_MFA_FOR: 'everyone' })).toThrow(
      /CFOP_REQUIRE_MFA_FOR：必须是以下之一：none、admin/,
    );
    expect(() => readServerConfig({ CFOP_CAMERA_PROBE_SECONDS: '-5' })).toThrow(
      /CFOP_CAMERA_PROBE_SECONDS：应为 0 到 86400 的整数秒数/,
    );
    expect(readServerConfig({ CFOP_CAMERA_PROBE_SECONDS: '0' }).cameraProbeSeconds).toBe(0);
    expect(() =>
      readServerConfig({
        CFOP_HEALTH_OFFLINE_AFTER_SECONDS: '10',
        CFOP_HEALTH_OFFLINE_LEVEL: 'loud',
        CFOP_HEALTH_BACK_LEVEL: 'High',
      }),
    ).toThrow(
      /CFOP_HEALTH_OFFLINE_AFTER_SECONDS：应为 30 到 86400 的整数秒数[\s\S]*CFOP_HEALTH_OFFLINE_LEVEL：必须是以下告警级别之一：low、medium、high、critical[\s\S]*CFOP_HEALTH_BACK_LEVEL：/,
    );
    expect(() => readServerConfig({ CFOP_SMS_SENDER: 'carrier-pigeon' })).toThrow(
      'CFOP_SMS_SENDER：必须是以下之一：log、webhook',
    );
  });

  it('names the bad variables of every domain at once, domain by domain in the order the start reads them', () => {
    const outOfRange = [
      'CFOP_DB_POOL_SIZE',
      'CFOP_DB_CONNECT_TIMEOUT_SECONDS',
      'CFOP_DB_STATEMENT_TIMEOUT_SECONDS',
      'CFOP_DB_IDLE_IN_TRANSACTION_SECONDS',
      'CFOP_PASSWORD_COST',
      'PORT',
      'CFOP_SESSION_TTL_HOURS',
      'CFOP_SESSION_IDLE_MINUTES',
      'CFOP_SIGNIN_WINDOW_MINUTES',
      'CFOP_SIGNIN_ACCOUNT_FAILURES',
      'CFOP_SIGNIN_ADDRESS_FAILURES',
      'CFOP_SMS_PHONE_FAILURES_PER_HOUR',
      'CFOP_SMS_ADDRESS_SENDS_PER_HOUR',
      'CFOP_SMS_SENDS_PER_HOUR',
      'CFOP_ALERT_RETENTION_DAYS',
      'CFOP_QUARANTINE_DAYS',
      'CFOP_LIVE_MAX_STREAMS',
      'CFOP_LIVE_SOCKETS_PER_USER',
      'CFOP_CAMERA_PROBE_SECONDS',
      'CFOP_IPV6_PREFIX_BITS',
      'CFOP_INGEST_MAX_AGE_HOURS',
      'CFOP_INGEST_MAX_AHEAD_MINUTES',
      'CFOP_INGEST_ALERTS_PER_SECOND',
      'CFOP_INGEST_ALERT_BURST',
      'CFOP_INGEST_SNAPSHOT_MB_PER_HOUR',
      'CFOP_INGEST_PASSAGES_PER_SECOND',
      'CFOP_INGEST_PASSAGE_BURST',
      'CFOP_HEALTH_OFFLINE_AFTER_SECONDS',
      'CFOP_SNAPSHOT_LINK_HOURS',
      'CFOP_NOTIFY_MAX_AGE_HOURS',
      'CFOP_SMS_PHONE_SENDS_PER_HOUR',
      'CFOP_RECORDING_SEGMENT_SECONDS',
      'CFOP_RECORDING_RETENTION_DAYS',
      'CFOP_RECORDING_QUOTA_GB',
      'CFOP_RECORDING_MIN_FREE_GB',
      'CFOP_RECORDING_ALERT_PRE_SECONDS',
      'CFOP_RECORDING_ALERT_POST_SECONDS',
      'CFOP_RECORDING_MAX_STREAMS',
      'CFOP_RECORDING_MAX_CLIP_EXPORTS',
    ];
    expect(
      badSettings({
        ...Object.fromEntries(outOfRange.map((name) => [name, '-7'])),
        DATABASE_URL: 'mysql://db/cfop',
        STORAGE_DIR: 'shared/files',
        CFOP_LOG_FORMAT: 'xml',
        CFOP_LOG_LEVEL: 'loud',
        CFOP_SMS_SENDER: 'webhook',
        CFOP_SMS_WEBHOOK_URL: 'ftp://sms',
        CFOP_CAMERA_ALLOW_HOSTS: 'a b',
        CFOP_TRUSTED_PROXIES: 'nginx',
        CFOP_METRICS_ALLOW: 'prometheus',
        CFOP_HEALTH_OFFLINE_LEVEL: 'loud',
        CFOP_HEALTH_BACK_LEVEL: 'High',
        CFOP_SITE_TIME_ZONE: 'Mars/Olympus',
        CFOP_PUBLIC_URL: 'cfop.example.com',
        CFOP_WEBHOOK_ALLOW_HOSTS: 'http://x',
      }),
    ).toEqual([
      // The data folder's.
      'DATABASE_URL',
      'CFOP_DB_POOL_SIZE',
      'CFOP_DB_CONNECT_TIMEOUT_SECONDS',
      'CFOP_DB_STATEMENT_TIMEOUT_SECONDS',
      'CFOP_DB_IDLE_IN_TRANSACTION_SECONDS',
      'CFOP_PASSWORD_COST',
      'STORAGE_DIR',
      // The server's own.
      'PORT',
      'CFOP_LOG_FORMAT',
      'CFOP_LOG_LEVEL',
      // Sign-in and sessions.
      'CFOP_SESSION_TTL_HOURS',
      'CFOP_SESSION_IDLE_MINUTES',
      'CFOP_SIGNIN_WINDOW_MINUTES',
      'CFOP_SIGNIN_ACCOUNT_FAILURES',
      'CFOP_SIGNIN_ADDRESS_FAILURES',
      'CFOP_SMS_PHONE_FAILURES_PER_HOUR',
      'CFOP_SMS_ADDRESS_SENDS_PER_HOUR',
      'CFOP_SMS_SENDS_PER_HOUR',
      // What is kept: alerts, then removed files.
      'CFOP_ALERT_RETENTION_DAYS',
      'CFOP_QUARANTINE_DAYS',
      // SMS, live views, cameras, the HTTP pipeline, the metrics.
      'CFOP_SMS_WEBHOOK_URL',
      'CFOP_LIVE_MAX_STREAMS',
      'CFOP_LIVE_SOCKETS_PER_USER',
      'CFOP_CAMERA_ALLOW_HOSTS',
      'CFOP_CAMERA_PROBE_SECONDS',
      'CFOP_TRUSTED_PROXIES',
      'CFOP_IPV6_PREFIX_BITS',
      'CFOP_METRICS_ALLOW',
      // What comes in: the AI servers' alerts and heartbeats, and the links messages give.
      'CFOP_INGEST_MAX_AGE_HOURS',
      'CFOP_INGEST_MAX_AHEAD_MINUTES',
      'CFOP_INGEST_ALERTS_PER_SECOND',
      'CFOP_INGEST_ALERT_BURST',
      'CFOP_INGEST_SNAPSHOT_MB_PER_HOUR',
      'CFOP_INGEST_PASSAGES_PER_SECOND',
      'CFOP_INGEST_PASSAGE_BURST',
      'CFOP_HEALTH_OFFLINE_AFTER_SECONDS',
      'CFOP_HEALTH_OFFLINE_LEVEL',
      'CFOP_HEALTH_BACK_LEVEL',
      'CFOP_SNAPSHOT_LINK_HOURS',
      // Notifications, then recording.
      'CFOP_SITE_TIME_ZONE',
      'CFOP_PUBLIC_URL',
      'CFOP_WEBHOOK_ALLOW_HOSTS',
      'CFOP_NOTIFY_MAX_AGE_HOURS',
      'CFOP_SMS_PHONE_SENDS_PER_HOUR',
      'CFOP_RECORDING_QUOTA_GB',
      'CFOP_RECORDING_SEGMENT_SECONDS',
      'CFOP_RECORDING_RETENTION_DAYS',
      'CFOP_RECORDING_MIN_FREE_GB',
      'CFOP_RECORDING_ALERT_PRE_SECONDS',
      'CFOP_RECORDING_ALERT_POST_SECONDS',
      'CFOP_RECORDING_MAX_STREAMS',
      'CFOP_RECORDING_MAX_CLIP_EXPORTS',
    ]);
  });

  it('lowers the password cost only for tests, and caps it', () => {
    expect(readServerConfig({ CFOP_PASSWORD_COST: '16' }).passwordCost).toBe(16);
    expect(readStoreConfig({ CFOP_PASSWORD_COST: '4', NODE_ENV: 'test' }).passwordCost).toBe(4);
    for (const env of [{ CFOP_PASSWORD_COST: '4' }, { CFOP_PASSWORD_COST: '14', NODE_ENV: 'production' }]) {
      expect(() => readServerConfig(env)).toThrow(
        'CFOP_PASSWORD_COST：应为 15 到 17 的整数（低于 15 仅限测试，需 NODE_ENV=test）',
      );
      expect(() => readStoreConfig(env)).toThrow(/CFOP_PASSWORD_COST/);
    }
    for (const cost of ['18', '0', '4.5', 'low']) {
      expect(() => readStoreConfig({ CFOP_PASSWORD_COST: cost, NODE_ENV: 'test' })).toThrow(
        'CFOP_PASSWORD_COST：应为 1 到 17 的整数',
      );
    }
  });

  it('aims ONVIF discovery at a loopback port only for tests', () => {
    expect(readServerConfig({}).onvifDiscoveryTarget).toEqual({ address: '239.255.255.250', port: 3702 });
    const test = { CFOP_ONVIF_DISCOVERY_TEST_PORT: '41234', NODE_ENV: 'test' };
    expect(readServerConfig(test).onvifDiscoveryTarget).toEqual({ address: '127.0.0.1', port: 41234 });
    for (const env of [
      { CFOP_ONVIF_DISCOVERY_TEST_PORT: '41234' },
      { CFOP_ONVIF_DISCOVERY_TEST_PORT: '41234', NODE_ENV: 'production' },
      { CFOP_ONVIF_DISCOVERY_TEST_PORT: '70000', NODE_ENV: 'test' },
      { CFOP_ONVIF_DISCOVERY_TEST_PORT: '10.0.0.9:3702', NODE_ENV: 'test' },
    ])
      expect(() => readServerConfig(env)).toThrow(
        'CFOP_ONVIF_DISCOVERY_TEST_PORT：仅限测试（需 NODE_ENV=test），应为 1 到 65535 的端口号',
      );
  });

  it('reads DATABASE_URL, refusing what is not PostgreSQL without repeating it', () => {
    const url = 'postgres://cfop:s3cret@db.example:5432/cfop';
    expect(readServerConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    expect(readStoreConfig({ DATABASE_URL: 'postgresql://db/cfop' }).databaseUrl).toBe(
      'postgresql://db/cfop',
    );
    // As pg reads it: no host, the unix socket's folder in ?host=.
    for (const socket of ['postgres://cfop@/cfop?host=/run/postgresql', 'postgres:///cfop?host=/tmp'])
      expect(readServerConfig({ DATABASE_URL: socket }).databaseUrl).toBe(socket);
    for (const bad of ['mysql://cfop:s3cret@db/cfop', 'postgres://', 'db.example:5432/s3cret']) {
      let message = '';
      try {
        readServerConfig({ DATABASE_URL: bad });
      } catch (error) {
        message = (error as InvalidValuesError).message;
      }
      expect(message).toContain('DATABASE_URL：应为 PostgreSQL 地址');
      expect(message).toContain('DATABASE_URL: must be a PostgreSQL URL');
      expect(message).not.toContain('s3cret');
    }
  });

  it("reads PostgreSQL's pool size and time-outs, naming each bad one", () => {
    expect(readStoreConfig({}).postgres).toEqual({
      poolSize: 10,
      connectTimeoutSeconds: 5,
      statementTimeoutSeconds: 30,
      idleInTransactionSeconds: 60,
    });
    expect(
      readServerConfig({
        CFOP_DB_POOL_SIZE: '25',
        CFOP_DB_CONNECT_TIMEOUT_SECONDS: '2',
        CFOP_DB_STATEMENT_TIMEOUT_SECONDS: '0',
        CFOP_DB_IDLE_IN_TRANSACTION_SECONDS: '600',
      }).postgres,
    ).toEqual({
      poolSize: 25,
      connectTimeoutSeconds: 2,
      statementTimeoutSeconds: 0,
      idleInTransactionSeconds: 600,
    });
    let message = '';
    try {
      readServerConfig({
        CFOP_DB_POOL_SIZE: '0',
        CFOP_DB_CONNECT_TIMEOUT_SECONDS: '0',
        CFOP_DB_STATEMENT_TIMEOUT_SECONDS: '1.5',
        CFOP_DB_IDLE_IN_TRANSACTION_SECONDS: 'never',
      });
    } catch (error) {
      message = (error as InvalidValuesError).message;
    }
    expect(message).toContain('CFOP_DB_POOL_SIZE：应为 1 到 1000 的整数');
    expect(message).toContain('CFOP_DB_CONNECT_TIMEOUT_SECONDS：应为 1 到 86400 的整数秒数');
    expect(message).toContain(
      'CFOP_DB_STATEMENT_TIMEOUT_SECONDS: must be a whole number of seconds from 0 to 86400',
    );
    expect(message).toContain('CFOP_DB_IDLE_IN_TRANSACTION_SECONDS');
  });

  it('reads STORAGE_DIR, an absolute path, refusing a relative one', () => {
    expect(readServerConfig({}).storageDir).toBeUndefined();
    expect(readServerConfig({ STORAGE_DIR: '/srv/cfop-storage' }).storageDir).toBe('/srv/cfop-storage');
    expect(() => readServerConfig({ STORAGE_DIR: 'shared/files' })).toThrow(
      /STORAGE_DIR：应为绝对路径[\s\S]*STORAGE_DIR: must be an absolute path/,
    );
  });
});
