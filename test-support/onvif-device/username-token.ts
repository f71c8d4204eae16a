import { createHash, timingSafeEqual } from 'node:crypto';

/** The text of the first element named `name` (any prefix) in `xml`, or null. */
export function elementText(xml: string, name: string): string | null {
  const found = new RegExp(`<(?:[\\w-]+:)?${name}\\b[^>]*>([^<]*)</(?:[\\w-]+:)?${name}>`).exec(xml);
  return found ? (found[1] as string) : null;
}

/**
 * Whether the request's WS-Security UsernameToken names `username` with a PasswordDigest of
 * `password`: Base64(SHA-1(nonce bytes + Created + password)), as ONVIF's core spec has it.
 */
export function usernameTokenValid(xml: string, username: string, password: string): boolean {
  const sentUser = elementText(xml, 'Username');
  const digest = elementText(xml, 'Password');
  const nonce = elementText(xml, 'Nonce');
  const created = elementText(xml, 'Created');
  if (sentUser !== username || digest === null || nonce === null || created === null) return false;
  const expected = createHash('sha1')
    .update(Buffer.concat([Buffer.from(nonce, 'base64'), Buffer.from(created), Buffer.from(password)]))
    .digest();
  const sent = Buffer.from(digest, 'base64');
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
