import { localeStore } from '../i18n/locale-store';
import type { Access } from '../session';
import { alertResource } from '../alerts-live/alert-options';
import { liveAlerts, type LiveAlertStore } from '../alerts-live/live-alerts';
import { noticeLink, noticeText } from './alert-notice';
import { playAlertSound, unlockAlertSound } from './alert-sound';
import { desktopPermission } from './desktop-permission';
import { createNoticeGate, type AlertNotice } from './notice-gate';

/** One tag for all: a newer notification replaces the one still shown instead of piling up. */
const noticeTag = 'cfop-new-alert';
/** Held by the one tab of this browser that notifies, so two open tabs do not sound twice. */
const leaderLock = 'cfop-alert-notifier';

function showNotice(notice: AlertNotice, open: (path: string) => void): void {
  if (desktopPermission() !== 'granted') return;
  const locale = localeStore.get();
  const { title, body } = noticeText(notice, locale);
  try {
    // Silent: the console plays its own sound, which the system's would sound over.
    const notification = new Notification(title, { body, tag: noticeTag, lang: locale, silent: true });
    notification.onclick = () => {
      window.focus();
      notification.close();
      open(noticeLink(notice));
    };
  } catch {
    // Some browsers (Chrome on Android) allow notifications from a service worker only; the sound still plays.
  }
}

/**
 * Runs `lead` while this tab holds the browser-wide lock (one tab at a time; another takes over
 * when it closes); without Web Locks (an insecure context), at once. Answers the stop.
 */
function whileLeader(lead: () => () => void): () => void {
  if (!('locks' in navigator)) return lead();
  const abort = new AbortController();
  let end: () => void = () => undefined;
  void navigator.locks
    .request(leaderLock, { signal: abort.signal }, () => {
      const stop = lead();
      return new Promise<void>((resolve) => {
        end = () => {
          stop();
          resolve();
        };
      });
    })
    .catch(() => undefined);
  return () => {
    abort.abort();
    end();
  };
}

/**
 * Announces new live alerts on any screen: a desktop notification (when the browser allows it)
 * and the chime, a burst coalesced into one per interval. It shares the console's one live stream
 * with the alert wall. Clicking the notification focuses the window and `open`s the alert. Only
 * for holders of the alert key (the stream refuses others). Answers the stop.
 */
export function startAlertNotifier(options: {
  access: Access;
  open(path: string): void;
  store?: LiveAlertStore;
}): () => void {
  if (!options.access[alertResource.access]) return () => undefined;
  const store = options.store ?? liveAlerts;
  const unlock = () => unlockAlertSound();
  const gestures = ['pointerdown', 'keydown'] as const;
  gestures.forEach((type) => document.addEventListener(type, unlock, { capture: true }));
  const stopLeading = whileLeader(() => {
    const gate = createNoticeGate((notice) => {
      showNotice(notice, options.open);
      void playAlertSound();
    });
    const stopListening = store.onBatch((batch) => gate.take(batch));
    const release = store.retain();
    return () => {
      release();
      stopListening();
      gate.stop();
    };
  });
  return () => {
    stopLeading();
    gestures.forEach((type) => document.removeEventListener(type, unlock, { capture: true }));
  };
}
