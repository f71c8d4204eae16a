import { describe, expect, it } from 'vitest';
import { cameraFileName } from './snapshot';

/** 2026-11-26 20:15:30 in the machine's own zone, as the operator's clock reads it. */
const taken = new Date(2026, 10, 26, 20, 15, 30);

describe('a pane snapshot’s file name', () => {
  it('is the camera’s name and the local time', () => {
    expect(cameraFileName('东门入口', taken)).toBe('东门入口-20261126-201530.jpg');
    expect(cameraFileName('Gate 2', new Date(2027, 0, 5, 7, 3, 9))).toBe('Gate 2-20270105-070309.jpg');
  });

  it('drops what a file system refuses or hides, and control characters', () => {
    expect(cameraFileName('A/B\\C:D*E?F"G<H>I|J\u0000K\u001fL\u007fM', taken)).toBe(
      'ABCDEFGHIJKLM-20261126-201530.jpg',
    );
    expect(cameraFileName('  ../仓库\n北门  ', taken)).toBe('仓库北门-20261126-201530.jpg');
  });

  it('stands in a word for a name with nothing left, and keeps a long name short', () => {
    expect(cameraFileName('/:*?', taken)).toBe('snapshot-20261126-201530.jpg');
    expect(cameraFileName(' . ', taken)).toBe('snapshot-20261126-201530.jpg');
    expect(cameraFileName('', taken)).toBe('snapshot-20261126-201530.jpg');
    expect(cameraFileName('', taken, 'mp4')).toBe('clip-20261126-201530.mp4');
    expect(cameraFileName('北门', taken, 'mp4')).toBe('北门-20261126-201530.mp4');
    expect(cameraFileName('长'.repeat(100), taken)).toBe(`${'长'.repeat(60)}-20261126-201530.jpg`);
  });
});
