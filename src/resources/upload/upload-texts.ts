import type { LocalText } from '../../generated/settings';

/** Texts of the image and file widgets. */
export const uploadTexts = {
  chooseImage: { zh: '选择图片', en: 'Choose image' },
  chooseFile: { zh: '选择文件', en: 'Choose file' },
  replace: { zh: '重新上传', en: 'Replace' },
  remove: { zh: '移除', en: 'Remove' },
  cancel: { zh: '取消上传', en: 'Cancel upload' },
  download: { zh: '下载', en: 'Download' },
  uploading: { zh: '上传中', en: 'Uploading' },
  uploaded: { zh: '上传完成', en: 'Uploaded' },
  size: { zh: '大小', en: 'Size' },
  current: { zh: '当前文件', en: 'Current file' },
  preview: { zh: '预览', en: 'Preview' },
  previewFailed: { zh: '无法显示', en: 'Cannot show' },
} as const satisfies Record<string, LocalText>;

/** Before sending: a type the field does not take (as the browser names the file's type). */
export const wrongTypeText = (label: LocalText, accept: readonly string[]): LocalText => ({
  zh: `${label.zh}只能是 ${accept.map(shortType).join('、')} 文件`,
  en: `The ${label.en.toLowerCase()} must be a ${accept.map(shortType).join(', ')} file`,
});

export const tooLargeText = (label: LocalText, maxBytes: number): LocalText => ({
  zh: `${label.zh}不能超过 ${formatBytes(maxBytes)}`,
  en: `The ${label.en.toLowerCase()} must be at most ${formatBytes(maxBytes)}`,
});

/** `image/jpeg` → `JPEG`. */
function shortType(type: string): string {
  return (type.split('/')[1] ?? type).toUpperCase();
}

const units = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1536 → `1.5 KB`, in binary units as operating systems show file sizes. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || Number.isInteger(value) ? String(value) : value.toFixed(1);
  return `${shown} ${units[unit]}`;
}
