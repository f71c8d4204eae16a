/** What every player says when a stream fails, live or recorded, Chinese first. */
export const mediaTexts = {
  streamBroken: { zh: '视频流中断', en: 'The stream was interrupted' },
  /** When the server's answer said no more than that a recorded segment is gone. */
  segmentRemoved: { zh: '该段录像已被删除', en: 'This footage was removed' },
  unsupported: {
    zh: '此浏览器不支持播放实时视频（需要 Media Source Extensions）',
    en: 'This browser cannot play live video (it lacks Media Source Extensions)',
  },
} as const;

/** What a player shows for a few seconds when the footage it was to play is gone (`reason`, the server's words). */
export const movingOnText = (reason: string): { zh: string; en: string } => ({
  zh: `${reason}，跳到下一段`,
  en: `${reason}; moving on to the next`,
});
