import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSignInLimits } from './auth/sign-in-limits';
import { readServerConfig } from './config';

describe('server settings from the environment', () => {
  it('has working defaults', () => {
    expect(readServerConfig({})).toEqual({
      port: 8000,
      host: '127.0.0.1',
      dataDir: resolve('data'),
      sessionTtlHours: 12,
      sessionIdleMinutes: 30,
      signInLimits: defaultSignInLimits,
      alertRetentionDays: 90,
      smsSender: undefined,
      liveMaxStreams: undefined,
      admin: { password: undefined, phone: undefined },
    });
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
      CFOP_ALERT_RETENTION_DAYS: '30',
      CFOP_SESSION_IDLE_MINUTES: '120',
      CFOP_SIGNIN_WINDOW_MINUTES: '30',
      CFOP_SIGNIN_ACCOUNT_FAILURES: '8',
      CFOP_SIGNIN_ADDRESS_FAILURES: '100',
      CFOP_SMS_PHONE_FAILURES_PER_HOUR: '6',
      CFOP_SMS_ADDRESS_SENDS_PER_HOUR: '50',
      CFOP_SMS_SENDS_PER_HOUR: '1000',
    });
    expect(config).toMatchObject({
      port: 9100,
      host: '0.0.0.0',
      dataDir: '/srv/cfop',
      sessionTtlHours: 0.5,
      liveMaxStreams: 4,
      alertRetentionDays: 30,
      admin: { password: ' spaced pass1 ', phone: '13800138000' },
      sessionIdleMinutes: 120,
      signInLimits: {
        account: { limit: 8, windowMs: 30 * 60_000 },
        address: { limit: 100, windowMs: 30 * 60_000 },
        smsPhone: { limit: 6, windowMs: 3_600_000 },
        smsAddressSends: { limit: 50, windowMs: 3_600_000 },
        smsSends: { limit: 1000, windowMs: 3_600_000 },
      },
    });
    expect(config.smsSender).toBeDefined();
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
      }),
    ).toThrow(
      /PORT：[\s\S]*CFOP_SESSION_TTL_HOURS：[\s\S]*CFOP_ALERT_RETENTION_DAYS：[\s\S]*CFOP_SMS_WEBHOOK_URL：[\s\S]*CFOP_LIVE_MAX_STREAMS：/,
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
    expect(() => readServerConfig({ CFOP_SMS_SENDER: 'carrier-pigeon' })).toThrow(
      'CFOP_SMS_SENDER：必须是以下之一：log、webhook',
    );
  });
});
