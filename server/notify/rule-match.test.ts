import { describe, expect, it } from 'vitest';
import type { Notice } from './notice';
import { inWindow, ruleMatches, type RuleFilter } from './rule-match';

const any: RuleFilter = {
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

const notice: Notice = {
  alertId: 1,
  source: 'ai',
  type: 'detection',
  level: 'medium',
  label: '未戴安全帽',
  labelEn: 'no helmet',
  cameraId: 7,
  cameraName: 'gate',
  area: '东门',
  aiServerId: 3,
  aiServerName: 'box',
  // Wednesday 2030-01-02, 16:00 in Shanghai.
  occurredAt: '2030-01-02T08:00:00.000Z',
  snapshotFileId: null,
};

const zone = 'Asia/Shanghai';
/** The instant the Shanghai clocks show this local time. */
const shanghai = (local: string) => Date.parse(`${local}+08:00`);

describe('rule matching', () => {
  it('matches every alert with empty lists, and by each field', () => {
    expect(ruleMatches(any, notice, zone)).toBe(true);
    expect(ruleMatches({ ...any, minLevel: 'medium' }, notice, zone)).toBe(true);
    expect(ruleMatches({ ...any, minLevel: 'high' }, notice, zone)).toBe(false);
    expect(ruleMatches({ ...any, labels: ['no helmet'] }, notice, zone)).toBe(true);
    expect(ruleMatches({ ...any, labels: ['detection'] }, notice, zone)).toBe(true);
    expect(ruleMatches({ ...any, labels: ['fire'] }, notice, zone)).toBe(false);
    expect(ruleMatches({ ...any, sources: ['device'] }, notice, zone)).toBe(false);
    expect(ruleMatches({ ...any, cameraIds: [7, 8] }, notice, zone)).toBe(true);
    expect(ruleMatches({ ...any, cameraIds: [8] }, notice, zone)).toBe(false);
    expect(ruleMatches({ ...any, aiServerIds: [4] }, notice, zone)).toBe(false);
    expect(ruleMatches({ ...any, area: '西门' }, notice, zone)).toBe(false);
    expect(ruleMatches({ ...any, days: ['wed'], fromTime: '08:00', toTime: '18:00' }, notice, zone)).toBe(
      true,
    );
    expect(ruleMatches({ ...any, days: ['thu'] }, notice, zone)).toBe(false);
    expect(ruleMatches({ ...any, fromTime: '18:00', toTime: '08:00' }, notice, zone)).toBe(false);
  });

  it('reads the window on the site clocks, its end excluded', () => {
    const office = { days: ['mon', 'tue', 'wed', 'thu', 'fri'] as const, fromTime: '09:00', toTime: '18:00' };
    const rule = { ...office, days: [...office.days] };
    expect(inWindow(rule, shanghai('2030-01-02T09:00:00'), zone)).toBe(true);
    expect(inWindow(rule, shanghai('2030-01-02T17:59:59'), zone)).toBe(true);
    expect(inWindow(rule, shanghai('2030-01-02T18:00:00'), zone)).toBe(false);
    // 2030-01-05 is a Saturday.
    expect(inWindow(rule, shanghai('2030-01-05T10:00:00'), zone)).toBe(false);
    // The same instant is 02:00 in UTC: read in the other zone it falls outside.
    expect(inWindow(rule, shanghai('2030-01-02T10:00:00'), 'UTC')).toBe(false);
  });

  it('gives a night over midnight to the day it began', () => {
    const fridayNights = { days: ['fri' as const], fromTime: '22:00', toTime: '06:00' };
    // Friday 2030-01-04 23:00 and Saturday 05:59 belong to Friday's night; Friday 05:00 to Thursday's.
    expect(inWindow(fridayNights, shanghai('2030-01-04T23:00:00'), zone)).toBe(true);
    expect(inWindow(fridayNights, shanghai('2030-01-05T05:59:00'), zone)).toBe(true);
    expect(inWindow(fridayNights, shanghai('2030-01-04T05:00:00'), zone)).toBe(false);
    expect(inWindow(fridayNights, shanghai('2030-01-05T06:00:00'), zone)).toBe(false);
    expect(inWindow(fridayNights, shanghai('2030-01-04T21:59:00'), zone)).toBe(false);
  });
});
