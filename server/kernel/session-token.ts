import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits as 64 hex characters (openapi.yaml components.schemas.Session.token). */
export function newSessionToken(): string {
  return randomBytes(32).toString('hex');
}

export function isWellFormedToken(token: string): boolean {
  return /^[0-9a-f]{64}$/.test(token);
}

/** Only this digest is stored, so a copy of the database holds no usable token. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
