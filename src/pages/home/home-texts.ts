import type { LocalText } from '../../generated/settings';
import type { components } from '../../generated/openapi';

type RecordingRemoval = components['schemas']['RecordingRemoval'];

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

/** The oldest footage kept. */
export const keptText = (oldest: string): LocalText => ({
  zh: `最早录像 ${oldest}`,
  en: `Oldest footage ${oldest}`,
});

/** Days of footage kept, an alert's footage's own figure beside when it differs. */
export const keptDaysText = (days: number, alertDays: number): LocalText =>
  days === alertDays
    ? { zh: `保留 ${days} 天`, en: `kept ${days} day${days === 1 ? '' : 's'}` }
    : {
        zh: `保留 ${days} 天（告警录像 ${alertDays} 天）`,
        en: `kept ${days} day${days === 1 ? '' : 's'} (alerts' footage ${alertDays})`,
      };

/** A length of footage in the largest unit that fits: 3 小时, 2.5 小时, 25 分钟, 40 秒. */
export function footageLengthText(seconds: number): LocalText {
  if (seconds >= 3600) {
    const hours = Math.round(seconds / 360) / 10;
    return { zh: `${hours} 小时`, en: `${hours} h` };
  }
  if (seconds >= 60) {
    const minutes = Math.round(seconds / 60);
    return { zh: `${minutes} 分钟`, en: `${minutes} min` };
  }
  return { zh: `${seconds} 秒`, en: `${seconds} s` };
}

const removalReasons: Record<RecordingRemoval['reason'], LocalText> = {
  quota: { zh: '按容量', en: 'for the quota' },
  disk: { zh: '因磁盘空间不足', en: 'for free disk space' },
  retention: { zh: '按保留期限', en: 'past their retention' },
  noAlert: { zh: '因附近无告警', en: 'with no alert near' },
  deletedCamera: { zh: '因摄像头已删除', en: 'of deleted cameras' },
};

const footageKinds: Record<RecordingRemoval['kind'], LocalText> = {
  continuous: { zh: '连续录像', en: 'continuous footage' },
  alert: { zh: '告警录像', en: "alerts' footage" },
};

/** What the sweep removed in the last day: 24 小时内已按容量清理 3 小时连续录像（最早 …）. */
export function removalText(removal: RecordingRemoval, oldest: string): LocalText {
  const length = footageLengthText(removal.seconds);
  const [reason, kind] = [removalReasons[removal.reason], footageKinds[removal.kind]];
  return {
    zh: `24 小时内已${reason.zh}清理 ${length.zh}${kind.zh}（最早 ${oldest}）`,
    en: `Removed ${length.en} of ${kind.en} ${reason.en} in 24 h (oldest ${oldest})`,
  };
}
