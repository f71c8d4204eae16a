import { describe, expect, it } from 'vitest';
import { liveProtocols, liveSocketUrl, readLiveMessage } from './live-socket';

describe('the live socket', () => {
  it('is on the page host, wss for an https page', () => {
    const path = '/cfop/live/cameras/7/sub/socket';
    expect(liveSocketUrl(path, { protocol: 'https:', host: 'ops.example.com' })).toBe(
      'wss://ops.example.com/cfop/live/cameras/7/sub/socket',
    );
    expect(liveSocketUrl(path, { protocol: 'http:', host: '127.0.0.1:5173' })).toBe(
      'ws://127.0.0.1:5173/cfop/live/cameras/7/sub/socket',
    );
  });

  it('offers the session token as a sub-protocol, never in the URL', () => {
    const token = 'ab'.repeat(32);
    expect(liveProtocols(token)).toEqual(['cfop-live', `cfop-session.${token}`]);
    expect(liveProtocols(null)).toEqual(['cfop-live']);
  });

  it('reads the MIME, the media bytes and the error envelope', () => {
    const mime = 'video/mp4; codecs="avc1.64001f"';
    expect(readLiveMessage(JSON.stringify({ type: 'media', mime }))).toEqual({ kind: 'media', mime });
    const bytes = new ArrayBuffer(8);
    expect(readLiveMessage(bytes)).toEqual({ kind: 'bytes', bytes });
    const refusal = { success: false, code: '503', msg: '实时视频路数已满', data: null };
    expect(readLiveMessage(JSON.stringify(refusal))).toEqual({ kind: 'refused', reason: '实时视频路数已满' });
    expect(readLiveMessage(JSON.stringify({ ...refusal, msg: '' }))).toEqual({
      kind: 'refused',
      reason: null,
    });
  });

  it('skips what it does not know', () => {
    for (const data of ['not json', 'null', '42', '{"type":"media"}', '{"type":"stats"}', new Blob([])])
      expect(readLiveMessage(data)).toEqual({ kind: 'other' });
  });
});
