import type { LocalText } from '../kernel/locale';
import { joinStreamUrl, splitStreamUrl } from './stream-address';

/** What every answer shows in place of a stream URL's password. */
export const passwordMask = '******';

/** A set secret (a signing secret, a device password) as every answer shows it: the mask; none as ''. */
export const maskSecret = (value: unknown) =>
  typeof value === 'string' && value !== '' ? passwordMask : value;

/** Credentials in a stream address never reach a log line: `rtsp://user:pass@host` → `rtsp://***@host`. */
export function hideCredentials(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1***@');
}

/** The password part of `user:password`, or null when the URL carries none. */
function passwordOf(userinfo: string | null): string | null {
  const colon = userinfo?.indexOf(':') ?? -1;
  return userinfo === null || colon < 0 ? null : userinfo.slice(colon + 1);
}

/**
 * A stream URL as answers show it: the user name kept, the password masked
 * (`rtsp://admin:******@10.0.0.5/stream`); a URL without a password as it is.
 */
export function maskStreamPassword(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const parts = splitStreamUrl(value);
  if (!parts || passwordOf(parts.userinfo) === null) return value;
  const user = (parts.userinfo as string).slice(0, (parts.userinfo as string).indexOf(':'));
  return joinStreamUrl({ ...parts, userinfo: `${user}:${passwordMask}` });
}

export const maskWithoutPassword: LocalText = {
  zh: '密码是掩码，请重新输入密码（只有协议、用户名、主机与端口都不变时才沿用已保存的密码）',
  en: 'the password is the mask: type it again (the stored password is kept only while scheme, user, host and port stay the same)',
};

/**
 * The URL to store when an edit sends `sent` over `stored`: a password exactly the mask means "keep
 * the stored one", so the edit form round-trips without ever holding it. The stored password is only
 * reused for the same scheme, user, host and port: otherwise an operator who cannot see it could
 * send it to a server of their own. Null when the mask cannot be resolved (the caller answers a 400).
 */
export function keepStoredPassword(sent: string, stored: string | null): string | null {
  const parts = splitStreamUrl(sent);
  if (!parts || passwordOf(parts.userinfo) !== passwordMask) return sent;
  const before = stored === null ? null : splitStreamUrl(stored);
  const storedPassword = passwordOf(before?.userinfo ?? null);
  const user = (info: string | null) => info?.slice(0, info.indexOf(':'));
  const same =
    before !== null &&
    storedPassword !== null &&
    before.scheme === parts.scheme &&
    before.host.toLowerCase() === parts.host.toLowerCase() &&
    before.port === parts.port &&
    user(before.userinfo) === user(parts.userinfo);
  return same ? joinStreamUrl({ ...parts, userinfo: before.userinfo }) : null;
}
