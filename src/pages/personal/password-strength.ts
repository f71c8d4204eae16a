import { stringRules } from '../../generated/constraints';

export type PasswordStrength = 'none' | 'weak' | 'medium' | 'strong';

const acceptable = new RegExp(stringRules.NewPassword.pattern);
const characterClasses = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/];
const strongLength = 12;

/**
 * How hard a new password is to guess, for the indicator under the field: weak until the
 * server's rule is met, strong with length to spare and at least three kinds of characters.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password === '') return 'none';
  if (!acceptable.test(password)) return 'weak';
  const kinds = characterClasses.filter((pattern) => pattern.test(password)).length;
  return password.length >= strongLength && kinds >= 3 ? 'strong' : 'medium';
}
