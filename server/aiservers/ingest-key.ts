import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../kernel/session-token';

/** A new ingest key (256 random bits, base64url) and the digest that is all the server keeps of it. */
export function newIngestKey(): { key: string; hash: string } {
  const key = randomBytes(32).toString('base64url');
  return { key, hash: sha256Hex(key) };
}
