import type { LocalText } from '../generated/settings';
import { englishCount, formatCount } from '../i18n/number-format';

/** Every text of the generic resource screens; resource-specific words come from the descriptor. */
export const texts = {
  search: { zh: '查询', en: 'Search' },
  reset: { zh: '重置', en: 'Reset' },
  expand: { zh: '展开', en: 'Expand' },
  collapse: { zh: '收起', en: 'Collapse' },
  create: { zh: '新增', en: 'New' },
  export: { zh: '导出', en: 'Export' },
  exported: { zh: '导出完成，文件已开始下载', en: 'Export ready: the file is downloading' },
  bulkDelete: { zh: '批量删除', en: 'Delete selected' },
  import: { zh: '导入', en: 'Import' },
  importTemplate: { zh: '下载模板', en: 'Download template' },
  importChoose: { zh: '选择 CSV 文件', en: 'Choose a CSV file' },
  importHint: {
    zh: '按模板或导出的文件填写，中文或英文表头均可；先检查每一行，全部无误才能导入。',
    en: 'Fill in the template or an exported file, headed in Chinese or English. Every row is checked first; only a file without errors can be imported.',
  },
  importConfirm: { zh: '确认导入', en: 'Import' },
  importLine: { zh: '行号', en: 'Line' },
  importColumn: { zh: '列', en: 'Column' },
  importProblem: { zh: '问题', en: 'Problem' },
  refresh: { zh: '刷新', en: 'Refresh' },
  columns: { zh: '列设置', en: 'Columns' },
  columnsReset: { zh: '恢复默认', en: 'Reset' },
  detail: { zh: '详情', en: 'Details' },
  edit: { zh: '编辑', en: 'Edit' },
  delete: { zh: '删除', en: 'Delete' },
  actions: { zh: '操作', en: 'Actions' },
  more: { zh: '更多', en: 'More' },
  ok: { zh: '确定', en: 'OK' },
  cancel: { zh: '取消', en: 'Cancel' },
  save: { zh: '保存', en: 'Save' },
  all: { zh: '全部', en: 'All' },
  rangeFrom: { zh: '开始时间', en: 'From' },
  rangeTo: { zh: '结束时间', en: 'To' },
  rangeToday: { zh: '今天', en: 'Today' },
  rangeYesterday: { zh: '昨天', en: 'Yesterday' },
  rangeLast24Hours: { zh: '近24小时', en: 'Last 24 hours' },
  rangeThisWeek: { zh: '本周', en: 'This week' },
  rangeLast7Days: { zh: '近7天', en: 'Last 7 days' },
  rangeThisMonth: { zh: '本月', en: 'This month' },
  yes: { zh: '是', en: 'Yes' },
  no: { zh: '否', en: 'No' },
  deleted: { zh: '已删除', en: 'Deleted' },
  created: { zh: '已新增', en: 'Added' },
  saved: { zh: '已保存', en: 'Saved' },
  done: { zh: '操作成功', en: 'Done' },
  loadFailed: { zh: '数据加载失败', en: 'The list could not be loaded' },
  staleRows: {
    zh: '刷新失败，显示的是上次加载的数据',
    en: 'Refresh failed: these rows are from the last load',
  },
  loadFailedDetail: { zh: '详情加载失败', en: 'The details could not be loaded' },
  retry: { zh: '重试', en: 'Retry' },
  noMatches: { zh: '没有符合条件的记录', en: 'Nothing matches these filters' },
  searching: { zh: '搜索中…', en: 'Searching…' },
  noMatch: { zh: '无匹配项', en: 'No match' },
  tagsHint: { zh: '输入后按回车添加', en: 'Type and press Enter to add' },
  clearFilters: { zh: '清除筛选', en: 'Clear filters' },
  discardTitle: { zh: '放弃未保存的修改？', en: 'Discard unsaved changes?' },
  discardText: {
    zh: '表单中有尚未保存的修改，离开后这些修改将丢失。',
    en: 'The form has changes that are not saved yet; they will be lost.',
  },
  discard: { zh: '放弃修改', en: 'Discard' },
  keepEditing: { zh: '继续编辑', en: 'Keep editing' },
  secretWarning: {
    zh: '请立即复制并妥善保存。关闭此窗口后将无法再次查看，遗失后只能重置。',
    en: 'Copy it now and keep it safe. It will not be shown again once this window closes; if lost, it can only be rotated.',
  },
  secretSaved: { zh: '我已保存', en: 'I have saved it' },
  copy: { zh: '复制', en: 'Copy' },
  copied: { zh: '已复制', en: 'Copied' },
  copyFailed: { zh: '复制失败，请手动选择并复制', en: 'Could not copy; select the text and copy it by hand' },
  noValue: { zh: '—', en: '—' },
} as const satisfies Record<string, LocalText>;

// Titles are plural (AI servers); one entity reads in the singular in English (New AI server).
export const createTitle = (title: LocalText): LocalText => ({
  zh: `新增${title.zh}`,
  en: `New ${singular(title.en)}`,
});

export const editTitle = (title: LocalText): LocalText => ({
  zh: `编辑${title.zh}`,
  en: `Edit ${singular(title.en)}`,
});

export const detailTitle = (title: LocalText): LocalText => ({
  zh: `${title.zh}详情`,
  en: `${singular(title.en)} details`,
});

export const emptyText = (title: LocalText): LocalText => ({
  zh: `暂无${title.zh}`,
  en: `No ${title.en} yet`,
});

/** A list's total as shown: a capped one (more match than the server counts) reads "10,000+". */
export const countText = (total: number, capped: boolean): string =>
  capped ? `${formatCount(total)}+` : formatCount(total);

export const totalText = (total: number, capped: boolean): LocalText => ({
  zh: `共 ${countText(total, capped)} 条`,
  en: `${countText(total, capped)} in total`,
});

export const selectedText = (count: number): LocalText => ({
  zh: `已选择 ${count} 项`,
  en: `${count} selected`,
});

export const bulkDeleteTitle = (count: number): LocalText => ({
  zh: `确定删除选中的 ${count} 项吗？`,
  en: `Delete the ${englishCount(count, 'selected entry', 'selected entries')}?`,
});

export const deleteTitle = (target: string): LocalText => ({
  zh: `确定删除「${target}」吗？`,
  en: `Delete “${target}”?`,
});

export const deletedCountText = (count: number): LocalText => ({
  zh: `已删除 ${count} 项`,
  en: `${count} deleted`,
});

export const actionTitle = (action: LocalText, target: string): LocalText => ({
  zh: `${action.zh} · ${target}`,
  en: `${action.en} · ${target}`,
});

export const cannotUndoText: LocalText = { zh: '删除后无法恢复。', en: 'This cannot be undone.' };

export const secretTitle = (secretLabel: LocalText): LocalText => ({
  zh: `${secretLabel.zh}（仅显示一次）`,
  en: `${secretLabel.en} (shown only once)`,
});

/** Secrets an answer may carry, by property name; an unknown one shows under its own name. */
export const secretLabels: Readonly<Record<string, LocalText>> = {
  ingestKey: { zh: '接入密钥', en: 'Ingest key' },
  password: { zh: '新密码', en: 'New password' },
};

export function secretLabel(name: string): LocalText {
  return secretLabels[name] ?? { zh: name, en: name };
}

function singular(plural: string): string {
  return plural.replace(/ies$/, 'y').replace(/s$/, '');
}

export const importTitle = (title: LocalText): LocalText => ({
  zh: `导入${title.zh}`,
  en: `Import ${title.en.toLowerCase()}`,
});
