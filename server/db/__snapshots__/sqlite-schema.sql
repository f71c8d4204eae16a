-- index ai_servers_channel_capacity
CREATE INDEX "ai_servers_channel_capacity" on "ai_servers" ("channel_capacity", "id");

-- index ai_servers_created_at
CREATE INDEX "ai_servers_created_at" on "ai_servers" ("created_at", "id");

-- index ai_servers_last_heartbeat_at
CREATE INDEX "ai_servers_last_heartbeat_at" on "ai_servers" ("last_heartbeat_at", "id");

-- index ai_servers_name
CREATE INDEX "ai_servers_name" on "ai_servers" ("name", "id");

-- index ai_servers_status
CREATE INDEX "ai_servers_status" on "ai_servers" ("status", "id");

-- index alerts_ai_server_id_source_id
CREATE UNIQUE INDEX "alerts_ai_server_id_source_id" on "alerts" ("ai_server_id", "source_id");

-- index alerts_camera_id_occurred_at
CREATE INDEX "alerts_camera_id_occurred_at" on "alerts" ("camera_id", "occurred_at", "id");

-- index alerts_level_occurred_at
CREATE INDEX "alerts_level_occurred_at" on "alerts" ("level", "occurred_at", "id");

-- index alerts_occurred_at
CREATE INDEX "alerts_occurred_at" on "alerts" ("occurred_at", "id");

-- index alerts_revision
CREATE UNIQUE INDEX "alerts_revision" on "alerts" ("revision");

-- index alerts_source_occurred_at
CREATE INDEX "alerts_source_occurred_at" on "alerts" ("source", "occurred_at", "id");

-- index alerts_status_occurred_at
CREATE INDEX "alerts_status_occurred_at" on "alerts" ("status", "occurred_at", "id");

-- index alerts_system_source_id
CREATE UNIQUE INDEX "alerts_system_source_id" on "alerts" ("source", "source_id") where "source" <> 'ai';

-- index camera_tasks_camera_id
CREATE INDEX "camera_tasks_camera_id" on "camera_tasks" ("camera_id", "id");

-- index camera_tasks_model_id
CREATE INDEX "camera_tasks_model_id" on "camera_tasks" ("model_id");

-- index cameras_ai_server_id
CREATE INDEX "cameras_ai_server_id" on "cameras" ("ai_server_id", "id");

-- index cameras_area
CREATE INDEX "cameras_area" on "cameras" ("area", "id");

-- index cameras_created_at
CREATE INDEX "cameras_created_at" on "cameras" ("created_at", "id");

-- index cameras_name
CREATE INDEX "cameras_name" on "cameras" ("name", "id");

-- index cameras_status
CREATE INDEX "cameras_status" on "cameras" ("status", "id");

-- index cameras_vendor
CREATE INDEX "cameras_vendor" on "cameras" ("vendor", "id");

-- index files_pack
CREATE INDEX "files_pack" on "files" ("pack");

-- index model_deployments_ai_server
CREATE INDEX "model_deployments_ai_server" on "model_deployments" ("ai_server_id");

-- index models_algorithm
CREATE INDEX "models_algorithm" on "models" ("algorithm", "id");

-- index models_created_at
CREATE INDEX "models_created_at" on "models" ("created_at", "id");

-- index models_updated_at
CREATE INDEX "models_updated_at" on "models" ("updated_at", "id");

-- index models_version
CREATE INDEX "models_version" on "models" ("version", "id");

-- index notification_outbox_rule_camera_kind
CREATE INDEX "notification_outbox_rule_camera_kind" on "notification_outbox" ("rule_id", "camera_key", "alert_kind", "channel", "target", "id");

-- index notification_outbox_rule_id
CREATE INDEX "notification_outbox_rule_id" on "notification_outbox" ("rule_id", "id");

-- index notification_outbox_status_due_at
CREATE INDEX "notification_outbox_status_due_at" on "notification_outbox" ("status", "due_at");

-- index notify_rule_ai_servers_ai_server_id
CREATE INDEX "notify_rule_ai_servers_ai_server_id" on "notify_rule_ai_servers" ("ai_server_id");

-- index notify_rule_cameras_camera_id
CREATE INDEX "notify_rule_cameras_camera_id" on "notify_rule_cameras" ("camera_id");

