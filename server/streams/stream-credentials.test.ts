import { describe, expect, it } from 'vitest';
import { keepStoredPassword, maskStreamPassword } from './stream-credentials';

describe('stream URL passwords', () => {
  it.each([
    ['rtsp://admin:12345@10.0.0.5/stream', 'rtsp://admin:******@10.0.0.5/stream'],
    // ffmpeg reads the credentials up to the last @ before the path: so does the mask.
    ['rtsp://admin:p@ss@10.0.0.5:554/a?b=c', 'rtsp://admin:******@10.0.0.5:554/a?b=c'],
    ['http://admin:@10.0.0.5/x', 'http://admin:******@10.0.0.5/x'],
    ['rtsp://viewer@10.0.0.5/stream', 'rtsp://viewer@10.0.0.5/stream'],
    ['rtsp://10.0.0.5/stream?user=a:b@c', 'rtsp://10.0.0.5/stream?user=a:b@c'],
    ['', ''],
  ])('shows %s as %s', (url, shown) => {
    expect(maskStreamPassword(url)).toBe(shown);
  });

  it('keeps the stored password for the mask on the same scheme, user, host and port only', () => {
    const stored = 'rtsp://admin:p@ss@10.0.0.5:554/main';
    expect(keepStoredPassword('rtsp://admin:******@10.0.0.5:554/other', stored)).toBe(
      'rtsp://admin:p@ss@10.0.0.5:554/other',
    );
    expect(keepStoredPassword('rtsp://admin:new@10.0.0.5:554/main', stored)).toBe(
      'rtsp://admin:new@10.0.0.5:554/main',
    );
    for (const moved of [
      'rtsp://admin:******@10.0.0.6:554/main',
      'rtsp://admin:******@10.0.0.5:8554/main',
      'rtsps://admin:******@10.0.0.5:554/main',
      'rtsp://root:******@10.0.0.5:554/main',
    ]) {
      expect(keepStoredPassword(moved, stored), moved).toBeNull();
    }
    expect(keepStoredPassword('rtsp://admin:******@10.0.0.5:554/main', null)).toBeNull();
    expect(
      keepStoredPassword('rtsp://admin:******@10.0.0.5:554/main', 'rtsp://admin@10.0.0.5:554/main'),
    ).toBeNull();
  });
});
