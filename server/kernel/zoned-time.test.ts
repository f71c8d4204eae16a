import { describe, expect, it } from 'vitest';
import { instantOfWall, isTimeZone, startOfLocalDay, startOfLocalHour, wallOf } from './zoned-time';

const at = (text: string) => Date.parse(text);
const iso = (instant: number) => new Date(instant).toISOString();

describe('zoned time', () => {
  it('knows IANA zones and refuses made-up ones', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it('reads the wall clock of a zone, milliseconds kept', () => {
    expect(iso(wallOf(at('2030-01-01T16:30:00.250Z'), 'Asia/Shanghai'))).toBe('2030-01-02T00:30:00.250Z');
    expect(iso(wallOf(at('2030-01-01T16:30:00.000Z'), 'Asia/Kolkata'))).toBe('2030-01-01T22:00:00.000Z');
  });

  it('takes the first of a wall time shown twice when clocks are set back', () => {
    // Berlin, 27 October 2030: 02:30 comes at 00:30Z (CEST) and again at 01:30Z (CET).
    expect(iso(instantOfWall(at('2030-10-27T02:30:00Z'), 'Europe/Berlin'))).toBe('2030-10-27T00:30:00.000Z');
  });

  it('begins a day whose midnight is skipped where its clocks start', () => {
    // Santiago sets its clocks from 00:00 to 01:00 on 8 September 2030: that day begins at 01:00.
    const start = startOfLocalDay(at('2030-09-08T12:00:00Z'), 'America/Santiago');
    expect(iso(start)).toBe('2030-09-08T04:00:00.000Z');
    expect(iso(wallOf(start, 'America/Santiago'))).toBe('2030-09-08T01:00:00.000Z');
    expect(iso(startOfLocalDay(start, 'America/Santiago', 1))).toBe('2030-09-09T03:00:00.000Z');
  });

  it('floors to local hours and days, and counts days on', () => {
    expect(iso(startOfLocalHour(at('2030-01-01T08:10:00Z'), 'Asia/Kolkata'))).toBe(
      '2030-01-01T07:30:00.000Z',
    );
    expect(iso(startOfLocalDay(at('2030-01-01T15:59:59Z'), 'Asia/Shanghai'))).toBe(
      '2029-12-31T16:00:00.000Z',
    );
    expect(iso(startOfLocalDay(at('2030-01-01T16:00:00Z'), 'Asia/Shanghai'))).toBe(
      '2030-01-01T16:00:00.000Z',
    );
    expect(iso(startOfLocalDay(at('2030-01-01T16:00:00Z'), 'Asia/Shanghai', -6))).toBe(
      '2029-12-26T16:00:00.000Z',
    );
  });
});
