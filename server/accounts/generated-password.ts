import { randomInt } from 'node:crypto';
import type { ValueCheck } from '../contract/value-check';

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * 20 characters without look-alikes (≈ 116 bits), redrawn until the contract's NewPassword accepts
 * it: the first administrator's password and every password reset.
 */
export function generatePassword(check: ValueCheck): string {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const password = Array.from({ length: 20 }, () => alphabet[randomInt(alphabet.length)]).join('');
    if (check('NewPassword', password, 'password').length === 0) return password;
  }
  throw new Error('components.schemas.NewPassword rejects every generated password');
}
