import type { LocalText } from '../../../generated/settings';
import { durationText } from '../../../i18n/duration-text';
import { englishCount } from '../../../i18n/number-format';
import { mediaTexts } from '../../../media/media-texts';

/** The video wall's labels, Chinese first. */
export const videoTexts = {
  cameras: { zh: '摄像头', en: 'Cameras' },
  search: { zh: '搜索名称、编码或区域', en: 'Search name, code or area' },
  byArea: { zh: '按区域', en: 'By area' },
  byServer: { zh: '按AI服务器', en: 'By AI server' },
  byGroup: { zh: '按分组', en: 'By group' },
  noArea: { zh: '未分区域', en: 'No area' },
  noServer: { zh: '未绑定AI服务器', en: 'No AI server' },
  noMatch: { zh: '没有匹配的摄像头', en: 'No camera matches' },
  loadFailed: { zh: '摄像头列表加载失败', en: 'The camera list could not be loaded' },
  reload: { zh: '重新加载', en: 'Reload' },
  layout: { zh: '画面布局', en: 'Layout' },
  emptyPane: { zh: '点击左侧摄像头，或拖到此处', en: 'Click a camera on the left, or drop it here' },
  connecting: { zh: '连接中', en: 'Connecting' },
  playing: { zh: '播放中', en: 'Playing' },
  offline: { zh: '离线', en: 'Offline' },
  retry: { zh: '重试', en: 'Retry' },
  reconnecting: { zh: '正在重新连接…', en: 'Reconnecting…' },
  noPicture: { zh: '长时间没有画面', en: 'No picture for too long' },
  close: { zh: '关闭画面', en: 'Close pane' },
  fullScreen: { zh: '全屏', en: 'Full screen' },
  exitFullScreen: { zh: '退出全屏', en: 'Exit full screen' },
  mainStream: { zh: '主码流', en: 'Main stream' },
  subStream: { zh: '子码流', en: 'Sub stream' },
  snapshot: { zh: '抓图', en: 'Snapshot' },
  openAlerts: { zh: '查看此摄像头的待处理告警', en: "Open this camera's pending alerts" },
  ...mediaTexts,
} as const;

/** The saved walls' and the tours' buttons in the wall's header. */
export const wallTexts = {
  save: { zh: '保存画面', en: 'Save wall' },
  myWalls: { zh: '我的画面', en: 'Saved walls' },
  startTour: { zh: '开始轮巡', en: 'Start tour' },
  stopTour: { zh: '停止轮巡', en: 'Stop tour' },
  tourPaused: { zh: '轮巡已暂停', en: 'Tour paused' },
} as const;

/** The running tour, in the wall's header. */
export const touringText = (group: string, seconds: number): LocalText => ({
  zh: `轮巡中 · ${group} · 每 ${seconds} 秒`,
  en: `Touring ${group} · every ${seconds} s`,
});

export const countsText = (total: number, online: number): LocalText => ({
  zh: `共 ${total} 路 · 在线 ${online}`,
  en: `${englishCount(total, 'camera')} · ${online} online`,
});

export const panesText = (count: number): LocalText => ({
  zh: `${count} 画面`,
  en: englishCount(count, 'pane'),
});

/** A pane that showed frames and then none: how long since its last one. */
export const signalLostText = (seconds: number): LocalText => {
  const since = durationText(seconds);
  return { zh: `信号中断 · ${since.zh}`, en: `Signal lost · ${since.en}` };
};

/** When the pane tries again by itself. */
export const retryInText = (seconds: number): LocalText => ({
  zh: `${seconds} 秒后重新连接`,
  en: `Reconnecting in ${seconds} s`,
});

/** Why a pane that shows no live picture offers no snapshot. */
export const snapshotBlockedText = (status: 'connecting' | 'lost' | 'offline'): LocalText =>
  ({
    connecting: { zh: '连接中，出现画面后才能抓图', en: 'Connecting: a snapshot needs a picture' },
    lost: { zh: '信号中断，没有画面可抓', en: 'Signal lost: there is no picture to take' },
    offline: { zh: '离线，没有画面可抓', en: 'Offline: there is no picture to take' },
  })[status];

/** A pane's camera that the list no longer has (deleted since the link was shared). */
export const unknownCameraText = (id: number): LocalText => ({
  zh: `摄像头 #${id}（不存在）`,
  en: `Camera #${id} (not found)`,
});

/** A camera's live video in a format this browser's Media Source Extensions do not decode. */
export const codecUnsupportedText = (mime: string): LocalText => ({
  zh: `此浏览器无法解码该摄像头的视频（${mime}）`,
  en: `This browser cannot decode this camera's video (${mime})`,
});
