import type { LocalText } from '../../generated/settings';

export const homeTexts = {
  shortcuts: { zh: '快捷入口', en: 'Shortcuts' },
  pendingAlerts: { zh: '待处理告警', en: 'Pending alerts' },
  newestAlerts: { zh: '最新告警', en: 'Newest alerts' },
  noPending: { zh: '没有待处理的告警', en: 'No pending alerts' },
  offlineAiServers: { zh: '离线AI服务器', en: 'Offline AI servers' },
  offlineCameras: { zh: '离线摄像头', en: 'Offline cameras' },
  allOnline: { zh: '全部在线', en: 'All online' },
  viewAll: { zh: '查看全部', en: 'View all' },
  view: { zh: '查看', en: 'View' },
  recordingFine: { zh: '无录像中断', en: 'No recording gaps' },
  recordingStorage: { zh: '录像存储', en: 'Recording storage' },
  noQuota: { zh: '未设容量上限', en: 'No quota set' },
  recordingPaused: {
    zh: '磁盘空间低于保留下限，录像已暂停',
    en: 'Disk below its free-space floor: recording paused',
  },
  noRecordings: { zh: '暂无录像', en: 'No recordings yet' },
  setupTitle: { zh: '开始使用', en: 'Getting started' },
  setupHint: {
    zh: '完成以下步骤后，告警与设备状态将显示在这里。',
    en: 'Once these steps are done, alerts and device status show here.',
  },
  setupDismiss: { zh: '不再显示', en: 'Hide this' },
  done: { zh: '已完成', en: 'Done' },
  toDo: { zh: '去完成', en: 'Do it' },
} satisfies Record<string, LocalText>;

export const welcomeText = (title: LocalText): LocalText => ({
  zh: `欢迎使用${title.zh}`,
  en: `Welcome to the ${title.en}`,
});

export const greetingText = (greeting: LocalText, name: string): LocalText => ({
  zh: `${greeting.zh}，${name}`,
  en: `${greeting.en}, ${name}`,
});

/** The offline devices past the names shown. */
export const moreText = (more: number): LocalText => ({ zh: `另有 ${more} 台`, en: `and ${more} more` });

/** Offline cameras that record: their recordings stopped when they dropped. */
export const recordingGapText = (count: number, partial: boolean): LocalText => ({
  zh: `${count}${partial ? '+' : ''} 路摄像头录像中断`,
  en: `Recording stopped on ${count}${partial ? '+' : ''} camera${count === 1 && !partial ? '' : 's'}`,
});

export const setupProgressText = (done: number, all: number): LocalText => ({
  zh: `已完成 ${done}/${all}`,
  en: `${done} of ${all} done`,
});

/** The recordings' bytes against their quota, and the share of it used. */
export const storedText = (stored: string, quota: string | null, percent: number | null): LocalText =>
  quota === null
    ? { zh: `已用 ${stored}`, en: `${stored} used` }
    : { zh: `已用 ${stored} / ${quota}（${percent}%）`, en: `${stored} of ${quota} used (${percent}%)` };

/** The disk's free room for recordings. */
export const freeText = (free: string): LocalText => ({ zh: `磁盘剩余 ${free}`, en: `${free} free on disk` });

/** The oldest footage kept and how long footage is kept. */
export const keptText = (oldest: string, days: number): LocalText => ({
  zh: `最早录像 ${oldest} · 保留 ${days} 天`,
  en: `Oldest footage ${oldest} · kept ${days} day${days === 1 ? '' : 's'}`,
});
