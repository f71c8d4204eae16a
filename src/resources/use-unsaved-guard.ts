import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocale } from '../i18n';
import { texts } from './texts';
import type { ConfirmOptions } from './use-confirm';
import { useBlocker } from 'react-router-dom';
import { useScreenVisibility } from '../session/screen-visibility';

/**
 * While `dirty`, leaving the route or changing its query (links, menu, Back) asks
 * `confirmDiscard` first; agreeing calls `onDiscard` and goes on. Closing or reloading the tab
 * gets the browser's own warning. A screen kept hidden by the layout blocks nothing.
 */
export function useUnsavedGuard(
  dirty: boolean,
  confirmDiscard: () => Promise<boolean>,
  onDiscard: () => void,
): void {
  // Set once the reader agreed: going on re-runs the check (a Back is replayed), which must pass.
  const discarded = useRef(false);
  const visibility = useScreenVisibility();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      visibility.shown &&
      !discarded.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirmDiscard().then((discard) => {
      asking.current = false;
      if (!discard) {
        blocker.reset();
        return;
      }
      discarded.current = true;
      onDiscard();
      blocker.proceed();
    });
  }, [blocker, confirmDiscard, onDiscard]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!visibility.shown) return;
      event.preventDefault();
      // Older Chromium shows the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, visibility]);
}

/** The question before unsaved changes are thrown away, asked through a screen's `confirm`. */
export function useConfirmDiscard(
  confirm: (options: ConfirmOptions) => Promise<boolean>,
): () => Promise<boolean> {
  const { t } = useLocale();
  return useCallback(
    () =>
      confirm({
        title: t(texts.discardTitle),
        content: t(texts.discardText),
        okText: t(texts.discard),
        cancelText: t(texts.keepEditing),
        danger: true,
      }),
    [confirm, t],
  );
}

/**
 * The unsaved changes of a drawer's form: `dirty` as the form reports it (`setDirty`), the question
 * before throwing them away, and `close`, which forgets them and calls `onClose`. While the drawer
 * is open and dirty, leaving the route asks first (useUnsavedGuard).
 */
export function useGuardedForm(
  open: boolean,
  confirm: (options: ConfirmOptions) => Promise<boolean>,
  onClose: () => void,
) {
  const [dirty, setDirty] = useState(false);
  const confirmDiscard = useConfirmDiscard(confirm);
  const close = useCallback(() => {
    setDirty(false);
    onClose();
  }, [onClose]);
  useUnsavedGuard(open && dirty, confirmDiscard, close);
  return { dirty, setDirty, confirmDiscard, close };
}
