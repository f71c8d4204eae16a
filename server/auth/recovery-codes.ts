import { randomInt } from 'node:crypto';
import { sha256Hex } from '../kernel/session-token';

/** How many codes an enrolment gives; each stands in for one code of a lost device, once. */
export const recoveryCodeCount = 10;

/** Letters and digits that cannot be misread for one another (no 0/o, 1/l/i). */
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
const groups = 4;
const groupLength = 4;

/** A code of 16 characters from 31 (about 79 bits), grouped for reading aloud: `k7pq-…`. */
export function newRecoveryCode(): string {
  return Array.from({ length: groups }, () =>
    Array.from({ length: groupLength }, () => alphabet[randomInt(alphabet.length)]).join(''),
  ).join('-');
}

/**
 * The digest kept of a code, however it was typed (case, dashes, spaces). 79 random bits need no
 * slow hash: no list of likely codes exists to try against a copy of the database.
 */
export function recoveryCodeHash(code: string): string {
  return sha256Hex(code.toLowerCase().replace(/[\s-]/g, ''));
}
