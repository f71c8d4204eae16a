import type { Generated } from 'kysely';
import type { components } from '../../src/generated/openapi';

/** The contract's enums: a column holding one stores exactly the values the API answers. */
type Schemas = components['schemas'];

/** Timestamps are ISO 8601 UTC strings (`Date#toISOString`), so text order is time order. */
type Timestamp = string;

export type UserStatus = Schemas['UserStatus'];

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** The name as compared: usernameKey(username), unique (0038); another suffixed `#id` on an older clash. */
  username_key: string;
  name: string;
  phone: string | null;
  email: string | null;
  status: UserStatus;
  password_hash: string;
  created_at: Timestamp;
  last_login_at: Timestamp | null;
  /** 1 when the user wants the console's desktop notification and sound on new alerts (0017). */
  alert_notifications: Generated<number>;
}

export interface RolesTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string;
  /** 1 for roles the server maintains itself (the administrator role), else 0. */
  builtin: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RoleAccessKeysTable {
  role_id: number;
  access_key: string;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the token; the token itself is only ever held by the client. */
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  client_type: string;
  client_host: string;
  ip: string;
  /** Written at most once a minute per session: the idle time-out reads it. */
  last_active_at: Timestamp;
}

export type SignInMethod = 'password' | 'sms';

/** An admitted guess: a failure unless it proved right (then removed). */
export interface SignInAttemptsTable {
  id: Generated<number>;
  method: SignInMethod;
  /** The user name tried (known or not) as its key (usernameKey, 0038), or the phone of an SMS code. */
  principal: string;
  address: string;
  at: Timestamp;
  /** 1 once the principal signed in (or got a new password): no longer held against the account. */
  cleared: number;
}

export interface SmsSendsTable {
  id: Generated<number>;
  /** The client that asked for a sign-in code; '' for notifications and test sends. */
  address: string;
  /** The number texted (0037); '' for rows from before. */
  phone: Generated<string>;
  at: Timestamp;
}

/** The one operation log row standing for many anonymous calls alike (operation, address, code). */
export interface OperationLogTalliesTable {
  action: string;
  ip: string;
  code: string;
  window_start: Timestamp;
  log_id: number;
  count: number;
}

export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  code_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  attempts: number;
  used_at: Timestamp | null;
}

export type AiServerStatus = Schemas['AiServerStatus'];
export type RecordingMode = Schemas['RecordingMode'];

