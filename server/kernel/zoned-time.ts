/**
 * Local hours and days of an IANA time zone, through the runtime's time zone data (Intl), so the
 * dashboard buckets alerts by the operator's wall clock, daylight saving time included. Instants
 * are epoch milliseconds; a "wall" time is the local date and time written as if it were UTC
 * (wall = instant + the zone's offset then), which makes flooring to an hour or a day plain
 * arithmetic.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows the zone (`Asia/Shanghai`, `UTC`); the name is checked, not guessed. */
export function isTimeZone(name: string): boolean {
  try {
    formatterOf(name);
    return true;
  } catch {
    return false;
  }
}

/** The wall time the zone's clocks show at an instant (to the second, as zone offsets are). */
export function wallOf(instant: number, timeZone: string): number {
  const parts = formatterOf(timeZone).formatToParts(instant);
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  // Formatting drops the milliseconds; they are the same on the wall.
  return wall + (((instant % 1000) + 1000) % 1000);
}

const offsetAt = (instant: number, timeZone: string) => wallOf(instant, timeZone) - instant;

/** `2030-01-01 16:00:05` on the site's clocks. */
export function siteTime(iso: string, timeZone: string): string {
  return new Date(wallOf(Date.parse(iso), timeZone)).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The instant the zone's clocks show a wall time. Shown twice (clocks set back), the first. Never
 * shown (clocks set forward over it), read with the offset before the change: for the wall time
 * where the gap starts (a day beginning at a skipped midnight), the moment the gap ends, where that
 * local day or hour does begin. Offsets a day either side bound the two a change can lie between
 * (a zone changes at most once in two days).
 */
export function instantOfWall(wall: number, timeZone: string): number {
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const shown = [wall - before, wall - after].filter((instant) => wallOf(instant, timeZone) === wall);
  return shown.length > 0 ? Math.min(...shown) : wall - before;
}

/** The instant the local hour holding `instant` began. */
export function startOfLocalHour(instant: number, timeZone: string): number {
  return instantOfWall(Math.floor(wallOf(instant, timeZone) / HOUR_MS) * HOUR_MS, timeZone);
}

/** The instant the local day `daysLater` days after the one holding `instant` begins (0: that day). */
export function startOfLocalDay(instant: number, timeZone: string, daysLater = 0): number {
  const day = Math.floor(wallOf(instant, timeZone) / DAY_MS) + daysLater;
  return instantOfWall(day * DAY_MS, timeZone);
}
