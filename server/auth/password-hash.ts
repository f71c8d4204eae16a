import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// N = 2^15 costs ~32 MiB and ~60 ms per hash: slow for guessing, yet a burst of sign-ins cannot
// exhaust memory. The parameters live in each hash, so raising them later keeps old hashes valid.
const current = { N: 2 ** 15, r: 8, p: 1 };
const keyLength = 64;
const saltLength = 16;

function derive(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
  length = keyLength,
): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N=32768,r=8,p=1$<salt base64>$<key base64>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, current);
  return `scrypt$N=${current.N},r=${current.r},p=${current.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(stored);
  if (!match) return false;
  const [, N, r, p, salt = '', key = ''] = match;
  const expected = Buffer.from(key, 'base64');
  const params = { N: Number(N), r: Number(r), p: Number(p) };
  const actual = await derive(password, Buffer.from(salt, 'base64'), params, expected.length);
  return timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | undefined;

/** A hash no password matches, verified against when the user is unknown so both paths take as long. */
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(32).toString('hex'));
  return decoy;
}
