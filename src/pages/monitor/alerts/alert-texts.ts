import type { LocalText } from '../../../generated/settings';
import { formatCount } from '../../../i18n/number-format';
import { countText } from '../../../resources/texts';

export const alertTexts = {
  live: { zh: '实时', en: 'Live' },
  liveOn: { zh: '实时推送中', en: 'Live' },
  livePaused: { zh: '已暂停实时', en: 'Live paused' },
  connecting: { zh: '连接中…', en: 'Connecting…' },
  reconnecting: { zh: '连接中断，正在重连…', en: 'Connection lost, reconnecting…' },
  confirm: { zh: '确认', en: 'Confirm' },
  dismiss: { zh: '忽略', en: 'Dismiss' },
  bulkConfirm: { zh: '批量确认', en: 'Confirm selected' },
  bulkDismiss: { zh: '批量忽略', en: 'Dismiss selected' },
  matchingConfirm: { zh: '确认全部匹配', en: 'Confirm all matching' },
  matchingDismiss: { zh: '忽略全部匹配', en: 'Dismiss all matching' },
  clearSelection: { zh: '取消选择', en: 'Clear selection' },
  decision: { zh: '处理结果', en: 'Decision' },
  confirmHint: { zh: '确认：属实的告警', en: 'Confirm: a real event' },
  dismissHint: { zh: '忽略：误报', en: 'Dismiss: a false alarm' },
  note: { zh: '处理备注', en: 'Note' },
  notePlaceholder: { zh: '选填，例如已通知现场人员', en: 'Optional, e.g. the guard on site was told' },
  submit: { zh: '提交处理', en: 'Submit' },
  handleTitle: { zh: '处理告警', en: 'Handle the alert' },
  handled: { zh: '告警已处理', en: 'Alert handled' },
  noSnapshot: { zh: '无快照', en: 'No snapshot' },
  snapshotFailed: { zh: '快照加载失败', en: 'Snapshot failed to load' },
  empty: { zh: '暂无告警', en: 'No alerts' },
  loadingMore: { zh: '加载更多…', en: 'Loading more…' },
  end: { zh: '没有更多了', en: 'No more alerts' },
  detailTitle: { zh: '告警详情', en: 'Alert detail' },
  selectCard: { zh: '选择', en: 'Select' },
  viewLive: { zh: '查看实时视频', en: 'View live' },
  viewRecording: { zh: '查看录像', en: 'Playback' },
  clip: { zh: '告警录像', en: 'Alert clip' },
  downloadMp4: { zh: '下载 MP4', en: 'Download MP4' },
  clipLoading: { zh: '正在查找录像…', en: 'Looking for the recording…' },
  clipFailed: { zh: '告警录像加载失败', en: 'The alert clip could not be loaded' },
  clipNotRecorded: {
    zh: '该摄像头未开启录像，没有告警录像',
    en: 'This camera does not record, so there is no clip',
  },
  clipNone: { zh: '没有覆盖该告警的录像', en: 'No recording covers this alert' },
  clipRetry: { zh: '重试', en: 'Retry' },
  selectAllShown: { zh: '全选本页', en: 'Select all shown' },
  statusShown: { zh: '显示的处理状态', en: 'Status shown' },
  pendingByLevel: { zh: '各级别待处理告警', en: 'Pending alerts by level' },
  shortcuts: { zh: '键盘快捷键', en: 'Keyboard shortcuts' },
} satisfies Record<string, LocalText>;

export const newAlertsText = (count: number): LocalText => ({
  zh: `${count} 条新告警`,
  en: `${count} new alert${count === 1 ? '' : 's'}`,
});

export const bulkTitle = (decision: 'confirm' | 'dismiss', count: number): LocalText =>
  decision === 'confirm'
    ? { zh: `确认 ${count} 条告警`, en: `Confirm ${count} alert${count === 1 ? '' : 's'}` }
    : { zh: `忽略 ${count} 条告警`, en: `Dismiss ${count} alert${count === 1 ? '' : 's'}` };

export const bulkDoneText = (handled: number, skipped: number): LocalText => ({
  zh: skipped > 0 ? `已处理 ${handled} 条，${skipped} 条已被他人处理` : `已处理 ${handled} 条`,
  en: skipped > 0 ? `${handled} handled; ${skipped} had been handled by someone else` : `${handled} handled`,
});

export const matchingTitle = (decision: 'confirm' | 'dismiss'): LocalText =>
  decision === 'confirm'
    ? { zh: '确认全部匹配的告警', en: 'Confirm every matching alert' }
    : { zh: '忽略全部匹配的告警', en: 'Dismiss every matching alert' };

/** Said before the operator decides: the count is what the wall's filters select and is pending. */
export const matchingCountText = (pending: number, capped: boolean): LocalText => ({
  zh: `将处理 ${countText(pending, capped)} 条待处理告警（当前筛选条件下的全部）`,
  en: `${countText(pending, capped)} pending alert${pending === 1 ? '' : 's'} will be handled (all the filters select)`,
});

/** A call stops at the server's cap: the operator is told to go on. */
export const matchingCappedText: LocalText = {
  zh: '单次处理已达上限，仍有待处理告警，请再次处理',
  en: 'One action handles at most so many; pending alerts remain, handle them again',
};

export const loadedText = (
  shown: number,
  { total, totalCapped }: { readonly total: number; readonly totalCapped: boolean },
): LocalText => ({
  zh: `共 ${countText(total, totalCapped)} 条，已加载 ${formatCount(shown)} 条`,
  en: `${countText(total, totalCapped)} in total, ${formatCount(shown)} loaded`,
});

/** Why the alert a link names does not open. */
export const linkFailedText = (id: number, missing: boolean): LocalText =>
  missing
    ? { zh: `告警 #${id} 不存在，可能已被删除`, en: `Alert #${id} does not exist; it may have been deleted` }
    : { zh: `告警 #${id} 加载失败，请刷新重试`, en: `Alert #${id} failed to load; refresh to try again` };

/** A clip whose after-alert part is still being recorded: when it will be whole. */
export const clipPendingText = (time: string, playable: boolean): LocalText =>
  playable
    ? {
        zh: `告警后的录像仍在录制，约 ${time} 完整`,
        en: `Still recording after the alert; complete at about ${time}`,
      }
    : {
        zh: `录像尚未就绪（告警前后仍在录制），约 ${time} 可播放`,
        en: `Not ready yet (still recording); playable at about ${time}`,
      };

/** The clip's recorded span. */
export const clipSpanText = (from: string, to: string): LocalText => ({
  zh: `录像 ${from} – ${to}`,
  en: `Recorded ${from} – ${to}`,
});
