import { describe, expect, it } from 'vitest';
import { alertLabels, scaleAlert, unitNoise, type ScalePlan } from './scale-seed';

const plan: ScalePlan = {
  alerts: 20_000,
  rowsPerResource: 100,
  cameras: 50,
  aiServers: 5,
  days: 30,
  end: new Date('2026-11-27T00:00:00.000Z'),
};
const alerts = Array.from({ length: plan.alerts }, (_, n) => scaleAlert(n, plan));
const share = (keep: (alert: (typeof alerts)[number]) => boolean) =>
  alerts.filter(keep).length / alerts.length;

describe('scaleAlert', () => {
  it('spreads the alerts oldest first over the days before the end, each revision its own', () => {
    const times = alerts.map((alert) => Date.parse(alert.occurred_at));
    expect(times[0]).toBeGreaterThanOrEqual(plan.end.getTime() - 30 * 86_400_000);
    expect(times[times.length - 1]).toBeLessThan(plan.end.getTime());
    expect(times.every((time, n) => n === 0 || time >= (times[n - 1] as number))).toBe(true);
    expect(new Set(alerts.map((alert) => alert.revision)).size).toBe(plan.alerts);
  });

  it('uses every camera, on its own AI server, with a skew of labels and levels a site has', () => {
    expect(new Set(alerts.map((alert) => alert.camera_id)).size).toBe(50);
    expect(alerts.every((alert) => alert.ai_server_id === 1 + (((alert.camera_id as number) - 1) % 5))).toBe(
      true,
    );
    expect(new Set(alerts.map((alert) => alert.label))).toEqual(new Set(alertLabels));
    expect(share((alert) => alert.label === '未戴安全帽')).toBeCloseTo(0.3, 1);
    expect(share((alert) => alert.label === '明火')).toBeCloseTo(0.03, 1);
    expect(share((alert) => alert.level === 'critical')).toBeCloseTo(0.1, 1);
  });

  it('leaves most of the last day pending and handles most older alerts after they occurred', () => {
    const lastDay = (alert: (typeof alerts)[number]) =>
      plan.end.getTime() - Date.parse(alert.occurred_at) < 86_400_000;
    const recent = alerts.filter(lastDay);
    expect(recent.filter((alert) => alert.status === 'pending').length / recent.length).toBeCloseTo(0.6, 1);
    const older = alerts.filter((alert) => !lastDay(alert));
    expect(older.filter((alert) => alert.status === 'pending').length / older.length).toBeCloseTo(0.05, 1);
    const handled = alerts.filter((alert) => alert.status !== 'pending');
    expect(alerts.filter((alert) => alert.handled_at !== null)).toEqual(handled);
    expect(handled.every((alert) => Date.parse(alert.handled_at ?? '') > Date.parse(alert.occurred_at))).toBe(
      true,
    );
  });
});

describe('unitNoise', () => {
  it('is the same for the same input, within [0, 1), and differs by salt', () => {
    expect(unitNoise(42, 1)).toBe(unitNoise(42, 1));
    expect(unitNoise(42, 1)).not.toBe(unitNoise(42, 2));
    const values = Array.from({ length: 1000 }, (_, n) => unitNoise(n, 3));
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(values.reduce((sum, value) => sum + value, 0) / values.length).toBeCloseTo(0.5, 1);
  });
});
