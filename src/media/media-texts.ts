/** What every player says when a stream fails, live or recorded, Chinese first. */
export const mediaTexts = {
  streamBroken: { zh: '视频流中断', en: 'The stream was interrupted' },
  unsupported: {
    zh: '此浏览器不支持播放实时视频（需要 Media Source Extensions）',
    en: 'This browser cannot play live video (it lacks Media Source Extensions)',
  },
} as const;
