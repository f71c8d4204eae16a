import { createHmac } from 'node:crypto';
import type { AlertLevel, NotifyWebhookKind } from '../db/schema';
import { siteTime } from '../kernel/zoned-time';
import { signSnapshotLink, type SnapshotLinkSettings } from '../alerts/snapshot-link';
import type { Notice } from './notice';

// Pure: what each receiver is sent for a notice. No I/O, so each format is tested on its own.

export type WebhookFormat = Exclude<NotifyWebhookKind, 'none'>;

/** What a message tells beyond its first alert. */
export interface MessageFacts {
  readonly notice: Notice;
  /** Alerts the message stands for: the first and those merged into it within the cool-down. */
  readonly count: number;
  /** The console's wall showing the alert. */
  readonly alertUrl: string;
  /** The snapshot's signed, time-limited link (no sign-in needed), or null when the alert has none. */
  readonly snapshotUrl: string | null;
  /** CFOP_SITE_TIME_ZONE: the zone the message's times are told in. */
  readonly timeZone: string;
}

/** One webhook request: the URL (with its query signature) and the JSON body. */
export interface WebhookRequest {
  readonly url: string;
  readonly body: string;
}

const levelNames: Readonly<Record<AlertLevel, string>> = {
  low: '低',
  medium: '中',
  high: '高',
  critical: '紧急',
};

const moreText = (count: number) =>
  count > 1 ? `（冷却期内另有 ${count - 1} 条 / and ${count - 1} more）` : '';

/** The lines every robot message shows, as `name: value` pairs. */
function facts(message: MessageFacts): [string, string][] {
  const { notice } = message;
  return [
    ['级别 Level', `${levelNames[notice.level]} (${notice.level})`],
    ['类型 Type', notice.label === notice.labelEn ? notice.label : `${notice.label} / ${notice.labelEn}`],
    ['摄像头 Camera', notice.cameraName || '—'],
    ['区域 Area', notice.area || '—'],
    ['时间 Time', `${siteTime(notice.occurredAt, message.timeZone)} (${message.timeZone})`],
    ...(message.count > 1 ? [['数量 Count', String(message.count)] as [string, string]] : []),
  ];
}

const titleOf = (message: MessageFacts) =>
  `【${levelNames[message.notice.level]}】${message.notice.label}${moreText(message.count)}`;

/** Markdown for the robots; DingTalk's shows the snapshot itself, WeCom's only links to it. */
function markdown(message: MessageFacts, showsImages: boolean): string {
  const lines = facts(message).map(([name, value]) => `- ${name}: ${value}`);
  const { snapshotUrl } = message;
  const image = snapshotUrl && showsImages ? ['', `![抓拍图 / Snapshot](${snapshotUrl})`] : [];
  const links = [
    `[查看告警 / Open the alert](${message.alertUrl})`,
    ...(snapshotUrl && !showsImages ? [`[抓拍图 / Snapshot](${snapshotUrl})`] : []),
  ];
  return [`### ${titleOf(message)}`, '', ...lines, ...image, '', links.join('  ')].join('\n');
}

function plainText(message: MessageFacts): string {
  const lines = facts(message).map(([name, value]) => `${name}: ${value}`);
  const links = [`查看告警 / Open: ${message.alertUrl}`];
  if (message.snapshotUrl) links.push(`抓拍图 / Snapshot: ${message.snapshotUrl}`);
  return [titleOf(message), ...lines, ...links].join('\n');
}

const base64Hmac = (key: string, data: string) => createHmac('sha256', key).update(data).digest('base64');

/** DingTalk's robot signature: the query's `timestamp` (ms) and `sign`. */
export function dingTalkSign(secret: string, timestampMs: number): string {
  return base64Hmac(secret, `${timestampMs}\n${secret}`);
}

/** Feishu's robot signature: HMAC-SHA256 keyed by `timestamp\nsecret` over nothing. */
export function feishuSign(secret: string, timestampSeconds: number): string {
  return base64Hmac(`${timestampSeconds}\n${secret}`, '');
}

