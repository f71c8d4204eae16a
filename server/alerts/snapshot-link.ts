import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How links to alert snapshots are signed: a webhook's receiver (a phone in a DingTalk group) opens
 * the picture without signing in, for as long as the link lasts.
 */
export interface SnapshotLinkSettings {
  /** DATA_DIR/snapshot-link.key, made on first start; never logged, never answered. */
  readonly secret: Buffer;
  /** CFOP_SNAPSHOT_LINK_HOURS. */
  readonly lifetimeMs: number;
}

/** Three days: a weekend's alerts can still be looked at on Monday morning. */
export const defaultSnapshotLinkHours = 72;
/** A month: beyond it a leaked message shows its picture for longer than anyone needs it. */
export const maxSnapshotLinkHours = 720;

/** A link's query: its expiry (Unix seconds) and signature (base64url of HMAC-SHA256). */
export interface SnapshotLinkQuery {
  readonly expires: number;
  readonly signature: string;
}

/** Why a link opens nothing, or that it opens its snapshot. */
export type SnapshotLinkCheck = 'valid' | 'forged' | 'expired';

// The purpose is signed with the id and expiry, so a signature made for any other link the
// server may sign with the same key one day never opens a snapshot.
const purpose = 'alert-snapshot';

function signatureOf(secret: Buffer, fileId: number, expires: number): Buffer {
  return createHmac('sha256', secret).update(`${purpose}\n${fileId}\n${expires}`).digest();
}

/** The query of a link to snapshot `fileId` made at `now`, lasting the configured lifetime. */
export function signSnapshotLink(
  settings: SnapshotLinkSettings,
  fileId: number,
  now: Date,
): SnapshotLinkQuery {
  const expires = Math.floor((now.getTime() + settings.lifetimeMs) / 1000);
  return { expires, signature: signatureOf(settings.secret, fileId, expires).toString('base64url') };
}

/**
 * Whether a link's query opens snapshot `fileId` at `now`. The signature is compared in constant
 * time. A link expiring later than one made now would is refused too: shortening
 * CFOP_SNAPSHOT_LINK_HOURS shortens the links already sent.
 */
export function checkSnapshotLink(
  settings: SnapshotLinkSettings,
  fileId: number,
  link: SnapshotLinkQuery,
  now: Date,
): SnapshotLinkCheck {
  // Compared as text: decoding would ignore the spare bits of the last character, so two
  // spellings would open the same link.
  const given = Buffer.from(link.signature);
  const expected = Buffer.from(signatureOf(settings.secret, fileId, link.expires).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  const nowSeconds = now.getTime() / 1000;
  if (link.expires <= nowSeconds || link.expires > nowSeconds + settings.lifetimeMs / 1000) return 'expired';
  return 'valid';
}
