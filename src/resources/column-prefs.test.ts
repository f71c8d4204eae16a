import { describe, expect, it } from 'vitest';
import { columnStorageKey, parseHiddenColumns } from './column-prefs';
import { device } from './test-fixtures';

describe('hidden table columns', () => {
  it('keeps only names of table columns', () => {
    expect(parseHiddenColumns(device, '["status","id","gone",3]')).toEqual(['status']);
  });

  it('treats missing or broken storage as nothing hidden', () => {
    expect(parseHiddenColumns(device, null)).toEqual([]);
    expect(parseHiddenColumns(device, '{oops')).toEqual([]);
    expect(parseHiddenColumns(device, '{"a":1}')).toEqual([]);
  });

  it('stores per resource', () => {
    expect(columnStorageKey('device')).toBe('CFOP_COLUMNS_device');
  });
});
