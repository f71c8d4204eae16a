import { describe, expect, it } from 'vitest';
import { nextPane, paneStream, readWall, shownStream, wallSearch, withCamera } from './wall-state';

describe('the video wall in the URL query', () => {
  it('reads a shared wall, and four empty panes from no query', () => {
    expect(readWall('?layout=9&cams=12,,7&stream=sub')).toEqual({
      layout: 9,
      cameras: [12, null, 7],
      singleStream: 'sub',
    });
    expect(readWall('')).toEqual({ layout: 4, cameras: [], singleStream: 'main' });
  });

  it('ignores what is not a layout or a camera id, and more than sixteen panes', () => {
    const wall = readWall(`?layout=5&cams=1,x,0,-3,2.5,${'9,'.repeat(20)}`);
    expect(wall.layout).toBe(4);
    expect(wall.cameras.slice(0, 6)).toEqual([1, null, null, null, null, 9]);
    expect(wall.cameras).toHaveLength(16);
  });

  it('writes the wall back, keeping other parameters and dropping trailing empty panes', () => {
    const wall = withCamera(readWall('?layout=4&cams=3,4'), 1, null);
    expect(wallSearch(wall, '?layout=4&cams=3,4&other=1').toString()).toBe('layout=4&cams=3&other=1');
    expect(wallSearch(withCamera(wall, 0, null), '').toString()).toBe('layout=4');
    expect(wallSearch({ ...wall, singleStream: 'sub' }, '').toString()).toBe('layout=4&cams=3&stream=sub');
  });

  it('plays the sub stream in a wall of panes and the chosen one alone', () => {
    expect(paneStream(readWall('?layout=4&stream=main'))).toBe('sub');
    expect(paneStream(readWall('?layout=1'))).toBe('main');
    expect(paneStream(readWall('?layout=1&stream=sub'))).toBe('sub');
  });

  it('plays a full-screen pane of a wall from the main stream when its camera has a sub stream of its own', () => {
    const wallPane = { stream: 'sub', single: false, fullScreen: true, hasSubStream: true } as const;
    expect(shownStream(wallPane)).toBe('main');
    expect(shownStream({ ...wallPane, fullScreen: false })).toBe('sub');
    // Its sub stream is its main one already: nothing to switch (no second relay of the same stream).
    expect(shownStream({ ...wallPane, hasSubStream: false })).toBe('sub');
    // The single pane's switch says what it plays, full screen or not.
    expect(shownStream({ ...wallPane, single: true })).toBe('sub');
    expect(shownStream({ ...wallPane, single: true, stream: 'main' })).toBe('main');
  });

  it('selects the next empty pane after filling one, wrapping round, or the next pane when all are full', () => {
    const wall = readWall('?layout=4&cams=1,,3');
    expect(nextPane(wall, 0)).toBe(1);
    expect(nextPane(wall, 2)).toBe(3);
    expect(nextPane(withCamera(wall, 3, 4), 3)).toBe(1);
    const full = readWall('?layout=4&cams=1,2,3,4');
    expect(nextPane(full, 1)).toBe(2);
    expect(nextPane(full, 3)).toBe(0);
  });
});
