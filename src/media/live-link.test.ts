import { describe, expect, it } from 'vitest';
import type { RouteDef } from '../generated/routes';
import { liveLinkOf, playbackLinkOf } from './live-link';

const holding = (key: string) => (route: RouteDef) => route.access === key;

describe('the link to a camera’s live video', () => {
  it('opens the manifest’s video wall with the camera alone in one pane, on its main stream', () => {
    expect(liveLinkOf(12, holding('KEY.CENTER.VIDEO'))).toBe('/monitor/video?layout=1&cams=12');
  });

  it('is none without a camera, or for an operator without the video wall’s key', () => {
    expect(liveLinkOf(null, holding('KEY.CENTER.VIDEO'))).toBeNull();
    expect(liveLinkOf(12, holding('KEY.CENTER.AIWARN'))).toBeNull();
  });

  it('is none in a console whose manifest has no video wall', () => {
    expect(liveLinkOf(12, () => true, [])).toBeNull();
  });
});

describe('the link to a camera’s recording at an alert', () => {
  it('opens the manifest’s playback screen a few seconds before the alert', () => {
    expect(playbackLinkOf(12, '2026-11-26T08:00:00.000Z', holding('KEY.CENTER.PLAYBACK'))).toBe(
      '/monitor/playback?camera=12&at=2026-11-26T07%3A59%3A55.000Z',
    );
  });

  it('is none without a camera or the playback key, or with no time', () => {
    expect(playbackLinkOf(null, '2026-11-26T08:00:00Z', holding('KEY.CENTER.PLAYBACK'))).toBeNull();
    expect(playbackLinkOf(12, '2026-11-26T08:00:00Z', holding('KEY.CENTER.VIDEO'))).toBeNull();
    expect(playbackLinkOf(12, 'soon', holding('KEY.CENTER.PLAYBACK'))).toBeNull();
  });
});
