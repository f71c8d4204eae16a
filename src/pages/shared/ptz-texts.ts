import type { LocalText } from '../../generated/settings';

export const ptzTexts = {
  ptz: { zh: '云台', en: 'PTZ' },
  up: { zh: '上', en: 'Up' },
  down: { zh: '下', en: 'Down' },
  left: { zh: '左', en: 'Left' },
  right: { zh: '右', en: 'Right' },
  zoomIn: { zh: '放大', en: 'Zoom in' },
  zoomOut: { zh: '缩小', en: 'Zoom out' },
  home: { zh: '回到原点', en: 'Home' },
  hint: {
    zh: '按住方向键或按钮转动，松开即停；+/− 变焦。',
    en: 'Hold an arrow key or a button to move; release to stop. + and − zoom.',
  },
  presets: { zh: '预置位', en: 'Presets' },
  noPresets: { zh: '没有预置位', en: 'No presets' },
  presetName: { zh: '预置位名称', en: 'Preset name' },
  save: { zh: '保存当前位置', en: 'Save this position' },
  saved: { zh: '已保存预置位', en: 'Preset saved' },
  go: { zh: '转到', en: 'Go to' },
  remove: { zh: '删除', en: 'Remove' },
  removeConfirm: { zh: '删除此预置位？', en: 'Remove this preset?' },
  cancel: { zh: '取消', en: 'Cancel' },
  loadFailed: { zh: '无法读取预置位', en: 'The presets could not be read' },
  retry: { zh: '重试', en: 'Retry' },
} satisfies Record<string, LocalText>;

export const ptzTitle = (camera: string): LocalText => ({
  zh: `云台控制 · ${camera}`,
  en: `PTZ control · ${camera}`,
});
