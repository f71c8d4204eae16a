import { describe, expect, it } from 'vitest';
import { patchRows } from './live-rows';

describe('patchRows', () => {
  const rows = [
    { id: 1, name: '北门', status: 'online' },
    { id: 2, name: '南门', status: 'online' },
  ];

  it('changes the fields the row has of the row named, and leaves the others as they are', () => {
    const next = patchRows(rows, { id: 2, status: 'offline', statusSource: 'probe' });
    expect(next).toEqual([rows[0], { id: 2, name: '南门', status: 'offline' }]);
    expect(next[0]).toBe(rows[0]);
  });

  it('answers the same rows when nothing changes, so nothing renders again', () => {
    expect(patchRows(rows, { id: 1, status: 'online' })).toBe(rows);
    expect(patchRows(rows, { id: 9, status: 'offline' })).toBe(rows);
  });
});
