import type { ColumnType } from 'kysely';
import type { components } from '../../src/generated/openapi';
import type { DB } from './generated/database';

/** The contract's enums the server's own code names. */
type Schemas = components['schemas'];

export type AlertLevel = Schemas['AlertLevel'];
export type AlertStatus = Schemas['AlertStatus'];
export type AlertSource = Schemas['AlertSource'];
export type VisitorStatus = Schemas['VisitorStatus'];
export type DeploymentStatus = Schemas['DeploymentStatus'];
export type RecordingMode = Schemas['RecordingMode'];
export type NotifyWebhookKind = Schemas['NotifyWebhookKind'];
export type NotifyChannel = Schemas['NotifyChannel'];

export type SignInMethod = 'password' | 'sms' | 'totp';
export type IngestQuotaKind = 'alerts' | 'snapshotBytes' | 'passages';

/**
 * The text columns holding an enum that no check of theirs states (a check would type them from the
 * migration): the only column types written here.
 */
type Overlay = Stated<{
  operation_logs: { result: Schemas['OperationResult'] };
  cameras: { read_by: Schemas['CameraStatusSource']; status_source: Schemas['CameraStatusSource'] };
  models: { algorithm: Schemas['ModelAlgorithm']; format: Schemas['ModelFormat'] };
  ingest_quotas: { kind: IngestQuotaKind };
  alert_rollups: { level: AlertLevel; source: AlertSource };
  alert_day_rollups: { source: AlertSource };
  alert_hour_rollups: { source: AlertSource };
}>;

/** An overlay naming only columns the generated tables have. */
type Stated<
  O extends {
    [T in keyof O]: T extends keyof DB
      ? { [C in keyof O[T]]: C extends keyof DB[T] ? unknown : never }
      : never;
  },
> = O;

/** `Values` in place of the column's string, its null, undefined and default kept. */
type Narrowed<Column, Values> =
  Column extends ColumnType<infer S, infer I, infer U>
    ? ColumnType<As<S, Values>, As<I, Values>, As<U, Values>>
    : As<Column, Values>;
type As<T, Values> = T extends string ? Values : T;

type Overlaid<Columns, Narrow> = {
  [C in keyof Columns]: C extends keyof Narrow ? Narrowed<Columns[C], Narrow[C]> : Columns[C];
};

/**
 * The database's tables as the migrations make them: generated from a migrated database
 * (./generated/database.ts, `npm run codegen`), with the overlay above. Timestamps are ISO 8601 UTC
 * strings (`Date#toISOString`, so text order is time order), flags 0 or 1, JSON columns text: on
 * PostgreSQL too, whose pool reads values back as SQLite gives them (postgres-values.ts).
 */
export type Database = {
  [T in keyof DB]: T extends keyof Overlay ? Overlaid<DB[T], Overlay[T]> : DB[T];
};

/** One table's columns: `Table<'alerts'>`. */
export type Table<Name extends keyof Database> = Database[Name];
