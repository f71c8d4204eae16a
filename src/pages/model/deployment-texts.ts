import type { components } from '../../generated/openapi';
import type { LocalText } from '../../generated/settings';

type DeploymentStatus = components['schemas']['DeploymentStatus'];

/** Each status of openapi.yaml's DeploymentStatus, with the antd Tag colour it shows in. */
export const deploymentStatuses: Readonly<Record<DeploymentStatus, { label: LocalText; color: string }>> = {
  pending: { label: { zh: '待下发', en: 'Pending' }, color: 'processing' },
  downloading: { label: { zh: '下载中', en: 'Downloading' }, color: 'warning' },
  deployed: { label: { zh: '已部署', en: 'Deployed' }, color: 'success' },
  failed: { label: { zh: '部署失败', en: 'Failed' }, color: 'error' },
};

export const deploymentTexts = {
  deploy: { zh: '部署', en: 'Deploy' },
  title: { zh: '模型部署', en: 'Model deployment' },
  server: { zh: 'AI服务器', en: 'AI server' },
  serverStatus: { zh: '在线状态', en: 'Connection' },
  online: { zh: '在线', en: 'Online' },
  offline: { zh: '离线', en: 'Offline' },
  status: { zh: '部署状态', en: 'Deployment' },
  notDeployed: { zh: '未部署', en: 'Not deployed' },
  requestedAt: { zh: '下发时间', en: 'Requested' },
  reportedAt: { zh: '上报时间', en: 'Reported' },
  message: { zh: '上报消息', en: 'Message' },
  deploySelected: { zh: '部署到所选服务器', en: 'Deploy to selected' },
  withdrawSelected: { zh: '撤回所选', en: 'Withdraw from selected' },
  withdrawConfirm: {
    zh: '撤回后，所选AI服务器将停止使用此模型。确定撤回？',
    en: 'The selected AI servers will stop using this model. Withdraw it?',
  },
  deployed: {
    zh: '已下发部署，等待AI服务器上报',
    en: 'Deployment requested; waiting for the AI servers to report',
  },
  withdrawn: { zh: '已撤回', en: 'Withdrawn' },
  noServers: {
    zh: '暂无AI服务器，请先在“AI服务器”中添加',
    en: 'No AI servers yet; add one under AI servers first',
  },
  hint: {
    zh: '状态在AI服务器下载并上报后更新；“待下发”表示尚未收到上报。',
    en: 'A status changes when the AI server downloads the model and reports; Pending means no report yet.',
  },
  refresh: { zh: '刷新', en: 'Refresh' },
  filter: { zh: '按名称或IP筛选AI服务器', en: 'Filter AI servers by name or IP' },
  selected: { zh: '已选 {n} 台', en: '{n} selected' },
} as const satisfies Record<string, LocalText>;