-- index notify_rule_sms_users_user_id
CREATE INDEX "notify_rule_sms_users_user_id" on "notify_rule_sms_users" ("user_id");

-- index notify_rules_created_at
CREATE INDEX "notify_rules_created_at" on "notify_rules" ("created_at");

-- index operation_logs_time
CREATE INDEX "operation_logs_time" on "operation_logs" ("time");

-- index passages_ai_server_id_source_id
CREATE UNIQUE INDEX "passages_ai_server_id_source_id" on "passages" ("ai_server_id", "source_id");

-- index passages_staff_id_occurred_at
CREATE INDEX "passages_staff_id_occurred_at" on "passages" ("staff_id", "occurred_at", "id");

-- index passages_vehicle_id_occurred_at
CREATE INDEX "passages_vehicle_id_occurred_at" on "passages" ("vehicle_id", "occurred_at", "id");

-- index passages_visitor_id_occurred_at
CREATE INDEX "passages_visitor_id_occurred_at" on "passages" ("visitor_id", "occurred_at", "id");

-- index recording_segments_awaiting_alert_started_at
CREATE INDEX "recording_segments_awaiting_alert_started_at" on "recording_segments" ("awaiting_alert", "started_at", "id");

-- index recording_segments_camera_id_started_at
CREATE INDEX "recording_segments_camera_id_started_at" on "recording_segments" ("camera_id", "started_at", "id");

-- index recording_segments_started_at
CREATE INDEX "recording_segments_started_at" on "recording_segments" ("started_at", "id");

-- index roles_created_at
CREATE INDEX "roles_created_at" on "roles" ("created_at");

-- index sessions_user_id
CREATE INDEX "sessions_user_id" on "sessions" ("user_id");

-- index sign_in_attempts_address
CREATE INDEX "sign_in_attempts_address" on "sign_in_attempts" ("address", "at");

-- index sign_in_attempts_at
CREATE INDEX "sign_in_attempts_at" on "sign_in_attempts" ("at");

-- index sign_in_attempts_principal
CREATE INDEX "sign_in_attempts_principal" on "sign_in_attempts" ("method", "principal", "at");

-- index sms_codes_phone
CREATE INDEX "sms_codes_phone" on "sms_codes" ("phone");

-- index sms_sends_address
CREATE INDEX "sms_sends_address" on "sms_sends" ("address", "at");

-- index sms_sends_at
CREATE INDEX "sms_sends_at" on "sms_sends" ("at");

-- index staff_created_at
CREATE INDEX "staff_created_at" on "staff" ("created_at", "id");

-- index staff_department
CREATE INDEX "staff_department" on "staff" ("department", "id");

-- index staff_name
CREATE INDEX "staff_name" on "staff" ("name", "id");

-- index staff_status
CREATE INDEX "staff_status" on "staff" ("status", "id");

-- index staff_valid_to
CREATE INDEX "staff_valid_to" on "staff" ("valid_to", "id");

-- index user_roles_role_id
CREATE INDEX "user_roles_role_id" on "user_roles" ("role_id");

-- index users_created_at
CREATE INDEX "users_created_at" on "users" ("created_at");

-- index vehicles_created_at
CREATE INDEX "vehicles_created_at" on "vehicles" ("created_at", "id");

-- index vehicles_list_type
CREATE INDEX "vehicles_list_type" on "vehicles" ("list_type", "id");

-- index vehicles_staff_id
CREATE INDEX "vehicles_staff_id" on "vehicles" ("staff_id", "id");

-- index vehicles_valid_to
CREATE INDEX "vehicles_valid_to" on "vehicles" ("valid_to", "id");

-- index vehicles_visitor_id
CREATE INDEX "vehicles_visitor_id" on "vehicles" ("visitor_id", "id");

-- index visitors_created_at
CREATE INDEX "visitors_created_at" on "visitors" ("created_at", "id");

-- index visitors_host_staff_id
CREATE INDEX "visitors_host_staff_id" on "visitors" ("host_staff_id", "id");

-- index visitors_id_number
CREATE INDEX "visitors_id_number" on "visitors" ("id_number", "id");

-- index visitors_name
CREATE INDEX "visitors_name" on "visitors" ("name", "id");

