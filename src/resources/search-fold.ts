/** Ant Design Pro's search grid: fields per row by the antd breakpoint the window is at. */
export function fieldsPerRow(screens: Readonly<Partial<Record<'md' | 'xl' | 'xxl', boolean>>>): number {
  if (screens.xxl === true) return 4;
  if (screens.xl === true) return 3;
  if (screens.md === true) return 2;
  return 1;
}

/**
 * How many fields a folded search form shows: those that fill its first row and leave one place
 * for the buttons (a field of `slots[i]` places each; at least the first field, on its own row
 * when there is only one place).
 */
export function foldedCount(slots: readonly number[], perRow: number): number {
  const room = Math.max(perRow - 1, 1);
  let used = 0;
  let count = 0;
  for (const taken of slots) {
    if (used + Math.min(taken, room) > room) break;
    used += Math.min(taken, room);
    count += 1;
  }
  return Math.max(count, Math.min(slots.length, 1));
}

// Whether the reader last folded or unfolded a screen's search form, per resource and browser.
const storagePrefix = 'CFOP_SEARCH_OPEN_';

/** The reader's last choice for this screen's search form: open, folded, or none yet (null). */
export function readSearchOpen(resource: string): boolean | null {
  try {
    const stored = localStorage.getItem(`${storagePrefix}${resource}`);
    return stored === null ? null : stored === 'true';
  } catch {
    return null;
  }
}

export function storeSearchOpen(resource: string, open: boolean): void {
  try {
    localStorage.setItem(`${storagePrefix}${resource}`, String(open));
  } catch {
    // Private windows may refuse storage: the choice then lasts until the page closes.
  }
}
