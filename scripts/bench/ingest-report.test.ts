import { describe, expect, it } from 'vitest';
import { ingestTable, setupsOf, type IngestFigures } from './ingest-report';

const sqlite: IngestFigures = {
  setup: 'sqlite',
  alertsPerSecond: 812.4,
  ingestP50Ms: 31.2,
  ingestP95Ms: 70.6,
  wallP95Ms: 420,
  wallShowedAll: true,
  storedAsAcknowledged: true,
  serverCpuMsPerAlert: 1.234,
  databaseCpuMsPerAlert: null,
};
const two: IngestFigures = {
  ...sqlite,
  setup: 'two',
  alertsPerSecond: 950,
  wallP95Ms: 1200,
  storedAsAcknowledged: false,
  databaseCpuMsPerAlert: 0.5,
};

describe('ingestTable', () => {
  it('prints the setups side by side with the targets, and which setup missed each', () => {
    const lines = ingestTable([sqlite, two]).split('\n');
    expect(lines[0]).toMatch(/^\s+SQLite, 1 server\s+PostgreSQL, 2 servers\s+target\s+met\?$/);
    // The rate's target is the two servers': SQLite's 812 is below it but not judged.
    expect(lines[1]).toMatch(
      /^accepted alerts\/s\s+812\s+950\s+≥ 1,000 on 2 servers\s+NO \(PostgreSQL, 2 servers\)$/,
    );
    expect(lines[2]).toMatch(/^ingest p50\s+31 ms\s+31 ms\s+—$/);
    expect(lines[3]).toMatch(/^ingest p95\s+71 ms\s+71 ms\s+—$/);
    expect(lines[4]).toMatch(
      /^alert → wall p95\s+420 ms\s+1200 ms\s+< 1000 ms\s+NO \(PostgreSQL, 2 servers\)$/,
    );
    expect(lines[5]).toMatch(/^stored = acknowledged\s+yes\s+NO\s+yes\s+NO \(PostgreSQL, 2 servers\)$/);
    expect(lines[6]).toMatch(/^server CPU per alert\s+1\.23 ms\s+1\.23 ms\s+—$/);
    expect(lines[7]).toMatch(/^database CPU per alert\s+—\s+0\.50 ms\s+—$/);
  });

  it('says yes when every judged setup met the target, and nothing when none was judged', () => {
    const lines = ingestTable([sqlite, { ...two, alertsPerSecond: 1000, wallP95Ms: 999 }]).split('\n');
    expect(lines[1]).toMatch(/\s+yes$/);
    expect(lines[4]).toMatch(/\s+yes$/);
    expect(ingestTable([sqlite]).split('\n')[1]).toMatch(/≥ 1,000 on 2 servers$/);
  });

  it('does not let a wall that missed alerts pass on the p95 of those it showed', () => {
    const line = ingestTable([{ ...sqlite, wallShowedAll: false }]).split('\n')[4];
    expect(line).toMatch(/420 ms \(not all shown\)\s+< 1000 ms\s+NO \(SQLite, 1 server\)$/);
  });
});

describe('setupsOf', () => {
  it('runs all three by default, the named ones in the table order, and refuses others', () => {
    expect(setupsOf(undefined)).toEqual(['sqlite', 'postgres', 'two']);
    expect(setupsOf('two,sqlite')).toEqual(['sqlite', 'two']);
    expect(setupsOf('postgres')).toEqual(['postgres']);
    expect(() => setupsOf('mysql')).toThrow(/--setup must be one or more of sqlite, postgres, two/);
    expect(() => setupsOf('')).toThrow(/--setup/);
  });
});
