import { afterEach, describe, expect, it } from 'vitest';
import {
  decoyHash,
  defaultPasswordCost,
  hashPassword,
  testPasswordCost,
  choosePasswordCost,
  verifyPassword,
} from './password-hash';

const costOf = (hash: string) => /^scrypt\$N=(\d+),/.exec(hash)?.[1];

describe('password hashes', () => {
  it('names the algorithm and its parameters, salts every hash and verifies only the right password', async () => {
    const first = await hashPassword('s3cret-pass');
    const second = await hashPassword('s3cret-pass');
    expect(first).toMatch(/^scrypt\$N=\d+,r=\d+,p=\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('s3cret-pass', first)).toBe(true);
    expect(await verifyPassword('s3cret-pasS', first)).toBe(false);
  });

  it('keeps verifying hashes made with other parameters, and rejects what it cannot read', async () => {
    const hash = await hashPassword('pw');
    const [, , salt, key] = hash.split('$');
    expect(await verifyPassword('pw', `scrypt$N=1024,r=8,p=1$${salt}$${key}`)).toBe(false);
    expect(await verifyPassword('pw', 'plain-text')).toBe(false);
    expect(await verifyPassword('pw', '')).toBe(false);
  });

  it('has a decoy no password matches', async () => {
    expect(await verifyPassword('', await decoyHash())).toBe(false);
  });
});

describe('password cost', () => {
  afterEach(() => choosePasswordCost(testPasswordCost));

  it('hashes and makes its decoy at the chosen cost, and verifies hashes made at any cost', async () => {
    const cheap = await hashPassword('s3cret-pass');
    expect(costOf(cheap)).toBe(String(2 ** testPasswordCost));
    expect(costOf(await decoyHash())).toBe(String(2 ** testPasswordCost));
    choosePasswordCost(defaultPasswordCost);
    expect(costOf(await decoyHash())).toBe('32768');
    const dear = await hashPassword('s3cret-pass');
    expect(costOf(dear)).toBe('32768');
    expect(await verifyPassword('s3cret-pass', cheap)).toBe(true);
    choosePasswordCost(testPasswordCost);
    expect(await verifyPassword('s3cret-pass', dear)).toBe(true);
  });

  it('takes only a whole cost from 1 to 17', () => {
    for (const cost of [0, 18, 4.5, Number.NaN]) expect(() => choosePasswordCost(cost)).toThrow(RangeError);
  });
});
