import { describe, expect, it } from 'vitest';
import type { Notice } from './notice';
import { alertKindOf } from './outbox';
import { authorMaySee } from './rule-authors';
import type { RuleFilter } from './rule-match';

const rule: RuleFilter = {
  labels: [],
  minLevel: 'low',
  sources: [],
  cameraIds: [],
  aiServerIds: [],
  area: '',
  days: [],
  fromTime: '00:00',
  toTime: '00:00',
};

const detection: Notice = {
  alertId: 1,
  source: 'ai',
  type: 'detection',
  level: 'high',
  label: '未戴安全帽',
  labelEn: '未戴安全帽',
  cameraId: 7,
  cameraName: 'gate',
  area: '',
  aiServerId: 3,
  aiServerName: 'box',
  occurredAt: '2030-01-02T08:00:00.000Z',
  snapshotFileId: null,
};

const serverOffline = (aiServerId: number): Notice => ({
  ...detection,
  source: 'device',
  type: 'aiServerOffline',
  label: 'AI服务器离线',
  labelEn: 'AI server offline',
  cameraId: null,
  aiServerId,
});

describe("a cool-down's kind of alert", () => {
  it("never follows the label an AI server sends, only the rule's own labels", () => {
    const relabelled = { ...detection, label: 'anything-1', labelEn: 'anything-1' };
    expect(alertKindOf(rule, relabelled)).toBe(alertKindOf(rule, detection));
    const listing = { ...rule, labels: ['未戴安全帽', '吸烟'] };
    const smoking = { ...detection, label: '吸烟', labelEn: 'smoking' };
    expect(alertKindOf(listing, smoking)).not.toBe(alertKindOf(listing, detection));
  });

  it("keeps a device's alerts apart by the AI server and the event", () => {
    expect(alertKindOf(rule, serverOffline(3))).not.toBe(alertKindOf(rule, serverOffline(4)));
    expect(alertKindOf(rule, serverOffline(3))).not.toBe(alertKindOf(rule, detection));
  });
});

describe("what a rule's author may forward", () => {
  it('asks the alert key of every alert, and the device key of a device alert', () => {
    const alerts = new Set(['KEY.CENTER.AIWARN']);
    expect(authorMaySee(new Set(['KEY.SYSTEM.NOTIFY']), detection)).toBe(false);
    expect(authorMaySee(alerts, detection)).toBe(true);
    expect(authorMaySee(alerts, serverOffline(3))).toBe(false);
    expect(authorMaySee(new Set([...alerts, 'KEY.DEVICE.CAMERA']), serverOffline(3))).toBe(false);
    expect(authorMaySee(new Set([...alerts, 'KEY.DEVICE.AISERVER']), serverOffline(3))).toBe(true);
    const streamLost = { ...serverOffline(3), type: 'cameraStreamLost', cameraId: 7 };
    expect(authorMaySee(new Set([...alerts, 'KEY.DEVICE.CAMERA']), streamLost)).toBe(true);
  });
});
