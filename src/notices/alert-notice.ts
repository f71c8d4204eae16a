import { formatDateTime } from '../i18n/date-time-format';
import { translate, type Locale } from '../i18n/locale-store';
import { alertOptions, alertResource, optionOf } from '../alerts-live/alert-options';
import { alertPlace, systemAlertTexts } from '../alerts-live/system-alert';
import { alertLinkPath } from '../alerts-live/alert-link';
import type { AlertNotice } from './notice-gate';
import { burstTitle, headlineText, notificationTexts } from './notification-texts';

/**
 * A notification's words in the reader's language: the newest alert's level and label as the
 * title (with the count for a burst), then what raised it, where and when.
 */
export function noticeText(notice: AlertNotice, locale: Locale): { title: string; body: string } {
  const { newest, count } = notice;
  const level = optionOf(alertOptions.level, newest.level);
  const headline = translate(
    headlineText(level?.label ?? { zh: newest.level, en: newest.level }, newest.label),
    locale,
  );
  const kind = newest.source === 'ai' ? notificationTexts.aiAlert : systemAlertTexts[newest.source];
  const where = [translate(kind, locale), alertPlace(newest), newest.area].filter(Boolean).join(' · ');
  return {
    title: count === 1 ? headline : translate(burstTitle(count, headline), locale),
    body: `${where}\n${formatDateTime(newest.occurredAt)}`,
  };
}

/** Where clicking the notification goes: the alert's own drawer, or the wall for a burst. */
export function noticeLink(notice: AlertNotice): string {
  return notice.count === 1 ? alertLinkPath(notice.newest.id) : alertResource.route;
}