-- index visitors_status
CREATE INDEX "visitors_status" on "visitors" ("status", "id");

-- index visitors_visit_from
CREATE INDEX "visitors_visit_from" on "visitors" ("visit_from", "id");

-- table ai_servers
CREATE TABLE "ai_servers" ("id" integer primary key, "name" text not null, "serial_number" text not null unique, "ip" text not null, "port" integer not null, "hardware_model" text default '' not null, "accelerator_type" text not null, "channel_capacity" integer not null, "software_version" text default '' not null, "location" text default '' not null, "status" text default 'offline' not null check (status in ('online', 'offline')), "last_heartbeat_at" text, "cpu_load" real, "memory_load" real, "accelerator_load" real, "ingest_key_hash" text not null unique, "created_at" text not null, "updated_at" text not null, constraint "ai_servers_ip_port" unique ("ip", "port"));

-- table alerts
CREATE TABLE "alerts" ("id" integer primary key, "ai_server_id" integer references "ai_servers" ("id") on delete set null, "camera_id" integer references "cameras" ("id") on delete set null, "task_id" integer references "camera_tasks" ("id") on delete set null, "model_id" integer references "models" ("id") on delete set null, "ai_server_name" text not null, "camera_name" text not null, "area" text default '' not null, "task_name" text default '' not null, "model_name" text default '' not null, "label" text not null, "level" text not null check (level in ('low', 'medium', 'high', 'critical')), "confidence" real not null, "boxes" text default '[]' not null, "snapshot_file_id" integer references "files" ("id") on delete set null, "occurred_at" text not null, "received_at" text not null, "status" text default 'pending' not null check (status in ('pending', 'confirmed', 'dismissed')), "handled_by" integer references "users" ("id") on delete set null, "handled_by_name" text default '' not null, "handled_at" text, "handling_note" text default '' not null, "revision" integer default 0 not null, "source_id" text, "source" text default 'ai' not null check (source in ('ai', 'device', 'access')), "type" text default 'detection' not null, "label_en" text default '' not null);

-- table camera_tasks
CREATE TABLE "camera_tasks" ("id" integer primary key, "camera_id" integer not null references "cameras" ("id") on delete cascade, "name" text not null, "confidence_threshold" real not null, "region" text not null, "schedule" text not null, "alert_level" text not null check (alert_level in ('low', 'medium', 'high', 'critical')), "enabled" integer default 1 not null, "created_at" text not null, "updated_at" text not null, "model_id" integer references "models" ("id") on delete restrict);

-- table cameras
CREATE TABLE "cameras" ("id" integer primary key, "name" text not null, "code" text not null unique, "area" text default '' not null, "main_stream_url" text not null, "sub_stream_url" text default '' not null, "vendor" text not null, "ip" text not null, "ai_server_id" integer references "ai_servers" ("id") on delete restrict, "status" text default 'offline' not null check (status in ('online', 'offline')), "created_at" text not null, "updated_at" text not null, "stream_ok" integer, "read_ok" integer, "read_by" text, "status_source" text, "status_changed_at" text, "recording_mode" text default 'off' not null check (recording_mode in ('off', 'continuous', 'alerts')), "stream_known_ok" integer);

-- table files
CREATE TABLE "files" ("id" integer primary key, "kind" text not null, "name" text not null, "size" integer not null, "content_type" text not null, "sha256" text not null, "uploaded_by" integer references "users" ("id") on delete set null, "created_at" text not null, "pack" text, "pack_offset" integer);

-- table ingest_quotas
CREATE TABLE "ingest_quotas" ("ai_server_id" integer not null references "ai_servers" ("id") on delete cascade, "kind" text not null, "tokens" real not null, "refilled_at" text not null, constraint "ingest_quotas_pk" primary key ("ai_server_id", "kind"));

-- table instance
CREATE TABLE "instance" ("id" text primary key, "created_at" text not null);

-- table kysely_migration
CREATE TABLE "kysely_migration" ("name" varchar(255) not null primary key, "timestamp" varchar(255) not null);

-- table kysely_migration_lock
CREATE TABLE "kysely_migration_lock" ("id" varchar(255) not null primary key, "is_locked" integer default 0 not null);

