// Compile-time views of request bodies after they passed validation against openapi.yaml
// (components.schemas of the same name); the schemas, not these types, decide what is accepted.

export interface PasswordLogin {
  readonly username: string;
  readonly password: string;
}

export interface SmsLogin {
  readonly phone: string;
  readonly code: string;
}

export interface SmsCodeRequest {
  readonly phone: string;
}

export interface PasswordChange {
  readonly oldPassword: string;
  readonly newPassword: string;
}

export interface DeploymentReport {
  readonly status: 'downloading' | 'deployed' | 'failed';
  readonly message?: string;
}
