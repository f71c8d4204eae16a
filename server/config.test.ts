import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readServerConfig } from './config';

describe('server settings from the environment', () => {
  it('has working defaults', () => {
    expect(readServerConfig({})).toEqual({
      port: 8000,
      host: '127.0.0.1',
      dataDir: resolve('data'),
      sessionTtlHours: 12,
      alertRetentionDays: 90,
      quarantineDays: 30,
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
      CFOP_QUARANTINE_DAYS: '7',
    });
    expect(config).toMatchObject({
      port: 9100,
      host: '0.0.0.0',
      dataDir: '/srv/cfop',
      sessionTtlHours: 0.5,
      liveMaxStreams: 4,
      alertRetentionDays: 30,
      quarantineDays: 7,
      admin: { password: ' spaced pass1 ', phone: '13800138000' },
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
        CFOP_QUARANTINE_DAYS: '0',
      }),
    ).toThrow(
      /PORT：[\s\S]*CFOP_SESSION_TTL_HOURS：[\s\S]*CFOP_ALERT_RETENTION_DAYS：[\s\S]*CFOP_QUARANTINE_DAYS：[\s\S]*CFOP_SMS_WEBHOOK_URL：[\s\S]*CFOP_LIVE_MAX_STREAMS：/,
    );
    expect(() => readServerConfig({ CFOP_SMS_SENDER: 'carrier-pigeon' })).toThrow(
      'CFOP_SMS_SENDER：必须是以下之一：log、webhook',
    );
  });
});
