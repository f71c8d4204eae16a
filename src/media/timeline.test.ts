import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  alertMarks,
  dayBounds,
  dayOf,
  neighbourAlert,
  placeSearch,
  playableFrom,
  positionAtTime,
  readPlace,
  shiftDay,
  spanBars,
  timeAtPosition,
  ticksOf,
  timeAtX,
  viewOf,
  xOf,
  type AlertMark,
} from './timeline';

// A zone with a daylight-saving change: the timeline's day is the browser's, not UTC's.
// Set as the file is collected: the describe blocks compute their days then.
vi.stubEnv('TZ', 'Europe/Berlin');
afterAll(() => {
  vi.unstubAllEnvs();
});

const at = (text: string) => Date.parse(text);
const mark = (id: number, occurredAt: string): AlertMark => ({ id, occurredAt, level: 'high', label: 'x' });

describe('the day', () => {
  it('runs from local midnight to the next, 23 or 25 hours on a clock change', () => {
    expect(dayBounds('2026-11-26')).toEqual({
      from: at('2026-11-25T23:00:00Z'),
      to: at('2026-11-26T23:00:00Z'),
    });
    const spring = dayBounds('2026-03-29');
    expect((spring.to - spring.from) / 3_600_000).toBe(23);
    const autumn = dayBounds('2026-10-25');
    expect((autumn.to - autumn.from) / 3_600_000).toBe(25);
    // 00:30 in Berlin is still the previous day in UTC.
    expect(dayOf(at('2026-11-25T23:30:00Z'))).toBe('2026-11-26');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('pixels and times', () => {
  const day = dayBounds('2026-11-26');
  const width = 960;

  it('puts a time at its share of the width, and a click back at that time', () => {
    expect(xOf(day.from, day, width)).toBe(0);
    expect(xOf(day.from + 12 * 3_600_000, day, width)).toBe(480);
    expect(xOf(day.to + 5000, day, width)).toBe(960);
    expect(timeAtX(480, day, width)).toBe(day.from + 12 * 3_600_000);
    expect(timeAtX(-20, day, width)).toBe(day.from);
    expect(timeAtX(2000, day, width)).toBe(day.to);
    expect(timeAtX(10, day, 0)).toBe(day.from);
  });

  it('draws spans as bars, a short one 2 px wide', () => {
    const bars = spanBars(
      [
        { start: new Date(day.from).toISOString(), end: new Date(day.from + 6 * 3_600_000).toISOString() },
        {
          start: new Date(day.from + 18 * 3_600_000).toISOString(),
          end: new Date(day.from + 18 * 3_600_000 + 2000).toISOString(),
        },
      ],
      day,
      width,
    );
    expect(bars).toEqual([
      { left: 0, width: 240 },
      { left: 720, width: 2 },
    ]);
  });

  it('marks the day’s alerts only, each at its x', () => {
    const alerts = [
      mark(1, new Date(day.from - 1000).toISOString()),
      mark(2, new Date(day.from + 6 * 3_600_000).toISOString()),
      mark(3, new Date(day.to).toISOString()),
    ];
    expect(alertMarks(alerts, day, width).map(({ alert, x }) => [alert.id, x])).toEqual([[2, 240]]);
  });
});

describe('zoom', () => {
  const day = dayBounds('2026-11-26');
  const hour = 3_600_000;

  it('shows a stretch around the time playing, kept within the day', () => {
    expect(viewOf(day, day.from + 12 * hour, hour)).toEqual({
      from: day.from + 11.5 * hour,
      to: day.from + 12.5 * hour,
    });
    expect(viewOf(day, day.from + 10 * 60_000, hour)).toEqual({ from: day.from, to: day.from + hour });
    expect(viewOf(day, day.to, 4 * hour)).toEqual({ from: day.to - 4 * hour, to: day.to });
    expect(viewOf(day, day.from, 48 * hour)).toEqual(day);
  });

  it('labels whole local hours across the day, whole minutes when zoomed in', () => {
    const clock = (time: number) => new Date(time).toTimeString().slice(0, 5);
    expect(ticksOf(day).map(clock)).toEqual([
      '00:00',
      '03:00',
      '06:00',
      '09:00',
      '12:00',
      '15:00',
      '18:00',
      '21:00',
      '00:00',
    ]);
    const view = { from: day.from + 8 * hour + 7 * 60_000, to: day.from + 8 * hour + 17 * 60_000 };
    expect(ticksOf(view).map(clock)).toEqual([
      '08:07',
      '08:08',
      '08:09',
      '08:10',
      '08:11',
      '08:12',
      '08:13',
      '08:14',
      '08:15',
      '08:16',
      '08:17',
    ]);
    const hourView = { from: day.from + 8 * hour, to: day.from + 9 * hour };
    expect(ticksOf(hourView).map(clock)).toEqual([
      '08:00',
      '08:10',
      '08:20',
      '08:30',
      '08:40',
      '08:50',
      '09:00',
    ]);
    // On the day the clocks go forward, 03:00 is two hours after midnight.
    const spring = dayBounds('2026-03-29');
    const ticks = ticksOf(spring);
    expect(ticks.map(clock).slice(0, 3)).toEqual(['00:00', '03:00', '06:00']);
    expect((ticks[1] as number) - spring.from).toBe(2 * hour);
  });
});

describe('where playing goes', () => {
  const spans = [
    { start: '2026-11-26T08:00:00.000Z', end: '2026-11-26T09:00:00.000Z' },
    { start: '2026-11-26T10:00:00.000Z', end: '2026-11-26T10:30:00.000Z' },
  ];

  it('plays from a recorded time, or from the next span after a gap', () => {
    expect(playableFrom(spans, at('2026-11-26T08:30:00Z'))).toBe(at('2026-11-26T08:30:00Z'));
    expect(playableFrom(spans, at('2026-11-26T09:15:00Z'))).toBe(at('2026-11-26T10:00:00Z'));
    expect(playableFrom(spans, at('2026-11-26T07:00:00Z'))).toBe(at('2026-11-26T08:00:00Z'));
    expect(playableFrom(spans, at('2026-11-26T11:00:00Z'))).toBeNull();
  });

  it('goes to the next and previous alert past the one now playing', () => {
    const alerts = [mark(1, '2026-11-26T08:10:00Z'), mark(2, '2026-11-26T08:20:00Z')];
    expect(neighbourAlert(alerts, at('2026-11-26T08:00:00Z'), 'next')?.id).toBe(1);
    // Jumped to alert 1 (5 s before it): next is alert 2, previous is none.
    const onFirst = at('2026-11-26T08:09:55Z');
    expect(neighbourAlert(alerts, onFirst, 'next')?.id).toBe(2);
    expect(neighbourAlert(alerts, onFirst, 'previous')).toBeNull();
    expect(neighbourAlert(alerts, at('2026-11-26T08:30:00Z'), 'previous')?.id).toBe(2);
    expect(neighbourAlert(alerts, at('2026-11-26T08:30:00Z'), 'next')).toBeNull();
  });
});

describe('the player’s position and the time of day', () => {
  // Two 10-second segments, a gap, then one more: as EXT-X-PROGRAM-DATE-TIME gives them.
  const t0 = at('2026-11-26T08:00:00Z');
  const fragments = [
    { start: 0, duration: 10, programDateTime: t0 },
    { start: 10, duration: 10, programDateTime: t0 + 10_000 },
    { start: 20, duration: 10, programDateTime: t0 + 60_000 },
  ];

  it('maps a position to its wall-clock time across a gap', () => {
    expect(timeAtPosition(fragments, 0)).toBe(t0);
    expect(timeAtPosition(fragments, 12.5)).toBe(t0 + 12_500);
    expect(timeAtPosition(fragments, 25)).toBe(t0 + 65_000);
    expect(timeAtPosition(fragments, 40)).toBe(t0 + 70_000);
    expect(timeAtPosition([], 3)).toBeNull();
  });

  it('maps a time to a position, a time in the gap to the next recording', () => {
    expect(positionAtTime(fragments, t0 + 15_000)).toBe(15);
    expect(positionAtTime(fragments, t0 + 30_000)).toBe(20);
    expect(positionAtTime(fragments, t0 - 1000)).toBe(0);
    expect(positionAtTime(fragments, t0 + 71_000)).toBeNull();
  });
});

describe('the URL', () => {
  const now = at('2026-11-26T10:00:00Z');

  it('reads the camera and moment of a deep link, the day from the moment', () => {
    expect(readPlace('?camera=12&at=2026-11-25T23:30:00.000Z', now)).toEqual({
      cameraId: 12,
      at: at('2026-11-25T23:30:00Z'),
      day: '2026-11-26',
    });
    expect(readPlace('?camera=x&day=2026-02-30', now)).toEqual({
      cameraId: null,
      at: null,
      day: '2026-11-26',
    });
    expect(readPlace('?day=2026-11-01', now).day).toBe('2026-11-01');
  });

  it('writes a place back to the same query', () => {
    const place = { cameraId: 7, at: at('2026-11-26T08:00:00Z'), day: '2026-11-26' };
    expect(readPlace(placeSearch(place), now)).toEqual(place);
    expect(placeSearch({ cameraId: 7, at: null, day: '2026-11-20' })).toBe('camera=7&day=2026-11-20');
  });
});
