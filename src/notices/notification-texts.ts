import type { LocalText } from '../generated/settings';

export const notificationTexts = {
  switchTitle: { zh: '桌面告警通知', en: 'Desktop alert notifications' },
  switchHint: {
    zh: '开启后，新告警到达时，在任何页面弹出桌面通知并播放提示音；点击通知打开该告警。',
    en: 'When on, each new alert raises a desktop notification and a short sound on any screen; clicking the notification opens the alert.',
  },
  saved: { zh: '已开启桌面告警通知', en: 'Desktop alert notifications are on' },
  savedOff: { zh: '已关闭桌面告警通知', en: 'Desktop alert notifications are off' },
  denied: {
    zh: '浏览器已拒绝本站的桌面通知：请在浏览器的网站设置中允许通知。在此之前，新告警只播放提示音。',
    en: 'The browser blocks notifications from this site: allow them in the browser’s site settings. Until then, new alerts only play the sound.',
  },
  notAsked: {
    zh: '浏览器尚未允许本站的桌面通知，新告警只播放提示音。',
    en: 'The browser has not yet allowed notifications from this site; new alerts only play the sound.',
  },
  allow: { zh: '允许桌面通知', en: 'Allow desktop notifications' },
  unsupported: {
    zh: '此浏览器或当前访问地址不支持桌面通知（需 HTTPS 或 localhost），新告警只播放提示音。',
    en: 'This browser or address cannot show desktop notifications (HTTPS or localhost is needed); new alerts only play the sound.',
  },
  aiAlert: { zh: 'AI告警', en: 'AI alert' },
  offerTitle: { zh: '开启桌面通知？', en: 'Turn on desktop notifications?' },
  offerHint: {
    zh: '新告警到达时，即使您在其他页面，也会弹出桌面通知并播放提示音。之后可在个人中心更改。',
    en: 'Each new alert raises a desktop notification and a short sound, whichever screen you are on. You can change this later in your personal centre.',
  },
  offerAccept: { zh: '开启', en: 'Turn on' },
  offerLater: { zh: '以后再说', en: 'Not now' },
} satisfies Record<string, LocalText>;

export const burstTitle = (count: number, latest: string): LocalText => ({
  zh: `${count} 条新告警 · 最新 ${latest}`,
  en: `${count} new alerts · latest ${latest}`,
});

/** The level before what happened, as a notification's title. */
export const headlineText = (level: LocalText, label: string): LocalText => ({
  zh: `【${level.zh}】${label}`,
  en: `[${level.en}] ${label}`,
});