-- table model_deployments
CREATE TABLE "model_deployments" ("model_id" integer not null references "models" ("id"), "ai_server_id" integer not null references "ai_servers" ("id") on delete cascade, "status" text not null check (status in ('pending', 'downloading', 'deployed', 'failed')), "message" text default '' not null, "requested_at" text not null, "reported_at" text, constraint "model_deployments_pk" primary key ("model_id", "ai_server_id"));

-- table models
CREATE TABLE "models" ("id" integer primary key, "name" text not null, "algorithm" text not null, "version" text not null, "file_id" integer not null references "files" ("id"), "format" text not null, "classes" text default '[]' not null, "input_size" text not null, "target_hardware" text not null, "description" text default '' not null, "created_at" text not null, "updated_at" text not null, constraint "models_name_version" unique ("name", "version"));

-- table notification_outbox
CREATE TABLE "notification_outbox" ("id" integer primary key, "rule_id" integer not null references "notify_rules" ("id") on delete cascade, "channel" text not null check (channel in ('webhook', 'sms')), "target" text not null, "camera_key" integer not null, "status" text not null check (status in ('pending', 'sent', 'failed')), "alert_id" integer not null, "alert" text not null, "alert_count" integer not null, "created_at" text not null, "due_at" text not null, "attempts" integer default 0 not null, "last_attempt_at" text, "last_status" integer, "last_answer" text default '' not null, "sent_at" text, "alert_kind" text default '' not null);

-- table notify_rule_ai_servers
CREATE TABLE "notify_rule_ai_servers" ("rule_id" integer not null references "notify_rules" ("id") on delete cascade, "ai_server_id" integer not null references "ai_servers" ("id") on delete cascade, constraint "notify_rule_ai_servers_pk" primary key ("rule_id", "ai_server_id"));

-- table notify_rule_cameras
CREATE TABLE "notify_rule_cameras" ("rule_id" integer not null references "notify_rules" ("id") on delete cascade, "camera_id" integer not null references "cameras" ("id") on delete cascade, constraint "notify_rule_cameras_pk" primary key ("rule_id", "camera_id"));

-- table notify_rule_sms_users
CREATE TABLE "notify_rule_sms_users" ("rule_id" integer not null references "notify_rules" ("id") on delete cascade, "user_id" integer not null references "users" ("id") on delete cascade, constraint "notify_rule_sms_users_pk" primary key ("rule_id", "user_id"));

-- table notify_rules
CREATE TABLE "notify_rules" ("id" integer primary key, "name" text not null unique, "enabled" integer not null check (enabled in (0, 1)), "labels" text default '[]' not null, "min_level" text not null check (min_level in ('low', 'medium', 'high', 'critical')), "sources" text default '[]' not null, "area" text default '' not null, "days" text default '[]' not null, "from_time" text not null, "to_time" text not null, "cooldown_seconds" integer not null, "webhook_kind" text not null check (webhook_kind in ('none', 'dingtalk', 'wecom', 'feishu', 'json')), "webhook_url" text default '' not null, "webhook_secret" text default '' not null, "sms_phones" text default '[]' not null, "sent_count" integer default 0 not null, "failed_count" integer default 0 not null, "last_sent_at" text, "last_failure_at" text, "last_failure" text default '' not null, "created_at" text not null, "updated_at" text not null);

-- table operation_log_tallies
CREATE TABLE "operation_log_tallies" ("action" text not null, "ip" text not null, "code" text not null, "window_start" text not null, "log_id" integer not null references "operation_logs" ("id") on delete cascade, "count" integer not null, constraint "operation_log_tallies_pk" primary key ("action", "ip", "code", "window_start"));

-- table operation_logs
CREATE TABLE "operation_logs" ("id" integer primary key, "time" text not null, "user_id" integer, "username" text, "ip" text not null, "area" text, "action" text not null, "target" text default '' not null, "result" text not null, "code" text not null, "detail_zh" text default '' not null, "detail_en" text default '' not null, "action_name_zh" text default '' not null, "action_name_en" text default '' not null);

