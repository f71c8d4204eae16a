import type { LocalText } from '../kernel/locale';
import { badHost, forbiddenHostFor, hostVerdict, type StreamAddressPolicy } from '../streams/stream-address';

/** Where webhooks may point: the camera address rules, with their own allow-list (CFOP_WEBHOOK_ALLOW_HOSTS). */
export type WebhookAddressPolicy = StreamAddressPolicy;

const notHttp: LocalText = {
  zh: '只支持 http:// 与 https:// 地址',
  en: 'only http:// and https:// addresses are allowed',
};
const forbiddenHost = forbiddenHostFor('CFOP_WEBHOOK_ALLOW_HOSTS');

/**
 * What is wrong with a webhook URL an administrator saves, or null. A webhook is a request the
 * server makes to an address someone typed: the same rules as a camera's keep it from reaching the
 * server itself or a cloud metadata service, and credentials in the URL are refused (a robot's
 * token goes in its query).
 */
export async function webhookUrlProblem(
  url: string,
  policy: WebhookAddressPolicy,
): Promise<LocalText | null> {
  if (!URL.canParse(url)) return notHttp;
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return notHttp;
  if (parsed.username !== '' || parsed.password !== '') return badHost;
  const verdict = await hostVerdict(parsed.host.replace(/:\d+$/, ''), policy);
  return verdict === 'bad' ? badHost : verdict === 'forbidden' ? forbiddenHost : null;
}
