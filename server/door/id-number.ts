// PRC resident identity numbers (GB 11643-1999): 17 digits and a check character, ISO 7064 MOD 11-2.
// openapi.yaml's IdNumber pattern checks the shape; this checks what a pattern cannot.

const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const checkCharacters = '10X98765432';

/** The check character the first 17 digits call for. */
export function idNumberCheckCharacter(first17: string): string {
  const sum = weights.reduce((total, weight, index) => total + weight * Number(first17[index]), 0);
  return checkCharacters.charAt(sum % 11);
}

/** Whether an 18-character ID number (shape already checked) ends in its check character. */
export function hasValidCheckCharacter(idNumber: string): boolean {
  return idNumberCheckCharacter(idNumber.slice(0, 17)) === idNumber.charAt(17).toUpperCase();
}

/** `110101********1234`: area and last four kept, so a list can tell people apart without the birth date. */
export function maskIdNumber(idNumber: unknown): unknown {
  if (typeof idNumber !== 'string' || idNumber.length < 10) return idNumber;
  return `${idNumber.slice(0, 6)}${'*'.repeat(idNumber.length - 10)}${idNumber.slice(-4)}`;
}
