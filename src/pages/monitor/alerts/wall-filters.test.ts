import { describe, expect, it } from 'vitest';
import { alertWallResource, serverFilters, shownFilters, urlFilters } from './wall-filters';
import { countedFilters } from './use-level-counts';

describe('the wall’s status filter', () => {
  it('shows pending alerts when the URL names no status', () => {
    expect(shownFilters({ cameraId: '3' })).toEqual({ cameraId: '3', status: 'pending' });
    expect(serverFilters({ cameraId: '3' })).toEqual({ cameraId: '3', status: 'pending' });
    expect(shownFilters({ status: 'confirmed' })).toEqual({ status: 'confirmed' });
  });

  it('sends no status for 全部, and keeps the default out of the URL', () => {
    expect(serverFilters({ level: 'high', status: 'all' })).toEqual({ level: 'high' });
    expect(urlFilters({ level: 'high', status: 'pending' })).toEqual({ level: 'high' });
    expect(urlFilters({ status: 'all' })).toEqual({ status: 'all' });
  });

  it('offers 全部 among the search form’s statuses, after the real ones', () => {
    const status = alertWallResource.fields.find((field) => field.name === 'status');
    expect(status?.options?.map((option) => option.value)).toEqual([
      'pending',
      'confirmed',
      'dismissed',
      'all',
    ]);
  });

  it('counts each level among what the other filters select', () => {
    expect(countedFilters({ cameraId: '3', level: 'high', status: 'pending' })).toEqual({ cameraId: '3' });
  });
});
