// The people the browser tests act as. Each test that changes an account has one of its own.
export interface Account {
  readonly username: string;
  readonly password: string;
  readonly name: string;
  readonly phone: string;
}

export interface Role {
  readonly code: string;
  readonly name: string;
  readonly keys: readonly string[];
}

/** Made by the operator CLI before the tests run, with a role of its own. */
export interface OperatorAccount extends Account {
  readonly role: Role;
}

// Created by the server's first start from CFOP_ADMIN_PASSWORD and CFOP_ADMIN_PHONE; the
// server names it 系统管理员.
export const admin: Account = {
  username: 'admin',
  password: 'Admin-e2e-2024',
  name: '系统管理员',
  phone: '13800000001',
};

// Holds only the camera screen, to see that the menu and the routes follow the access keys.
export const cameraOperator: OperatorAccount = {
  username: 'camera.operator',
  password: 'Camera-e2e-2024',
  name: '摄像头值班员',
  phone: '13800000002',
  role: { code: 'camera-only', name: '仅摄像头', keys: ['KEY.DEVICE', 'KEY.DEVICE.CAMERA'] },
};

// Changes its own password, so no other test depends on its credentials.
export const passwordChanger: OperatorAccount = {
  username: 'password.changer',
  password: 'Changer-e2e-2024',
  name: '改密用户',
  phone: '13800000003',
  role: { code: 'models-only', name: '仅模型', keys: ['KEY.MODEL'] },
};

// Holds only the video wall: watches cameras without the camera screen's key.
export const videoOperator: OperatorAccount = {
  username: 'video.operator',
  password: 'Video-e2e-2024',
  name: '视频值班员',
  phone: '13800000004',
  role: { code: 'video-only', name: '仅视频监控', keys: ['KEY.CENTER', 'KEY.CENTER.VIDEO'] },
};

// Watches alerts and turns desktop alert notifications on.
export const alertWatcher: OperatorAccount = {
  username: 'alert.watcher',
  password: 'Watcher-e2e-2024',
  name: '告警值班员',
  phone: '13800000005',
  role: { code: 'alerts-notified', name: '告警值班（通知）', keys: ['KEY.CENTER', 'KEY.CENTER.AIWARN'] },
};

// Watches alerts but never turns notifications on.
export const alertBystander: OperatorAccount = {
  username: 'alert.bystander',
  password: 'Bystander-e2e-2024',
  name: '告警旁观者',
  phone: '13800000006',
  role: { code: 'alerts-quiet', name: '告警值班（无通知）', keys: ['KEY.CENTER', 'KEY.CENTER.AIWARN'] },
};

// Turns notifications on through the API although it holds no alert key.
export const keylessWatcher: OperatorAccount = {
  username: 'keyless.watcher',
  password: 'Keyless-e2e-2024',
  name: '无告警权限者',
  phone: '13800000007',
  role: { code: 'video-watch', name: '仅视频（通知）', keys: ['KEY.CENTER', 'KEY.CENTER.VIDEO'] },
};

// May look at alerts and nothing more: no handling, no export, no clip download.
export const alertViewer: OperatorAccount = {
  username: 'alert.viewer',
  password: 'Viewer-e2e-2024',
  name: '告警查看员',
  phone: '13800000008',
  role: { code: 'alerts-view-only', name: '仅查看告警', keys: ['KEY.CENTER', 'KEY.CENTER.AIWARN'] },
};

// Enrols an authenticator app and signs in with its codes, so no other test meets a second step.
export const totpUser: OperatorAccount = {
  username: 'totp.user',
  password: 'Totp-e2e-2024',
  name: '两步验证用户',
  phone: '13800000009',
  role: { code: 'models-totp', name: '仅模型（两步验证）', keys: ['KEY.MODEL'] },
};

export const operatorAccounts: readonly OperatorAccount[] = [
  cameraOperator,
  passwordChanger,
  videoOperator,
  alertWatcher,
  alertBystander,
  keylessWatcher,
  alertViewer,
  totpUser,
];
