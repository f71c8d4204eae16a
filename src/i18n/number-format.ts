// One way of writing numbers on every screen, in both languages.

/** A count with its thousands grouped: 12,480 (Chinese screens group digits the same way). */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** A fraction from 0 to 1 (a detection's confidence) as a whole percentage: 0.873 → "87%". */
export function formatPercent(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}

/** An English count and its noun, singular for one: "1 pane", "4 panes". */
export function englishCount(count: number, noun: string, plural = `${noun}s`): string {
  return `${formatCount(count)} ${count === 1 ? noun : plural}`;
}
