import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt's cost as log2 N. 15 costs ~32 MiB and ~60 ms per hash: slow for guessing, yet a burst of
 * sign-ins cannot exhaust memory. The parameters live in each hash, so a hash made at another cost
 * keeps verifying.
 */
export const defaultPasswordCost = 15;
/** 2^17 takes 128 MiB per hash; the hashing gate runs up to 3 at once. */
export const maxPasswordCost = 17;
/** Microseconds per hash, for tests only: fixtures and sign-ins hash thousands of passwords. */
export const testPasswordCost = 4;

const paramsOf = (cost: number) => ({ N: 2 ** cost, r: 8, p: 1 });
let current = paramsOf(defaultPasswordCost);
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

/**
 * Chooses the cost of every hash this process makes from now on, once at its start: the server and
 * the operator CLI from CFOP_PASSWORD_COST (server/config.ts refuses a cost below the default
 * outside tests), the unit tests in their set-up.
 */
export function choosePasswordCost(cost: number): void {
  if (!(Number.isInteger(cost) && cost >= 1 && cost <= maxPasswordCost)) {
    throw new RangeError(`a password cost is a whole number from 1 to ${maxPasswordCost}, not ${cost}`);
  }
  current = paramsOf(cost);
  // The decoy must cost what a real hash costs, or an unknown name answers faster.
  decoy = undefined;
}

/** A hash no password matches, verified against when the user is unknown so both paths take as long. */
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(32).toString('hex'));
  return decoy;
}
