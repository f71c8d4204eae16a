import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it('is none for an empty field', () => {
    expect(passwordStrength('')).toBe('none');
  });

  it('is weak while the server rule (letters and digits, 8 or more) is not met', () => {
    expect(passwordStrength('abc1')).toBe('weak');
    expect(passwordStrength('abcdefghijkl')).toBe('weak');
    expect(passwordStrength('123456789012')).toBe('weak');
  });

  it('is medium when the rule is met and strong with length and variety to spare', () => {
    expect(passwordStrength('abcd1234')).toBe('medium');
    expect(passwordStrength('abcdefgh1234')).toBe('medium');
    expect(passwordStrength('Abcdefgh1234')).toBe('strong');
    expect(passwordStrength('abcdefg_1234')).toBe('strong');
  });
});
