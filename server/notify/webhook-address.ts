import type { LocalText } from '../http/locale';
import { hostVerdict, type StreamAddressPolicy } from '../cameras/stream-address';

/** Where webhooks may point: the camera address rules, with their own allow-list (CFOP_WEBHOOK_ALLOW_HOSTS). */
export type WebhookAddressPolicy = StreamAddressPolicy;

const notHttp: LocalText = {
  zh: '只支持 http:// 与 https:// 地址',
  en: 'only http:// and https:// addresses are allowed',
};
const badHost: LocalText = { zh: '主机名或 IP 地址不正确', en: 'the host name or IP address is not valid' };
const forbiddenHost: LocalText = {
  zh: '不能指向服务器本机、链路本地地址或云元数据服务（确需使用请由管理员加入 CFOP_WEBHOOK_ALLOW_HOSTS）',
  en: 'must not point at the server itself, a link-local address or a cloud metadata service (an administrator may list it in CFOP_WEBHOOK_ALLOW_HOSTS)',
};

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
