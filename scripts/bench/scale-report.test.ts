import { describe, expect, it } from 'vitest';
import { scaleTable, verdictOf, type ScaleRow } from './scale-report';
import { scaleSettings } from './scale-settings';

const tens = (value: number) => Array.from({ length: 20 }, () => value);

describe('scaleTable', () => {
  it('prints both databases side by side with the target, and which one missed it', () => {
    const rows: ScaleRow[] = [
      {
        label: 'alert wall, first page',
        targetMs: 50,
        runs: {
          SQLite: { times: tens(4), matched: 10_000, capped: true },
          PostgreSQL: { times: tens(60), matched: 10_000, capped: true },
        },
      },
      { label: 'dashboard, last7d', targetMs: 200, runs: { SQLite: { times: tens(120), matched: null } } },
    ];
    const [header, wall, dashboard] = scaleTable(rows).split('\n');
    expect(header).toMatch(
      /^case\s+SQLite p50\s+SQLite p95\s+PostgreSQL p50\s+PostgreSQL p95\s+matched\s+target p95\s+met\?$/,
    );
    expect(wall).toMatch(
      /^alert wall, first page\s+4\.0 ms\s+4\.0 ms\s+60\.0 ms\s+60\.0 ms\s+10,000\+\s+< 50 ms\s+NO \(PostgreSQL\)$/,
    );
    expect(dashboard).toMatch(/^dashboard, last7d\s+120\.0 ms\s+120\.0 ms\s+—\s+—\s+—\s+< 200 ms\s+yes$/);
  });

  it('judges by p95, not by the median', () => {
    const times = [...tens(10).slice(2), 90, 95];
    expect(verdictOf({ label: 'x', targetMs: 50, runs: { SQLite: { times, matched: 1 } } })).toBe(
      'NO (SQLite)',
    );
    expect(verdictOf({ label: 'x', targetMs: 50, runs: {} })).toBe('—');
  });
});

describe('scaleSettings', () => {
  it('takes flags before variables before the defaults, and refuses what it cannot read', () => {
    expect(scaleSettings([], {})).toEqual({
      alerts: 1_000_000,
      rowsPerResource: 100_000,
      runs: 20,
      databases: ['SQLite', 'PostgreSQL'],
    });
    expect(
      scaleSettings(['--alerts=20_000', '--only=postgres'], {
        BENCH_SCALE_ALERTS: '5',
        BENCH_SCALE_ROWS: '2,000',
      }),
    ).toEqual({
      alerts: 20_000,
      rowsPerResource: 2_000,
      runs: 20,
      databases: ['PostgreSQL'],
    });
    expect(() => scaleSettings(['--alerts=many'], {})).toThrow(/--alerts must be a whole number/);
    expect(() => scaleSettings(['--only=oracle'], {})).toThrow(/--only must be sqlite or postgres/);
    expect(() => scaleSettings(['--fast'], {})).toThrow(/unknown argument "--fast"/);
  });
});
