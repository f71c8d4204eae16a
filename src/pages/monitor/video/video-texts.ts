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

/** The saved walls' and the tours' labels. */
export const wallTexts = {
  save: { zh: '保存画面', en: 'Save wall' },
  saved: { zh: '画面已保存', en: 'Wall saved' },
  myWalls: { zh: '我的画面', en: 'Saved walls' },
  name: { zh: '名称', en: 'Name' },
  nameRequired: { zh: '请输入名称', en: 'Enter a name' },
  shared: { zh: '共享给其他视频监控人员', en: 'Share with other video operators' },
  makeDefault: { zh: '设为默认画面', en: 'Make it my default' },
  open: { zh: '打开', en: 'Open' },
  setDefault: { zh: '设为默认', en: 'Make default' },
  defaultSet: { zh: '已设为默认画面', en: 'Now your default wall' },
  isDefault: { zh: '默认', en: 'Default' },
  isShared: { zh: '共享', en: 'Shared' },
  remove: { zh: '删除', en: 'Delete' },
  removeConfirm: { zh: '删除这个画面？', en: 'Delete this wall?' },
  removed: { zh: '画面已删除', en: 'Wall deleted' },
  noWalls: { zh: '还没有保存的画面', en: 'No saved wall yet' },
  startTour: { zh: '开始轮巡', en: 'Start tour' },
  stopTour: { zh: '停止轮巡', en: 'Stop tour' },
  group: { zh: '摄像头分组', en: 'Camera group' },
  groupRequired: { zh: '请选择分组', en: 'Choose a group' },
  noGroups: { zh: '还没有摄像头分组', en: 'No camera group yet' },
  every: { zh: '间隔（秒）', en: 'Interval (s)' },
  tourPaused: { zh: '轮巡已暂停', en: 'Tour paused' },
} as const;

/** The running tour, in the wall's header. */
export const touringText = (group: string, seconds: number): LocalText => ({
  zh: `轮巡中 · ${group} · 每 ${seconds} 秒`,
  en: `Touring ${group} · every ${seconds} s`,
});

/** Whose shared wall it is. */
export const ownerText = (owner: string): LocalText => ({ zh: `${owner} 共享`, en: `Shared by ${owner}` });

/** A group in the tour's choice: its name and cameras. */
export const groupChoiceText = (name: string, cameras: number): LocalText => ({
  zh: `${name}（${cameras} 路）`,
  en: `${name} (${englishCount(cameras, 'camera')})`,
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
