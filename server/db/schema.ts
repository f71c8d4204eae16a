import type { Generated } from 'kysely';

/** Timestamps are ISO 8601 UTC strings (`Date#toISOString`), so text order is time order. */
type Timestamp = string;

export type UserStatus = 'enabled' | 'disabled';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  phone: string | null;
  email: string | null;
  status: UserStatus;
  password_hash: string;
  created_at: Timestamp;
  last_login_at: Timestamp | null;
}

export interface RolesTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string;
  /** 1 for roles the server maintains itself (the administrator role), else 0. */
  builtin: number;
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
}

export interface LoginFailuresTable {
  principal: string;
  count: number;
  locked_until: Timestamp | null;
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

export interface Database {
  users: UsersTable;
  roles: RolesTable;
  role_access_keys: RoleAccessKeysTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  sms_codes: SmsCodesTable;
}
