import { useEffect, useRef } from 'react';
import { consoleEvents } from '../api';
import type { ConsoleEventName } from '../generated/console-events';
import { useScreenVisibility } from '../session/screen-visibility';

/** A change of one row: its id and the new values of some of its fields. */
export type RowChange = Readonly<Record<string, unknown>> & { readonly id: number };

/**
 * The rows with the change applied to the row it names (only the fields the row has); the same
 * array when none changes, so nothing renders again.
 */
export function patchRows<T extends Readonly<Record<string, unknown>>>(
  rows: readonly T[],
  change: RowChange,
): readonly T[] {
  const index = rows.findIndex((row) => row.id === change.id);
  const row = rows[index];
  if (row === undefined) return rows;
  const fields = Object.entries(change).filter(([name, value]) => name in row && row[name] !== value);
  if (fields.length === 0) return rows;
  const next = [...rows];
  next[index] = { ...row, ...Object.fromEntries(fields) };
  return next;
}

/**
 * While the screen is shown, passes each row change the console's `event` carries (`{ id, ...fields }`;
 * none for null: rows that change only when edited) to `onChange`, and calls `onResync` when the
 * stream opens again after a break, since changes made meanwhile are not replayed.
 */
export function useLiveRows(
  event: ConsoleEventName | null,
  onChange: (change: RowChange) => void,
  onResync: () => void,
): void {
  // Read, not rendered on: a kept list shown again must not render for it.
  const visibility = useScreenVisibility();
  const handlers = useRef({ onChange, onResync });
  useEffect(() => {
    handlers.current = { onChange, onResync };
  });
  useEffect(() => {
    if (event === null) return undefined;
    let broken = false;
    let release: (() => void) | null = null;
    const follow = () => {
      if (visibility.shown) release ??= consoleEvents.retain();
      else {
        release?.();
        release = null;
      }
    };
    const stopChanges = consoleEvents.on(event, (data) =>
      handlers.current.onChange(JSON.parse(data) as RowChange),
    );
    const stopStatus = consoleEvents.onStatus((status) => {
      if (status === 'reconnecting') broken = true;
      if (status === 'open' && broken) {
        broken = false;
        handlers.current.onResync();
      }
    });
    const stopFollowing = visibility.subscribe(follow);
    follow();
    return () => {
      stopFollowing();
      stopChanges();
      stopStatus();
      release?.();
    };
  }, [visibility, event]);
}
