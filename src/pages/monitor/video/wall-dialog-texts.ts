import type { LocalText } from '../../../generated/settings';
import { englishCount } from '../../../i18n/number-format';
import { wallTexts } from './video-texts';

/** The labels of the wall's dialogs (saving, listing and touring), loaded with them. */
export const dialogTexts = {
  ...wallTexts,
  saved: { zh: '画面已保存', en: 'Wall saved' },
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
  removeConfirm: { zh: '确定删除', en: 'Confirm delete' },
  removed: { zh: '画面已删除', en: 'Wall deleted' },
  noWalls: { zh: '还没有保存的画面', en: 'No saved wall yet' },
  group: { zh: '摄像头分组', en: 'Camera group' },
  groupRequired: { zh: '请选择分组', en: 'Choose a group' },
  noGroups: { zh: '还没有摄像头分组', en: 'No camera group yet' },
  every: { zh: '间隔', en: 'Interval' },
} as const;

/** Whose shared wall it is. */
export const ownerText = (owner: string): LocalText => ({ zh: `${owner} 共享`, en: `Shared by ${owner}` });

/** A group in the tour's choice: its name and cameras. */
export const groupChoiceText = (name: string, cameras: number): LocalText => ({
  zh: `${name}（${cameras} 路）`,
  en: `${name} (${englishCount(cameras, 'camera')})`,
});

/** A tour's interval. */
export const secondsText = (seconds: number): LocalText => ({ zh: `${seconds} 秒`, en: `${seconds} s` });
