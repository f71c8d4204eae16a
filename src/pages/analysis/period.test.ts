import { describe, expect, it } from 'vitest';
import { defaultPeriod, periodFromSearch, queryOfPeriod, searchOfPeriod, type Period } from './period';

const read = (query: string) => periodFromSearch(new URLSearchParams(query));

describe('the dashboard period in the URL', () => {
  it('reads a preset and a custom range of days', () => {
    expect(read('preset=last7d')).toEqual({ kind: 'preset', preset: 'last7d' });
    expect(read('from=2030-01-01&to=2030-01-07')).toEqual({
      kind: 'custom',
      firstDay: '2030-01-01',
      lastDay: '2030-01-07',
    });
  });

  it.each([
    ['nothing', ''],
    ['an unknown preset', 'preset=yesterday'],
    ['a day that does not exist', 'from=2030-02-30&to=2030-03-02'],
    ['a range without its end', 'from=2030-01-01'],
    ['a range ending before it starts', 'from=2030-01-07&to=2030-01-01'],
    ['a range of 367 days', 'from=2028-01-01&to=2029-01-01'],
    ['a time instead of a day', 'from=2030-01-01T00:00:00Z&to=2030-01-02'],
  ])('falls back to the last 24 hours on %s', (_case, query) => {
    expect(read(query)).toEqual(defaultPeriod);
  });

  it('takes a range of 366 days, a leap year', () => {
    expect(read('from=2028-01-01&to=2028-12-31')).toMatchObject({ kind: 'custom' });
  });

  it.each<Period>([
    { kind: 'preset', preset: 'today' },
    { kind: 'preset', preset: 'last30d' },
    { kind: 'custom', firstDay: '2030-01-01', lastDay: '2030-01-31' },
  ])('writes %o so that reading it gives it back', (period) => {
    expect(periodFromSearch(searchOfPeriod(period))).toEqual(period);
  });

  it('leaves the URL bare for the default period', () => {
    expect(searchOfPeriod(defaultPeriod).toString()).toBe('');
  });
});

describe('the dashboard query', () => {
  it('sends a preset with the time zone', () => {
    expect(queryOfPeriod({ kind: 'preset', preset: 'today' }, 'Asia/Shanghai')).toEqual({
      preset: 'today',
      timeZone: 'Asia/Shanghai',
    });
  });

  it('sends a custom range from the first local midnight to the one after the last day', () => {
    const query = queryOfPeriod({ kind: 'custom', firstDay: '2030-01-01', lastDay: '2030-01-07' }, 'UTC');
    // The test runs in the machine's zone: the bounds are its midnights, seven days apart.
    const from = new Date(query.from as string);
    const to = new Date(query.to as string);
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours()]).toEqual([2030, 0, 1, 0]);
    expect([to.getFullYear(), to.getMonth(), to.getDate(), to.getHours()]).toEqual([2030, 0, 8, 0]);
    expect(query.preset).toBeUndefined();
  });
});
