/** What an AI server may send (the CFOP_INGEST_* settings). */
export interface IngestLimits {
  /** How far back of the console's clock an alert's time may lie; never beyond the alert retention. */
  readonly maxAgeHours: number;
  /** How far ahead of it: an edge box's clock drifts by seconds, not minutes. */
  readonly maxAheadMinutes: number;
  /** Alerts per second one AI server may report on average, and at once after a quiet spell. */
  readonly alertsPerSecond: number;
  readonly alertBurst: number;
  /** Snapshot megabytes one AI server may upload per hour (also what it may upload at once). */
  readonly snapshotMbPerHour: number;
  /** Gate passages per second one AI server may report on average, and at once. */
  readonly passagesPerSecond: number;
  readonly passageBurst: number;
}

/**
 * A busy box (16 cameras, a few detections a second each) stays well under 50 alerts a second and
 * under 200 MB of snapshots an hour (a 100 KB frame every 2 s); a day back covers a box that queued
 * its alerts through a night without network, while a box whose clock never synced (1970) is told so.
 * A turnstile lets a person through every second or two; a box wired to a few gates stays under 20
 * passages a second even at a shift change, and the burst lets it send a queue kept through an outage.
 */
export const defaultIngestLimits: IngestLimits = {
  maxAgeHours: 24,
  maxAheadMinutes: 5,
  alertsPerSecond: 50,
  alertBurst: 200,
  snapshotMbPerHour: 200,
  passagesPerSecond: 20,
  passageBurst: 200,
};
