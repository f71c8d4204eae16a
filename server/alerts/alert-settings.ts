import { alertLevels } from '../db/alert-levels';
import type { AlertLevel } from '../db/schema';
import { keptDays, wholeHours, wholeSeconds, type SettingsReader } from '../kernel/env-settings';
import { defaultHealthSettings, type HealthSettings } from './device-health';
import { defaultIngestLimits, type IngestLimits } from './ingest-limits';
import { defaultSnapshotLinkHours, maxSnapshotLinkHours } from './snapshot-link';

/** How long alerts are kept unless CFOP_ALERT_RETENTION_DAYS says otherwise: a quarter of a year. */
export const defaultAlertRetentionDays = 90;

/**
 * The alerts' settings, in two parts read apart: the start reads the settings of what is kept
 * (alerts, then removed files) before those of what comes in, and names bad ones in that order.
 */
export interface AlertRetentionSettings {
  /** CFOP_ALERT_RETENTION_DAYS: how many days alerts and their snapshots are kept. */
  readonly alertRetentionDays: number;
}

export interface AlertIntakeSettings {
  /** CFOP_INGEST_*: what an AI server may send. */
  readonly ingest: IngestLimits;
  /** CFOP_HEALTH_*: when devices count as failed, and the levels of their alerts. */
  readonly health: HealthSettings;
  /** CFOP_SNAPSHOT_LINK_HOURS: how long a message's snapshot link opens its picture. */
  readonly snapshotLinkHours: number;
}

export function readAlertRetentionSettings(settings: SettingsReader): AlertRetentionSettings {
  return {
    alertRetentionDays: settings.number('CFOP_ALERT_RETENTION_DAYS', {
      ...keptDays,
      fallback: defaultAlertRetentionDays,
    }),
  };
}

export function readAlertIntakeSettings(settings: SettingsReader): AlertIntakeSettings {
  return {
    ingest: readIngestLimits(settings),
    health: readHealthSettings(settings),
    snapshotLinkHours: settings.number('CFOP_SNAPSHOT_LINK_HOURS', {
      fallback: defaultSnapshotLinkHours,
      min: 1,
      max: maxSnapshotLinkHours,
      noun: wholeHours,
    }),
  };
}

/** The CFOP_INGEST_* limits: each a positive number, at most its `max`. */
function readIngestLimits(settings: SettingsReader): IngestLimits {
  const limit = (name: string, fallback: number, max: number, whole = false) =>
    settings.number(name, { fallback, max, whole });
  return {
    maxAgeHours: limit('CFOP_INGEST_MAX_AGE_HOURS', defaultIngestLimits.maxAgeHours, 24 * 3650),
    maxAheadMinutes: limit('CFOP_INGEST_MAX_AHEAD_MINUTES', defaultIngestLimits.maxAheadMinutes, 24 * 60),
    alertsPerSecond: limit('CFOP_INGEST_ALERTS_PER_SECOND', defaultIngestLimits.alertsPerSecond, 100_000),
    alertBurst: limit('CFOP_INGEST_ALERT_BURST', defaultIngestLimits.alertBurst, 1_000_000, true),
    snapshotMbPerHour: limit(
      'CFOP_INGEST_SNAPSHOT_MB_PER_HOUR',
      defaultIngestLimits.snapshotMbPerHour,
      1_000_000,
    ),
    passagesPerSecond: limit(
      'CFOP_INGEST_PASSAGES_PER_SECOND',
      defaultIngestLimits.passagesPerSecond,
      100_000,
    ),
    passageBurst: limit('CFOP_INGEST_PASSAGE_BURST', defaultIngestLimits.passageBurst, 1_000_000, true),
  };
}

/** The CFOP_HEALTH_* settings: when a device counts as failed, and the levels of its alerts. */
function readHealthSettings(settings: SettingsReader): HealthSettings {
  const level = (name: string, fallback: AlertLevel): AlertLevel => {
    const value = settings.text(name) ?? fallback;
    if ((alertLevels as readonly string[]).includes(value)) return value as AlertLevel;
    settings.bad(
      name,
      `必须是以下告警级别之一：${alertLevels.join('、')}`,
      `must be one of the alert levels: ${alertLevels.join(', ')}`,
    );
    return fallback;
  };
  return {
    // At least two of the 15 s offline checks, so a server is never marked offline between heartbeats.
    offlineAfterSeconds: settings.number('CFOP_HEALTH_OFFLINE_AFTER_SECONDS', {
      fallback: defaultHealthSettings.offlineAfterSeconds,
      min: 30,
      max: 86_400,
      noun: wholeSeconds,
    }),
    offlineLevel: level('CFOP_HEALTH_OFFLINE_LEVEL', defaultHealthSettings.offlineLevel),
    backLevel: level('CFOP_HEALTH_BACK_LEVEL', defaultHealthSettings.backLevel),
  };
}
