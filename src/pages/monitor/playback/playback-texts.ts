import type { LocalText } from '../../../generated/settings';

/** The playback screen's labels, Chinese first. */
export const playbackTexts = {
  camera: { zh: '摄像头', en: 'Camera' },
  chooseCamera: { zh: '请选择摄像头', en: 'Choose a camera' },
  day: { zh: '日期', en: 'Day' },
  previousDay: { zh: '前一天', en: 'Previous day' },
  nextDay: { zh: '后一天', en: 'Next day' },
  reload: { zh: '刷新', en: 'Refresh' },
  loading: { zh: '正在加载录像…', en: 'Loading the recording…' },
  loadFailed: { zh: '录像加载失败', en: 'The recording could not be loaded' },
  camerasFailed: { zh: '摄像头列表加载失败', en: 'The camera list could not be loaded' },
  nothingRecorded: { zh: '该日没有录像', en: 'Nothing was recorded on this day' },
  nothingAfter: { zh: '此时间之后没有录像', en: 'Nothing was recorded after this time' },
  play: { zh: '播放', en: 'Play' },
  pause: { zh: '暂停', en: 'Pause' },
  speed: { zh: '播放速度', en: 'Speed' },
  previousAlert: { zh: '上一条告警', en: 'Previous alert' },
  nextAlert: { zh: '下一条告警', en: 'Next alert' },
  timeline: { zh: '录像时间轴', en: 'Recording timeline' },
  recorded: { zh: '有录像', en: 'Recorded' },
  playingAt: { zh: '画面时间', en: 'Picture time' },
  alerts: { zh: '告警', en: 'Alerts' },
  zoom: { zh: '时间轴范围', en: 'Timeline span' },
  exportRange: { zh: '导出片段', en: 'Export range' },
} as const;

/** How many alerts the day's timeline marks. */
export const alertCountText = (count: number): LocalText => ({
  zh: `告警 ${count} 条`,
  en: `${count} alert${count === 1 ? '' : 's'}`,
});

/** A zoom of the timeline: how much of the day it shows. */
export const zoomText = (ms: number): LocalText =>
  ms >= 3_600_000
    ? { zh: `${ms / 3_600_000} 小时`, en: `${ms / 3_600_000} h` }
    : { zh: `${ms / 60_000} 分钟`, en: `${ms / 60_000} min` };
