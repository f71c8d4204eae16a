import { describe, expect, it } from 'vitest';
import { hasValidCheckCharacter, idNumberCheckCharacter, maskIdNumber } from './id-number';

describe('PRC ID numbers', () => {
  it.each([
    ['11010519491231002X', true],
    ['11010519491231002x', true],
    ['110101199003074477', true],
    ['440524188001010014', true],
    ['110101199003074478', false],
    ['110105194912310020', false],
  ])('%s has a valid check character: %s', (idNumber, valid) => {
    expect(hasValidCheckCharacter(idNumber)).toBe(valid);
  });

  it('computes the check character from the first 17 digits', () => {
    expect(idNumberCheckCharacter('11010519491231002')).toBe('X');
    expect(idNumberCheckCharacter('11010119900307447')).toBe('7');
  });

  it('masks all but the area code and the last four', () => {
    expect(maskIdNumber('110101199003074477')).toBe('110101********4477');
    expect(maskIdNumber(null)).toBe(null);
  });
});
