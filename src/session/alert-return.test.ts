// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { alertIdIn, alertReturnUrl, fromAlertParam, keepingFromAlert, withFromAlert } from './alert-return';
import { rememberedUrl } from './screen-memory';

afterEach(() => sessionStorage.clear());

describe('the way back to an alert', () => {
  it('marks a video link with the alert it was opened from', () => {
    expect(withFromAlert('/monitor/playback?camera=12&at=x', 7)).toBe(
      '/monitor/playback?camera=12&at=x&fromAlert=7',
    );
    expect(withFromAlert('/monitor/video', 7)).toBe('/monitor/video?fromAlert=7');
  });

  it('reads only a well-formed alert id', () => {
    expect(alertIdIn('?fromAlert=42', fromAlertParam)).toBe(42);
    for (const search of ['', '?fromAlert=0', '?fromAlert=x', '?fromAlert=-3', '?fromAlert=1e3']) {
      expect(alertIdIn(search, fromAlertParam)).toBeNull();
    }
  });

  it('keeps the mark when the screen changes its own query, and adds none', () => {
    const next = new URLSearchParams({ camera: '3', day: '2030-01-02' });
    expect(keepingFromAlert('?camera=2&fromAlert=9', next).toString()).toBe(
      'camera=3&day=2030-01-02&fromAlert=9',
    );
    expect(keepingFromAlert('?camera=2', next).toString()).toBe('camera=3&day=2030-01-02');
  });

  it('goes back to the wall as it was left in this tab, with that alert open', () => {
    expect(alertReturnUrl(5)).toBe('/monitor/ai?alertId=5');
    sessionStorage.setItem(
      'cfop.screens',
      JSON.stringify({ '/monitor/ai': { search: '?level=critical&alertId=3', scrollY: 0 } }),
    );
    expect(alertReturnUrl(5)).toBe('/monitor/ai?level=critical&alertId=5');
    expect(rememberedUrl('/monitor/ai')).toBe('/monitor/ai?level=critical&alertId=3');
    expect(rememberedUrl('/equipment/aiserver')).toBe('/equipment/aiserver');
  });
});
