import { describe, expect, it } from 'vitest';
import { decoyHash, hashPassword, verifyPassword } from './password-hash';

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
