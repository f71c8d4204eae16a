import { describe, expect, it } from 'vitest';
import { readTour, tourPage, tourPageCount, tourSearch } from './tour';

describe('a tour of a camera group over the wall', () => {
  it('fills a 4-pane wall from a group of six page by page, wrapping round so no pane stands empty', () => {
    const six = [1, 2, 3, 4, 5, 6];
    expect(tourPageCount(6, 4)).toBe(3);
    expect([0, 1, 2, 3].map((page) => tourPage(six, 4, page))).toEqual([
      [1, 2, 3, 4],
      [5, 6, 1, 2],
      [3, 4, 5, 6],
      [1, 2, 3, 4],
    ]);
    expect(tourPage(six, 9, 5)).toEqual(six);
    expect(tourPageCount(8, 4)).toBe(2);
    expect(tourPage([], 4, 0)).toEqual([]);
  });

  it('lives in the URL beside the wall, its interval kept within 5–300 s', () => {
    const tour = readTour('?layout=4&tour=3&every=20&page=2');
    expect(tour).toEqual({ groupId: 3, seconds: 20, page: 2 });
    expect(tourSearch(tour, '?layout=4').toString()).toBe('layout=4&tour=3&every=20&page=2');
    expect(tourSearch(null, '?layout=4&tour=3&every=20&page=2').toString()).toBe('layout=4');
    expect(readTour('?tour=3&every=1')?.seconds).toBe(5);
    expect(readTour('?tour=3&every=9999')?.seconds).toBe(300);
    expect(readTour('?tour=3&every=x&page=-1')).toEqual({ groupId: 3, seconds: 15, page: 0 });
    expect(readTour('?tour=0')).toBeNull();
    expect(readTour('?tour=1;drop')).toBeNull();
  });
});