-- table passages
CREATE TABLE "passages" ("id" integer primary key, "ai_server_id" integer references "ai_servers" ("id") on delete set null, "source_id" text not null, "gate" text not null, "direction" text not null check (direction in ('in', 'out')), "result" text not null check (result in ('allowed', 'denied')), "employee_no" text, "pass_code" text, "plate" text, "staff_id" integer references "staff" ("id") on delete set null, "visitor_id" integer references "visitors" ("id") on delete set null, "vehicle_id" integer references "vehicles" ("id") on delete set null, "photo_file_id" integer references "files" ("id") on delete set null, "occurred_at" text not null, "received_at" text not null);

-- table recording_segments
CREATE TABLE "recording_segments" ("id" integer primary key, "camera_id" integer not null, "started_at" text not null, "ended_at" text not null, "bytes" bigint not null, "store_key" text not null unique, "run" text not null, "awaiting_alert" integer default 0 not null);

-- table role_access_keys
CREATE TABLE "role_access_keys" ("role_id" integer not null references "roles" ("id") on delete cascade, "access_key" text not null, constraint "role_access_keys_pk" primary key ("role_id", "access_key"));

-- table roles
CREATE TABLE "roles" ("id" integer primary key, "code" text not null unique, "name" text not null, "description" text default '' not null, "builtin" integer default 0 not null, "created_at" text default '' not null, "updated_at" text default '' not null);

-- table sessions
CREATE TABLE "sessions" ("token_hash" text primary key, "user_id" integer not null references "users" ("id") on delete cascade, "created_at" text not null, "expires_at" text not null, "revoked_at" text, "client_type" text not null, "client_host" text not null, "ip" text not null, "last_active_at" text default '' not null);

-- table sign_in_attempts
CREATE TABLE "sign_in_attempts" ("id" integer primary key, "method" text not null check (method in ('password', 'sms')), "principal" text not null, "address" text not null, "at" text not null, "cleared" integer default 0 not null);

-- table sms_codes
CREATE TABLE "sms_codes" ("id" integer primary key, "phone" text not null, "code_hash" text not null, "created_at" text not null, "expires_at" text not null, "attempts" integer default 0 not null, "used_at" text);

-- table sms_sends
CREATE TABLE "sms_sends" ("id" integer primary key, "address" text not null, "at" text not null);

-- table staff
CREATE TABLE "staff" ("id" integer primary key, "employee_no" text not null unique, "name" text not null, "gender" text not null check (gender in ('male', 'female')), "department" text default '' not null, "position" text default '' not null, "phone" text, "card_no" text unique, "valid_from" text, "valid_to" text, "status" text default 'active' not null check (status in ('active', 'suspended', 'left')), "face_photo_id" integer references "files" ("id"), "created_at" text not null, "updated_at" text not null);

-- table user_roles
CREATE TABLE "user_roles" ("user_id" integer not null references "users" ("id") on delete cascade, "role_id" integer not null references "roles" ("id") on delete cascade, constraint "user_roles_pk" primary key ("user_id", "role_id"));

-- table users
CREATE TABLE "users" ("id" integer primary key, "username" text not null unique, "name" text not null, "phone" text unique, "email" text, "status" text default 'enabled' not null check (status in ('enabled', 'disabled')), "password_hash" text not null, "created_at" text not null, "last_login_at" text, "alert_notifications" integer default 0 not null);

-- table vehicles
CREATE TABLE "vehicles" ("id" integer primary key, "plate" text not null unique, "plate_color" text not null, "owner_type" text not null check (owner_type in ('staff', 'visitor', 'none')), "staff_id" integer references "staff" ("id"), "visitor_id" integer references "visitors" ("id"), "vehicle_type" text not null, "list_type" text not null check (list_type in ('whitelist', 'blacklist', 'temporary')), "valid_from" text, "valid_to" text, "remark" text default '' not null, "created_at" text not null, "updated_at" text not null);

-- table visitors
CREATE TABLE "visitors" ("id" integer primary key, "name" text not null, "phone" text not null, "id_number" text not null, "company" text default '' not null, "host_staff_id" integer not null references "staff" ("id"), "purpose" text default '' not null, "visit_from" text not null, "visit_to" text not null, "plate" text, "companions" integer default 0 not null, "status" text default 'pending' not null check (status in ('pending', 'approved', 'rejected', 'visiting', 'left')), "pass_code" text unique, "approval_comment" text, "approved_by" text, "approved_at" text, "checked_in_at" text, "checked_out_at" text, "created_at" text not null, "updated_at" text not null);
