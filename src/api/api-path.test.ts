import { describe, expect, it } from 'vitest';
import { apiPath } from './api-path';

describe('apiPath', () => {
  it('fills each parameter of an openapi.yaml path', () => {
    expect(apiPath('/live/cameras/{id}/{stream}/socket', { id: 7, stream: 'sub' })).toBe(
      '/live/cameras/7/sub/socket',
    );
    expect(apiPath('/alerts/{id}/clip.mp4', { id: 12 })).toBe('/alerts/12/clip.mp4');
  });

  it('encodes a value so it stays one path segment', () => {
    expect(apiPath('/files/alert-snapshots/{id}', { id: '1/../2' as unknown as number })).toBe(
      '/files/alert-snapshots/1%2F..%2F2',
    );
  });

  it('takes no parameters for a path without any, and refuses a value it lacks', () => {
    expect(apiPath('/login/bypwd')).toBe('/login/bypwd');
    expect(() => apiPath('/alerts/{id}/clip.mp4', {} as { id: number })).toThrow('no value for {id}');
  });

  it('is checked against openapi.yaml by the type check', () => {
    // @ts-expect-error: not a path of openapi.yaml
    expect(apiPath('/live/cameras/{id}/socket', { id: 1 })).toBe('/live/cameras/1/socket');
    // @ts-expect-error: the stream is main or sub
    expect(apiPath('/live/cameras/{id}/{stream}/socket', { id: 1, stream: 'third' })).toContain('third');
  });
});
