import type { LocalText } from '../generated/settings';

// Shell texts used by more than one component; a component's own texts sit beside it.
export const backHomeText: LocalText = { zh: '返回首页', en: 'Back to home' };
export const loadingText: LocalText = { zh: '加载中…', en: 'Loading…' };
