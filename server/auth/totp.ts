import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. A code of the
 * step before or after the server's is accepted too, for a phone's clock a little off.
 */
const period = 30;
const window = 1;

function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: '运营平台',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret of 160 bits (RFC 4226's recommendation), in base32 for typing by hand. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** What an authenticator app is given: the otpauth URI, and a QR code of it as an SVG document. */
export async function totpEnrolment(secret: string, username: string) {
  const uri = totpOf(secret, username).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

/**
 * The time step of `code` if it is right for `secret` at `now` (within the window), else null: the
 * caller keeps the last step accepted and refuses any code of that step or earlier (no replay).
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const totp = totpOf(secret);
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

/** The code an authenticator shows at `at` (tests sign in with it). */
export function totpCodeAt(secret: string, at: Date): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}
