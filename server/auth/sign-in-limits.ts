import type { WindowLimit } from './sliding-window';

/** How much guessing and SMS sending the server allows (CFOP_SIGNIN_*, CFOP_SMS_*_PER_HOUR). */
export interface SignInLimits {
  /** Failed password sign-ins per user name, known or not; the one reaching it locks the name (423). */
  readonly account: WindowLimit;
  /** Failed sign-ins (passwords and SMS codes) per source address, whatever the name (429). */
  readonly address: WindowLimit;
  /** Wrong SMS codes per phone, across codes: a fresh code does not buy fresh guesses (429). */
  readonly smsPhone: WindowLimit;
  /** SMS codes asked for from one source address (429). */
  readonly smsAddressSends: WindowLimit;
  /** SMS codes asked for in all: what the gateway bill and the operators can bear (429). */
  readonly smsSends: WindowLimit;
}

const minutes = (n: number) => n * 60_000;

/**
 * OWASP ASVS 2.2.1 asks for at most 100 failed attempts per hour on an account; 5 per 15 minutes
 * allows 20, and locks a name for the rest of the window as the console always did. 30 failures per
 * 15 minutes from one address is far beyond an office's typing mistakes behind one NAT, yet bounds
 * a spray over many names to 120 guesses an hour. 10 wrong SMS codes per phone an hour give a
 * six-digit code a 1-in-100,000 chance an hour instead of 300 guesses; 20 codes an hour per address
 * and 300 in all are well above a control room's morning sign-ins.
 */
export const defaultSignInLimits: SignInLimits = {
  account: { limit: 5, windowMs: minutes(15) },
  address: { limit: 30, windowMs: minutes(15) },
  smsPhone: { limit: 10, windowMs: minutes(60) },
  smsAddressSends: { limit: 20, windowMs: minutes(60) },
  smsSends: { limit: 300, windowMs: minutes(60) },
};
