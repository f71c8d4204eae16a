import type { LocalText } from '../../generated/settings';
import type { DashboardPreset } from './period';

export const dashboardTexts = {
  title: { zh: '运营看板', en: 'Operations dashboard' },
  custom: { zh: '自定义', en: 'Custom' },
  rangeFrom: { zh: '开始日期', en: 'First day' },
  rangeTo: { zh: '结束日期', en: 'Last day' },
  autoRefresh: { zh: '每分钟自动刷新', en: 'Refreshes every minute' },
  refreshFailed: { zh: '自动刷新失败，将稍后重试', en: 'Automatic refresh failed; trying again shortly' },
  loadFailed: { zh: '看板数据加载失败', en: 'The dashboard could not be loaded' },
  alerts: { zh: 'AI告警总数', en: 'AI alerts' },
  pending: { zh: '未处理AI告警', en: 'Unhandled AI alerts' },
  deviceAlerts: { zh: '设备告警', en: 'Device alerts' },
  handledRatio: { zh: '处理率', en: 'Handled' },
  falseAlarmRatio: { zh: '误报率', en: 'False alarms' },
  meanHandling: { zh: '平均处理时长', en: 'Mean time to handle' },
  noneHandled: { zh: '暂无已处理告警', en: 'None handled yet' },
  aiServersOnline: { zh: 'AI服务器在线', en: 'AI servers online' },
  camerasOnline: { zh: '摄像头在线', en: 'Cameras online' },
  trend: { zh: '告警趋势', en: 'Alert trend' },
  byLevel: { zh: '告警级别分布', en: 'Alerts by level' },
  byStatus: { zh: '处理状态', en: 'Handling status' },
  topCameras: { zh: '告警最多的摄像头', en: 'Cameras with most alerts' },
  topLabels: { zh: '告警类型排行', en: 'Top alert types' },
  deletedCamera: { zh: '已删除的摄像头', en: 'Deleted cameras' },
  noAlerts: { zh: '该时段暂无告警', en: 'No alerts in this period' },
} satisfies Record<string, LocalText>;

export const presetTexts: Record<DashboardPreset, LocalText> = {
  today: { zh: '今天', en: 'Today' },
  last24h: { zh: '近24小时', en: 'Last 24 hours' },
  last7d: { zh: '近7天', en: 'Last 7 days' },
  last30d: { zh: '近30天', en: 'Last 30 days' },
};

/** Beside the device alerts: how many nobody has handled yet. */
export const pendingText = (pending: number): LocalText => ({
  zh: `未处理 ${pending}`,
  en: `${pending} unhandled`,
});

/** Beside a device figure ("online / total"): how many are offline. */
export const offlineText = (offline: number): LocalText => ({
  zh: `离线 ${offline}`,
  en: `${offline} offline`,
});

export const periodText = (from: string, to: string): LocalText => ({
  zh: `统计时段：${from} 至 ${to}`,
  en: `Period: ${from} to ${to}`,
});

export const updatedText = (time: string): LocalText => ({ zh: `更新于 ${time}`, en: `Updated ${time}` });

export const countText = (count: number): LocalText => ({
  zh: `${count} 条`,
  en: `${count} alert${count === 1 ? '' : 's'}`,
});

export const pendingOfText = (pending: number): LocalText => ({
  zh: `待处理 ${pending}`,
  en: `${pending} pending`,
});