export interface AiServersTable {
  id: Generated<number>;
  name: string;
  serial_number: string;
  ip: string;
  port: number;
  hardware_model: string;
  accelerator_type: string;
  channel_capacity: number;
  software_version: string;
  location: string;
  /** offline, with null loads, until the first heartbeat (the monitoring ingest sets them). */
  status: AiServerStatus;
  last_heartbeat_at: Timestamp | null;
  cpu_load: number | null;
  memory_load: number | null;
  accelerator_load: number | null;
  /** SHA-256 (hex) of the ingest key; the key itself is shown once and never stored. */
  ingest_key_hash: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CamerasTable {
  id: Generated<number>;
  name: string;
  code: string;
  area: string;
  main_stream_url: string;
  sub_stream_url: string;
  vendor: string;
  ip: string;
  /** The AI server analysing the camera; the service keeps each server within its channel capacity. */
  ai_server_id: number | null;
  /** offline until the monitoring ingest reports the camera. */
  status: Schemas['CameraStatus'];
  /** The stream as the AI server last reported it (0015): 1 working, 0 lost, null never reported. */
  stream_ok: number | null;
  /**
   * The stream as last proven by any read or report (0024): 1 playing, 0 lost, null never known; a
   * change between 1 and 0 raises the camera's stream alert.
   */
  stream_known_ok: number | null;
  /** The console's last read of its stream (0022): 1 readable, 0 not, null not read since the start. */
  read_ok: number | null;
  read_by: Schemas['CameraStatusSource'] | null;
  /** What decided `status` (null until anything did) and when it last changed. */
  status_source: Schemas['CameraStatusSource'] | null;
  status_changed_at: Timestamp | null;
  /** off, continuous or alerts (around alerts only) (0023). */
  recording_mode: Generated<RecordingMode>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One recorded segment in the recording store (0023); see server/recording/. */
export interface RecordingSegmentsTable {
  id: Generated<number>;
  camera_id: number;
  started_at: Timestamp;
  ended_at: Timestamp;
  bytes: number;
  /** Its object's key in the recording store. */
  store_key: string;
  /** The recorder run that wrote it: timestamps run on within one run only. */
  run: string;
  /** 1 while recorded around alerts only and not yet kept for an alert nearby. */
  awaiting_alert: Generated<number>;
}

export interface CameraTasksTable {
  id: Generated<number>;
  camera_id: number;
  name: string;
  /** The model the task runs; null only for tasks written before tasks named their model (0009). */
  model_id: number | null;
  confidence_threshold: number;
  /** JSON text of the polygon: [{ "x": 0.1, "y": 0.2 }, ...], normalised to the frame. */
  region: string;
  /** JSON text of seven strings of 48 '0'/'1' half-hour slots, Monday first. */
  schedule: string;
  alert_level: AlertLevel;
  /** 1 or 0. */
  enabled: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type OperationResult = Schemas['OperationResult'];

export interface OperationLogsTable {
  id: Generated<number>;
  time: Timestamp;
  /** Null when the caller was not signed in (a failed sign-in, a call without a valid token). */
  user_id: number | null;
  username: string | null;
  ip: string;
  /** The operation's x-access key; null for sign-in and session operations. */
  area: string | null;
  /** The operationId. */
  action: string;
  /** What was done, in words: the operation's summary when the entry was written (the operationId before 0008). */
  action_name_zh: string;
  action_name_en: string;
  /** What was acted on, e.g. `#12 边缘盒子-01`; empty when nothing in particular. */
  target: string;
  result: OperationResult;
  /** The business code answered ("0" on success). */
  code: string;
  /** The error message, or what changed; never a password, token or key. */
  detail_zh: string;
  detail_en: string;
}

/** An uploaded file; its bytes are DATA_DIR/files/<id>. */
export interface FilesTable {
  id: Generated<number>;
  /** The operationId of the upload that took it (uploadStaffPhoto...): whose key serves it, which fields take it. */
  kind: string;
  name: string;
  size: number;
  /** Read from the file's first bytes, never from its name or the client's say. */
  content_type: string;
  sha256: string;
  /** Null once the uploading user is deleted. */
  uploaded_by: number | null;
  /** The AI server that uploaded it (a snapshot): the only one whose alerts and passages may name it. */
  ai_server_id: number | null;
  created_at: Timestamp;
  /** The pack (below DATA_DIR/files/packs) holding its bytes from `pack_offset`; null: DATA_DIR/files/<id>. */
  pack: string | null;
  pack_offset: number | null;
}

export interface ModelsTable {
  id: Generated<number>;
  name: string;
  algorithm: components['schemas']['ModelAlgorithm'];
  version: string;
  file_id: number;
  format: components['schemas']['ModelFormat'];
  /** JSON array of class names. */
  classes: string;
  input_size: string;
  target_hardware: string;
  description: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type DeploymentStatus = Schemas['DeploymentStatus'];

export interface ModelDeploymentsTable {
  model_id: number;
  ai_server_id: number;
  /** pending from the operator's deploy until the AI server reports. */
  status: DeploymentStatus;
  message: string;
  requested_at: Timestamp;
  reported_at: Timestamp | null;
}

export type StaffStatus = Schemas['StaffStatus'];

export interface StaffTable {
  id: Generated<number>;
  employee_no: string;
  name: string;
  gender: string;
  department: string;
  position: string;
  phone: string | null;
  /** Unique when set. */
  card_no: string | null;
  /** Dates as `YYYY-MM-DD`; null: no bound. */
  valid_from: string | null;
  valid_to: string | null;
  status: StaffStatus;
  /** A file of kind uploadStaffPhoto. */
  face_photo_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type VisitorStatus = Schemas['VisitorStatus'];

export interface VisitorsTable {
  id: Generated<number>;
  name: string;
  phone: string;
  /** In full (X upper-case); answers mask it in lists and exports. */
  id_number: string;
  company: string;
  host_staff_id: number;
  purpose: string;
  visit_from: Timestamp;
  visit_to: Timestamp;
  plate: string | null;
  companions: number;
  status: VisitorStatus;
  /** Generated on approval. */
  pass_code: string | null;
  approval_comment: string | null;
  /** User name of whoever approved or rejected. */
  approved_by: string | null;
  approved_at: Timestamp | null;
  checked_in_at: Timestamp | null;
  checked_out_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VehiclesTable {
  id: Generated<number>;
  plate: string;
  plate_color: string;
  owner_type: Schemas['VehicleOwnerType'];
  /** Set exactly when owner_type is staff. */
  staff_id: number | null;
  /** Set exactly when owner_type is visitor. */
  visitor_id: number | null;
  vehicle_type: string;
  list_type: Schemas['VehicleListType'];
  valid_from: string | null;
  valid_to: string | null;
  remark: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type AlertLevel = Schemas['AlertLevel'];
export type AlertStatus = Schemas['AlertStatus'];
export type AlertSource = Schemas['AlertSource'];

/** An AI alert; the names are those its camera, task, model and AI server had when it was raised. */
export interface AlertsTable {
  id: Generated<number>;
  ai_server_id: number | null;
  camera_id: number | null;
  task_id: number | null;
  model_id: number | null;
  ai_server_name: string;
  camera_name: string;
  area: string;
  task_name: string;
  model_name: string;
  /** What was detected, in the model's words (a class name such as 未戴安全帽). */
  label: string;
  level: AlertLevel;
  confidence: number;
  /** JSON text of [{ "x", "y", "width", "height", "label", "confidence" }], normalised to the frame. */
  boxes: string;
  snapshot_file_id: number | null;
  /** When the AI server saw it (its clock); received_at is ours. */
  occurred_at: Timestamp;
  received_at: Timestamp;
  status: AlertStatus;
  handled_by: number | null;
  handled_by_name: string;
  handled_at: Timestamp | null;
  handling_note: string;
  /** Grows with every change of any alert (0011): the live stream's event id. */
  revision: number;
  /**
   * The AI server's own id of the alert (0014), unique per server: a retried report answers the first.
   * A system alert's key, unique per source (0015).
   */
  source_id: string | null;
  /** An AI detection, or a system alert of a device's health or a gate (0015). */
  source: AlertSource;
  /** What happened: `detection` for the AI's, else `aiServerOffline`, `cameraStreamLost`... (0015). */
  type: string;
  /** The label in English (0015): an AI label as is, a system alert's title in English. */
  label_en: string;
}

/**
 * Alerts counted per quarter hour (UTC) of occurring, source, level and status (0026), with the
 * milliseconds from occurring to handling of the handled ones: the dashboard's totals and trend.
 */
export interface AlertRollupsTable {
  slot_start: Timestamp;
  source: AlertSource;
  level: AlertLevel;
  status: AlertStatus;
  alert_count: number;
  handling_ms: number;
}

/**
 * Alerts counted per UTC day of occurring, source, camera (0: none or deleted), label and status
 * (0026): the dashboard's rankings of cameras and alert types.
 */
export interface AlertDayRollupsTable {
  day_start: Timestamp;
  source: AlertSource;
  camera_id: number;
  label: string;
  status: AlertStatus;
  alert_count: number;
}

/**
 * Alerts counted per UTC hour of occurring, source, camera (0: none or deleted), label and status
 * (0029): the rankings' whole hours of the days a period holds in part.
 */
export interface AlertHourRollupsTable {
  hour_start: Timestamp;
  source: AlertSource;
  camera_id: number;
  label: string;
  status: AlertStatus;
  alert_count: number;
}

export type IngestQuotaKind = 'alerts' | 'snapshotBytes' | 'passages';

/** An AI server's token bucket of one kind (0014): what was left at `refilled_at`. */
export interface IngestQuotasTable {
  ai_server_id: number;
  kind: IngestQuotaKind;
  tokens: number;
  refilled_at: Timestamp;
}

export type PassageDirection = Schemas['PassageDirection'];
export type PassageResult = Schemas['PassageResult'];

/** A passage through a gate (0016): what the gate read, as sent, and whom it matched when stored. */
export interface PassagesTable {
  id: Generated<number>;
  ai_server_id: number | null;
  /** The sender's own id of the event, unique per AI server: a retried report answers the first. */
  source_id: string;
  gate: string;
  direction: PassageDirection;
  result: PassageResult;
  employee_no: string | null;
  pass_code: string | null;
  plate: string | null;
  staff_id: number | null;
  visitor_id: number | null;
  vehicle_id: number | null;
  photo_file_id: number | null;
  /** When the gate saw it (its clock); received_at is ours. */
  occurred_at: Timestamp;
  received_at: Timestamp;
}

export type NotifyWebhookKind = Schemas['NotifyWebhookKind'];
export type NotifyChannel = Schemas['NotifyChannel'];
export type NotifyDeliveryStatus = Schemas['NotifyDeliveryStatus'];

/** A notification rule (0017); its lists of plain values are JSON text. */
export interface NotifyRulesTable {
  id: Generated<number>;
  name: string;
  /** 1 or 0. */
  enabled: number;
  labels: string;
  min_level: AlertLevel;
  sources: string;
  area: string;
  days: string;
  /** HH:MM in the site time zone. */
  from_time: string;
  to_time: string;
  cooldown_seconds: number;
  webhook_kind: NotifyWebhookKind;
  webhook_url: string;
  webhook_secret: string;
  sms_phones: string;
  sent_count: Generated<number>;
  failed_count: Generated<number>;
  last_sent_at: Timestamp | null;
  last_failure_at: Timestamp | null;
  last_failure: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Who created the rule (0037); null once that user is deleted. */
  created_by: number | null;
  /** Who last wrote it, whose keys the rule forwards by (0037); null once that user is deleted. */
  updated_by: number | null;
}

export interface NotifyRuleCamerasTable {
  rule_id: number;
  camera_id: number;
}

export interface NotifyRuleAiServersTable {
  rule_id: number;
  ai_server_id: number;
}

export interface NotifyRuleSmsUsersTable {
  rule_id: number;
  user_id: number;
}

/** One message to one receiver (0017), written with its alert and retried until sent or too old. */
export interface NotificationOutboxTable {
  id: Generated<number>;
  rule_id: number;
  channel: NotifyChannel;
  /** The phone of an SMS; '' for the rule's webhook. */
  target: string;
  /** The alert's camera, or 0: the cool-down's key beside the rule. */
  camera_key: number;
  /** The cool-down's third key (0021): server/notify/outbox.ts alertKindOf. */
  alert_kind: Generated<string>;
  status: NotifyDeliveryStatus;
  alert_id: number;
  /** JSON of what the message tells of its first alert (server/notify/notice.ts). */
  alert: string;
  alert_count: number;
  created_at: Timestamp;
  due_at: Timestamp;
  attempts: Generated<number>;
  last_attempt_at: Timestamp | null;
  last_status: number | null;
  last_answer: Generated<string>;
  sent_at: Timestamp | null;
}

/** When a user tested a rule (0037): the limits on test sends count them. */
export interface NotifyTestSendsTable {
  id: Generated<number>;
  rule_id: number;
  user_id: number;
  at: Timestamp;
}

/** The database's identity (0013): one row, its id also in DATA_DIR/instance-id. */
export interface InstanceTable {
  id: string;
  /** By the app's clock, when the data folder's database was first opened. */
  created_at: Timestamp;
}

/** When each periodic job last started across servers, and where (0028; PostgreSQL only uses it). */
export interface JobRunsTable {
  name: string;
  last_run_at: Timestamp;
  /** Null while the run is under way (or its server died during it). */
  finished_at: Timestamp | null;
  /** CFOP_SERVER_NAME of the server that ran it. */
  server: string;
}

/** Keys all servers share (0028): on PostgreSQL the snapshot links' key lives here. */
export interface InstanceSecretsTable {
  name: string;
  /** Hex digits. */
  value: string;
}

export interface Database {
  users: UsersTable;
  roles: RolesTable;
  role_access_keys: RoleAccessKeysTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  sign_in_attempts: SignInAttemptsTable;
  sms_sends: SmsSendsTable;
  operation_log_tallies: OperationLogTalliesTable;
  sms_codes: SmsCodesTable;
  ai_servers: AiServersTable;
  operation_logs: OperationLogsTable;
  cameras: CamerasTable;
  camera_tasks: CameraTasksTable;
  files: FilesTable;
  models: ModelsTable;
  model_deployments: ModelDeploymentsTable;
  staff: StaffTable;
  visitors: VisitorsTable;
  vehicles: VehiclesTable;
  alerts: AlertsTable;
  ingest_quotas: IngestQuotasTable;
  instance: InstanceTable;
  passages: PassagesTable;
  notify_rules: NotifyRulesTable;
  notify_rule_cameras: NotifyRuleCamerasTable;
  notify_rule_ai_servers: NotifyRuleAiServersTable;
  notify_rule_sms_users: NotifyRuleSmsUsersTable;
  notification_outbox: NotificationOutboxTable;
  notify_test_sends: NotifyTestSendsTable;
  recording_segments: RecordingSegmentsTable;
  alert_rollups: AlertRollupsTable;
  alert_day_rollups: AlertDayRollupsTable;
  alert_hour_rollups: AlertHourRollupsTable;
  job_runs: JobRunsTable;
  instance_secrets: InstanceSecretsTable;
}
