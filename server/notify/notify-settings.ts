import { wholeHours, type SettingsReader } from '../kernel/env-settings';
import { isTimeZone } from '../kernel/zoned-time';
import {
  noAllowedHosts,
  readAllowedHosts,
  systemLookup,
  type AllowedHosts,
  type HostLookup,
} from '../streams/stream-address';
import type { WindowLimit } from '../auth/sliding-window';
import type { WebhookAddressPolicy } from './webhook-address';

/** How notifications are told and sent (CFOP_SITE_TIME_ZONE, CFOP_PUBLIC_URL, CFOP_WEBHOOK_ALLOW_HOSTS, …). */
export interface NotifySettings {
  /** The zone rules' weekly windows and messages' times are read in. */
  readonly timeZone: string;
  /** The console's address as receivers reach it, for the links in messages. */
  readonly publicUrl: string;
  /** Where webhooks may point, and how their names are resolved. */
  readonly webhookPolicy: WebhookAddressPolicy;
  /** A message not delivered this long after it was queued is given up (marked failed). */
  readonly maxAgeMs: number;
  /** How often the outbox is looked at for due messages. */
  readonly pollMs: number;
  /** Notification and test SMS one number may get an hour; more wait for room (CFOP_SMS_PHONE_SENDS_PER_HOUR). */
  readonly smsPerPhone: WindowLimit;
}

/** Chinese sites first: the zone of the whole mainland. */
export const defaultSiteTimeZone = 'Asia/Shanghai';

/** A day: a receiver down over a night and a morning still gets what it missed. */
export const defaultNotifyMaxAgeHours = 24;

export const defaultNotifyPollMs = 1000;

/**
 * Twenty SMS an hour to one phone: a guard on duty reads every one of them, one every three minutes
 * on average; beyond that a phone only buzzes, and the console's wall is the place to look.
 */
export const defaultSmsPhoneSendsPerHour = 20;

/** What createApp takes; each unset one takes its default. */
export interface NotifyOptions {
  /** CFOP_SITE_TIME_ZONE; default Asia/Shanghai. */
  readonly timeZone?: string;
  /** CFOP_PUBLIC_URL; default http://127.0.0.1:8000. */
  readonly publicUrl?: string;
  /** CFOP_WEBHOOK_ALLOW_HOSTS; default none. */
  readonly allowedHosts?: AllowedHosts;
  /** Name resolution for webhook hosts; tests pass a table. */
  readonly lookup?: HostLookup;
  /** CFOP_NOTIFY_MAX_AGE_HOURS; default 24. */
  readonly maxAgeHours?: number;
  /** How often the outbox is looked at; default 1 s. */
  readonly pollMs?: number;
  /** CFOP_SMS_PHONE_SENDS_PER_HOUR; default 20. */
  readonly smsPhoneSendsPerHour?: number;
}

export function notifySettings(options: NotifyOptions = {}): NotifySettings {
  return {
    timeZone: options.timeZone ?? defaultSiteTimeZone,
    publicUrl: options.publicUrl ?? 'http://127.0.0.1:8000',
    webhookPolicy: {
      allowed: options.allowedHosts ?? noAllowedHosts,
      lookup: options.lookup ?? systemLookup,
      writeLookupMs: 2000,
    },
    maxAgeMs: (options.maxAgeHours ?? defaultNotifyMaxAgeHours) * 3_600_000,
    pollMs: options.pollMs ?? defaultNotifyPollMs,
    smsPerPhone: { limit: options.smsPhoneSendsPerHour ?? defaultSmsPhoneSendsPerHour, windowMs: 3_600_000 },
  };
}

/**
 * Reads the notification settings (CFOP_SITE_TIME_ZONE, CFOP_PUBLIC_URL, CFOP_WEBHOOK_ALLOW_HOSTS,
 * CFOP_NOTIFY_MAX_AGE_HOURS, CFOP_SMS_PHONE_SENDS_PER_HOUR); the public address defaults to the
 * server's own on `port`.
 */
export function readNotifyOptions(
  settings: SettingsReader,
  port: number,
): { readonly notify: NotifyOptions } {
  const timeZone = settings.text('CFOP_SITE_TIME_ZONE') ?? defaultSiteTimeZone;
  if (!isTimeZone(timeZone))
    settings.bad(
      'CFOP_SITE_TIME_ZONE',
      '必须是 IANA 时区名，如 Asia/Shanghai',
      'must be an IANA time zone name such as Asia/Shanghai',
    );
  const publicUrl = settings.text('CFOP_PUBLIC_URL') ?? `http://127.0.0.1:${port}`;
  if (!/^https?:\/\//.test(publicUrl) || !URL.canParse(publicUrl))
    settings.bad(
      'CFOP_PUBLIC_URL',
      '必须是控制台的 http(s) 地址，如 https://console.example.com',
      "must be the console's http(s) address, such as https://console.example.com",
    );
  const allowedHosts = readAllowedHosts(settings, 'CFOP_WEBHOOK_ALLOW_HOSTS');
  return {
    notify: {
      timeZone,
      publicUrl,
      allowedHosts,
      maxAgeHours: settings.number('CFOP_NOTIFY_MAX_AGE_HOURS', {
        fallback: defaultNotifyMaxAgeHours,
        min: 1,
        max: 24 * 30,
        noun: wholeHours,
      }),
      smsPhoneSendsPerHour: settings.number('CFOP_SMS_PHONE_SENDS_PER_HOUR', {
        fallback: defaultSmsPhoneSendsPerHour,
        min: 1,
        max: 1_000_000,
      }),
    },
  };
}
