import type { LocalText } from '../generated/settings';

// Texts shared by several screens. The spec's English sentences appear verbatim in English; a toast
// speaks the reader's language only.
export const messages = {
  loginExpired: { zh: '登陆已过期', en: 'Login expired' },
  noResponse: { zh: '网络无响应，请重试', en: 'None response! Please retry.' },
  backHome: { zh: '返回首页', en: 'Back to home' },
  loading: { zh: '加载中…', en: 'Loading…' },
  requestError: { zh: '请求错误，请重试', en: 'Request error, please retry.' },
} as const satisfies Record<string, LocalText>;
