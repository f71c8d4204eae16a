import { describe, expect, it } from 'vitest';

import { accessFromPermissions } from '../../session';
import {
  holdsStatusKey,
  offlineDevices,
  quotaUsed,
  recordingGaps,
  removalAlarms,
  shownRemovals,
  statusKeysOf,
  statusLinks,
  type RecordingUsage,
} from './home-status';
import { removalText } from './home-texts';

type Removal = RecordingUsage['removals'][number];

describe("the home page's status", () => {
  it('shows a block only to a holder of its screen’s key', () => {
    const keys = statusKeysOf(accessFromPermissions([{ code: 'KEY.DEVICE.CAMERA' }]));
    expect(keys).toEqual({ alerts: false, aiServers: false, cameras: true, recordings: false });
    expect(holdsStatusKey(keys)).toBe(true);
    const playback = statusKeysOf(accessFromPermissions([{ code: 'KEY.CENTER.PLAYBACK' }]));
    expect(playback.recordings).toBe(true);
    expect(holdsStatusKey(playback)).toBe(true);
    expect(holdsStatusKey(statusKeysOf(accessFromPermissions([{ code: 'KEY.MODEL' }])))).toBe(false);
  });

  it('counts the offline devices and names the newest three', () => {
    const page = {
      items: ['北门', '南门', '东门', '西门'].map((name) => ({ name })),
      total: 9,
      totalCapped: false,
    };
    expect(offlineDevices(page)).toEqual({ total: 9, capped: false, names: ['北门', '南门', '东门'] });
  });

  it('counts the offline cameras whose recording stopped, as a floor when not all were read', () => {
    const cameras = (['off', 'continuous', 'alerts'] as const).map((recordingMode) => ({ recordingMode }));
    expect(recordingGaps({ items: cameras, total: 3, totalCapped: false })).toEqual({
      count: 2,
      partial: false,
    });
    expect(recordingGaps({ items: cameras, total: 250, totalCapped: false })).toEqual({
      count: 2,
      partial: true,
    });
  });

  it('leads each block to its screen filtered to what it counts', () => {
    expect(statusLinks.pending('high')).toBe('/monitor/ai?status=pending&level=high');
    expect(statusLinks.pending()).toBe('/monitor/ai?status=pending');
    expect(statusLinks.offlineAiServers()).toBe('/equipment/aiserver?status=offline');
    expect(statusLinks.offlineCameras()).toBe('/equipment/camera?status=offline');
  });

  it('reads how full the recordings quota is, capped at 100, and nothing without a quota', () => {
    const usage: RecordingUsage = {
      bytes: 45e9,
      segments: 900,
      oldestAt: '2026-11-01T00:00:00.000Z',
      quotaBytes: 50e9,
      retentionDays: 30,
      alertRetentionDays: 90,
      freeBytes: 100e9,
      minFreeBytes: 2e9,
      paused: false,
      removals: [],
    };
    expect(quotaUsed(usage)).toBe(90);
    expect(quotaUsed({ ...usage, bytes: 51e9 })).toBe(100);
    expect(quotaUsed({ ...usage, quotaBytes: null })).toBeNull();
  });

  it("tells what the sweep removed, an alert's footage first and alarming when room took it", () => {
    const removal = (reason: Removal['reason'], kind: Removal['kind'], seconds: number): Removal => ({
      reason,
      kind,
      segments: seconds / 10,
      bytes: seconds * 1000,
      seconds,
      oldestAt: '2026-11-27T18:00:00.000Z',
      newestAt: '2026-11-27T21:00:00.000Z',
    });
    const removals = [
      removal('noAlert', 'continuous', 60),
      removal('quota', 'continuous', 10_800),
      removal('quota', 'alert', 40),
    ];
    const shown = shownRemovals({ removals } as RecordingUsage);
    expect(shown.map((shownRemoval) => [shownRemoval.reason, shownRemoval.kind])).toEqual([
      ['quota', 'alert'],
      ['quota', 'continuous'],
    ]);
    expect(shown.map(removalAlarms)).toEqual([true, false]);
    expect(removalText(shown[1] as Removal, '2026-11-28 02:00')).toEqual({
      zh: '24 小时内已按容量清理 3 小时连续录像（最早 2026-11-28 02:00）',
      en: 'Removed 3 h of continuous footage for the quota in 24 h (oldest 2026-11-28 02:00)',
    });
    expect(removalText(shown[0] as Removal, '2026-11-28 02:00').zh).toBe(
      '24 小时内已按容量清理 40 秒告警录像（最早 2026-11-28 02:00）',
    );
  });
});
