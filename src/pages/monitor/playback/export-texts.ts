/** The export panel's labels, Chinese first: loaded with the panel, not the playback screen. */
export const exportTexts = {
  exportPeriod: { zh: '导出时段', en: 'Range to export' },
  exportStart: { zh: '开始时间', en: 'Start' },
  exportEnd: { zh: '结束时间', en: 'End' },
  exportDownload: { zh: '下载 MP4', en: 'Download MP4' },
  exportClose: { zh: '收起', en: 'Close' },
  exportHint: {
    zh: '最长 30 分钟；文件按整段录像截取，首尾可能多出几秒。',
    en: 'At most 30 minutes; the file holds whole segments, so it may start and end a few seconds wider.',
  },
  exportDigest: {
    zh: '文件 SHA-256（已记入操作日志）',
    en: "The file's SHA-256 (kept in the operation log)",
  },
} as const;
