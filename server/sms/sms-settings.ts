import type { SettingsReader } from '../kernel/env-settings';
import { smsSenderKinds, type SmsSender, type SmsSenderKind } from './sms-sender';
import { createWebhookSmsSender } from './webhook-sms-sender';

/** How SMS leave the server. */
export interface SmsSettings {
  /** CFOP_SMS_SENDER, CFOP_SMS_WEBHOOK_URL; undefined: the app's default log sender. */
  readonly smsSender: SmsSender | undefined;
}

export function readSmsSettings(settings: SettingsReader): SmsSettings {
  const kind = (settings.text('CFOP_SMS_SENDER') ?? 'log') as SmsSenderKind;
  if (!smsSenderKinds.includes(kind)) {
    settings.bad(
      'CFOP_SMS_SENDER',
      `必须是以下之一：${smsSenderKinds.join('、')}`,
      `must be one of: ${smsSenderKinds.join(', ')}`,
    );
    return { smsSender: undefined };
  }
  if (kind !== 'webhook') return { smsSender: undefined };
  const url = settings.text('CFOP_SMS_WEBHOOK_URL');
  if (url && /^https?:\/\//.test(url) && URL.canParse(url))
    return { smsSender: createWebhookSmsSender({ url }) };
  settings.bad(
    'CFOP_SMS_WEBHOOK_URL',
    '使用 webhook 发送短信时必须是 http(s) 地址',
    'must be an http(s) URL when CFOP_SMS_SENDER is webhook',
  );
  return { smsSender: undefined };
}
