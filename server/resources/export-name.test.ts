import { describe, expect, it } from 'vitest';
import type { ListShape } from '../../contract/list-facts';
import { exportFileName } from './export-name';

const shape: ListShape = {
  filters: [
    { param: 'level', field: 'level', mode: 'equals', dateTime: false },
    { param: 'occurredAtFrom', field: 'occurredAt', mode: 'from', dateTime: true },
    { param: 'occurredAtTo', field: 'occurredAt', mode: 'to', dateTime: true },
    { param: 'visitFrom', field: 'visitDay', mode: 'from', dateTime: false },
  ],
  sorts: [],
  defaultSort: null,
  defaultPage: 1,
  defaultPageSize: 20,
};
const now = new Date('2026-11-28T11:43:20Z');

describe('an export’s file name', () => {
  it('says the range of the filters and the time of the export, on the reader’s clocks', () => {
    const query = { occurredAtFrom: '2026-10-31T16:00:00.000Z', occurredAtTo: '2026-11-28T15:59:59.999Z' };
    expect(exportFileName('alerts', shape, query, now, 'Asia/Shanghai')).toBe(
      'alerts-2026-11-01_2026-11-28-20261128-1943.csv',
    );
    expect(exportFileName('alerts', shape, query, now, 'UTC')).toBe(
      'alerts-2026-10-31_2026-11-28-20261128-1143.csv',
    );
  });

  it('names an open end and a day filter as given', () => {
    expect(exportFileName('alerts', shape, { occurredAtTo: '2026-11-28T00:00:00Z' }, now, 'UTC')).toBe(
      'alerts-start_2026-11-28-20261128-1143.csv',
    );
    expect(exportFileName('visitors', shape, { visitFrom: '2026-11-02' }, now, 'UTC')).toBe(
      'visitors-2026-11-02_now-20261128-1143.csv',
    );
  });

  it('holds only the time of the export when no range is filtered', () => {
    expect(exportFileName('alerts', shape, { level: 'high' }, now, 'Asia/Shanghai')).toBe(
      'alerts-20261128-1943.csv',
    );
  });
});
