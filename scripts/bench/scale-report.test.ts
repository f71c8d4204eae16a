import { describe, expect, it } from 'vitest';
import { exportTable, scaleTable, verdictOf, type ScaleRow } from './scale-report';
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

describe('exportTable', () => {
  it("prints each database's seconds, rate, size, CPU per row and where the server's time went", () => {
    const [header, sqlite, postgres, none] = exportTable({
      SQLite: {
        ms: 4_000,
        records: 100_000,
        bytes: 30 * 1024 ** 2,
        serverCpuMs: 5_000,
        serverWaitingMs: 100,
        serverQueuedMs: 1_000,
        databaseCpuMs: null,
      },
      PostgreSQL: {
        ms: 8_000,
        records: 100_000,
        bytes: 30 * 1024 ** 2,
        serverCpuMs: 4_000,
        serverWaitingMs: 4_000,
        serverQueuedMs: 0,
        databaseCpuMs: 2_500,
      },
    }).split('\n');
    expect(header).toMatch(
      /^export\s+seconds\s+rows\s+rows\/s\s+size\s+server CPU\/row\s+server waiting\s+server queued\s+PostgreSQL CPU\/row$/,
    );
    expect(sqlite).toMatch(
      /^SQLite\s+4\.0 s\s+100,000\s+25,000\s+30\.0 MB\s+50 µs\s+0\.1 s \(3%\)\s+1\.0 s \(25%\)\s+—$/,
    );
    expect(postgres).toMatch(
      /^PostgreSQL\s+8\.0 s\s+100,000\s+12,500\s+30\.0 MB\s+40 µs\s+4\.0 s \(50%\)\s+0\.0 s \(0%\)\s+25 µs$/,
    );
    expect(none).toBeUndefined();
  });
});

describe('scaleSettings', () => {
  it('takes flags before variables before the defaults, and refuses what it cannot read', () => {
    expect(scaleSettings([], {})).toEqual({
      alerts: 1_000_000,
      rowsPerResource: 100_000,
      runs: 20,
      databases: ['SQLite', 'PostgreSQL'],
      parts: ['lists', 'export'],
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
      parts: ['lists', 'export'],
    });
    expect(scaleSettings(['--cases=export'], {}).parts).toEqual(['export']);
    expect(scaleSettings([], { BENCH_SCALE_CASES: 'lists' }).parts).toEqual(['lists']);
    expect(() => scaleSettings(['--alerts=many'], {})).toThrow(/--alerts must be a whole number/);
    expect(() => scaleSettings(['--only=oracle'], {})).toThrow(/--only must be sqlite or postgres/);
    expect(() => scaleSettings(['--cases=all'], {})).toThrow(/--cases must be lists or export/);
    expect(() => scaleSettings(['--fast'], {})).toThrow(/unknown argument "--fast"/);
  });
});