/** The request a webhook of this format is sent for a message at `now` (the signature's time). */
export function webhookRequest(
  format: WebhookFormat,
  target: { readonly url: string; readonly secret: string },
  message: MessageFacts,
  now: Date,
): WebhookRequest {
  switch (format) {
    case 'dingtalk': {
      const body = {
        msgtype: 'markdown',
        markdown: { title: titleOf(message), text: markdown(message, true) },
      };
      if (target.secret === '') return { url: target.url, body: JSON.stringify(body) };
      const timestamp = now.getTime();
      const url = new URL(target.url);
      url.searchParams.set('timestamp', String(timestamp));
      url.searchParams.set('sign', dingTalkSign(target.secret, timestamp));
      return { url: url.toString(), body: JSON.stringify(body) };
    }
    case 'wecom':
      return {
        url: target.url,
        body: JSON.stringify({ msgtype: 'markdown', markdown: { content: markdown(message, false) } }),
      };
    case 'feishu': {
      const content = { msg_type: 'text', content: { text: plainText(message) } };
      if (target.secret === '') return { url: target.url, body: JSON.stringify(content) };
      const timestamp = Math.floor(now.getTime() / 1000);
      const signed = { timestamp: String(timestamp), sign: feishuSign(target.secret, timestamp), ...content };
      return { url: target.url, body: JSON.stringify(signed) };
    }
    case 'json': {
      const { notice } = message;
      const body = {
        event: 'alert',
        ...notice,
        occurredAtLocal: siteTime(notice.occurredAt, message.timeZone),
        timeZone: message.timeZone,
        count: message.count,
        alertUrl: message.alertUrl,
        snapshotUrl: message.snapshotUrl,
      };
      return { url: target.url, body: JSON.stringify(body) };
    }
  }
}

/**
 * Whether the receiver took the message: a 2xx answer, and for the robots no error code in it
 * (DingTalk and WeCom answer 200 with `errcode`, Feishu with `code`, when they refuse one).
 */
export function webhookAccepted(format: WebhookFormat, status: number, answer: string): boolean {
  if (status < 200 || status > 299) return false;
  if (format === 'json') return true;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch {
    return true;
  }
  if (typeof parsed !== 'object' || parsed === null) return true;
  const code =
    format === 'feishu' ? (parsed as { code?: unknown }).code : (parsed as { errcode?: unknown }).errcode;
  return code === undefined || code === 0;
}

/** The short SMS text: level, type, camera, area, site time, the count and the link. */
export function smsText(message: MessageFacts): string {
  const { notice } = message;
  const where = [notice.cameraName, notice.area].filter(Boolean).join(' ');
  const more = message.count > 1 ? `（另有 ${message.count - 1} 条）` : '';
  const time = siteTime(notice.occurredAt, message.timeZone).slice(5, 16);
  return `【告警·${levelNames[notice.level]}】${notice.label} ${where} ${time}${more} ${message.alertUrl}`;
}

/** The console's wall, filtered to the alert's camera from its time (and the alert's id, to open it). */
export function alertLink(publicUrl: string, notice: Notice): string {
  const query = new URLSearchParams({ alertId: String(notice.alertId), from: notice.occurredAt });
  if (notice.cameraId !== null) query.set('cameraId', String(notice.cameraId));
  return `${publicUrl.replace(/\/+$/, '')}/monitor/ai?${query.toString()}`;
}

/**
 * The snapshot's signed link made at `now`: whoever holds the message opens the picture without
 * signing in until the link expires (getSharedAlertSnapshot).
 */
export function snapshotLink(
  publicUrl: string,
  basePath: string,
  notice: Notice,
  links: SnapshotLinkSettings,
  now: Date,
): string | null {
  const id = notice.snapshotFileId;
  if (id === null) return null;
  const { expires, signature } = signSnapshotLink(links, id, now);
  const query = new URLSearchParams({ expires: String(expires), signature });
  return `${publicUrl.replace(/\/+$/, '')}${basePath}/shared/alert-snapshots/${id}?${query.toString()}`;
}
