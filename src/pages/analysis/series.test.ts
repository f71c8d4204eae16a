import { describe, expect, it } from 'vitest';
import { bucketLabels, bucketSpan, levelSeries, percentText, type OperationsDashboard } from './series';

const bucket = (
  start: string,
  counts: Partial<Record<'low' | 'medium' | 'high' | 'critical', number>> = {},
) => ({
  start,
  low: 0,
  medium: 0,
  high: 0,
  critical: 0,
  ...counts,
});

function figures(
  period: Partial<OperationsDashboard['period']>,
  trend: OperationsDashboard['trend'],
): OperationsDashboard {
  return {
    period: {
      from: '2030-01-02T12:30:00.000Z',
      to: '2030-01-03T12:30:00.000Z',
      timeZone: 'UTC',
      bucket: 'hour',
      preset: 'last24h',
      ...period,
    },
    devices: {
      aiServers: { total: 0, online: 0, offline: 0 },
      cameras: { total: 0, online: 0, offline: 0 },
    },
    alerts: {
      total: 0,
      pending: 0,
      confirmed: 0,
      dismissed: 0,
      byLevel: { low: 0, medium: 0, high: 0, critical: 0 },
      handledRatio: null,
      falseAlarmRatio: null,
      meanHandlingSeconds: null,
    },
    deviceAlerts: { total: 0, pending: 0 },
    trend,
    topCameras: [],
    topLabels: [],
  };
}

describe('the trend', () => {
  const hours = figures({ timeZone: 'Asia/Shanghai' }, [
    bucket('2030-01-02T12:00:00.000Z', { high: 2 }),
    bucket('2030-01-02T15:00:00.000Z'),
    bucket('2030-01-02T16:00:00.000Z', { low: 1, critical: 3 }),
    bucket('2030-01-03T12:00:00.000Z'),
  ]);

  it('labels hours in the period’s zone, with the date on the first bar and where a day begins', () => {
    expect(bucketLabels(hours)).toEqual(['1/2 20:00', '23:00', '1/3 00:00', '20:00']);
  });

  it('labels days by their date', () => {
    const days = figures({ bucket: 'day', timeZone: 'Asia/Shanghai' }, [
      bucket('2030-01-01T16:00:00.000Z'),
      bucket('2030-01-02T16:00:00.000Z'),
    ]);
    expect(bucketLabels(days)).toEqual(['1/2', '1/3']);
  });

  it('gives each level its counts per bar', () => {
    expect(levelSeries(hours.trend)).toEqual({
      low: [0, 0, 1, 0],
      medium: [0, 0, 0, 0],
      high: [2, 0, 0, 0],
      critical: [0, 0, 3, 0],
    });
  });

  it('clips the first and last bars to the period, for the alert wall they open', () => {
    expect(bucketSpan(hours, 0)).toEqual({
      from: '2030-01-02T12:30:00.000Z',
      to: '2030-01-02T15:00:00.000Z',
    });
    expect(bucketSpan(hours, 2)).toEqual({
      from: '2030-01-02T16:00:00.000Z',
      to: '2030-01-03T12:00:00.000Z',
    });
    expect(bucketSpan(hours, 3)).toEqual({
      from: '2030-01-03T12:00:00.000Z',
      to: '2030-01-03T12:30:00.000Z',
    });
  });
});

describe('figures as text', () => {
  it('shows ratios as percentages, none as a dash', () => {
    expect(percentText(0.5)).toBe('50.0%');
    expect(percentText(1 / 3)).toBe('33.3%');
    expect(percentText(null)).toBe('—');
  });
});
