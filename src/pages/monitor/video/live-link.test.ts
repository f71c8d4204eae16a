import { describe, expect, it } from 'vitest';
import type { RouteDef } from '../../../generated/routes';
import { liveLinkOf } from './live-link';

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
