import type { LocalText } from '../../../generated/settings';

/** What a key does on the alert wall. */
export type WallKey =
  | 'next'
  | 'previous'
  | 'down'
  | 'up'
  | 'open'
  | 'confirm'
  | 'dismiss'
  | 'toggle'
  | 'selectAll'
  | 'clear'
  | 'help';

export type FocusMove = Extract<WallKey, 'next' | 'previous' | 'down' | 'up'>;

const keyMap: Readonly<Record<string, WallKey>> = {
  j: 'next',
  ArrowRight: 'next',
  k: 'previous',
  ArrowLeft: 'previous',
  ArrowDown: 'down',
  ArrowUp: 'up',
  Enter: 'open',
  c: 'confirm',
  d: 'dismiss',
  x: 'toggle',
  ' ': 'toggle',
  a: 'selectAll',
  Escape: 'clear',
  '?': 'help',
};

/**
 * Where a key was pressed: in a field the operator types in (every key is theirs), on a control of
 * its own (a button or link takes Enter and space), inside a dialog or drawer (its own keys), or
 * anywhere else on the screen.
 */
export type KeyTarget = 'typing' | 'control' | 'dialog' | 'screen';

export function keyTargetOf(element: Element | null): KeyTarget {
  if (!element) return 'screen';
  if (element.closest('[role="dialog"], .ant-drawer, .ant-modal-wrap')) return 'dialog';
  if (
    element.closest(
      'input[type="checkbox"], input[type="radio"], button, a[href], [role="button"], [role="switch"]',
    )
  )
    return 'control';
  if (element.closest('input, textarea, select, [contenteditable="true"], [role="combobox"]'))
    return 'typing';
  return 'screen';
}

/** The wall's action for a key press, or null when the key is not the wall's there. */
export function wallKeyOf(
  press: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean },
  target: KeyTarget,
): WallKey | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (target === 'typing' || target === 'dialog') return null;
  const action = keyMap[press.key] ?? null;
  if (target === 'control' && (action === 'open' || action === 'toggle')) return null;
  return action;
}

/**
 * The card focused after a move among `count` cards laid out `columns` to a row: j/k and ←/→ step
 * through them in reading order, ↑/↓ go a row; the first move with none focused focuses the first.
 */
export function movedFocus(
  index: number | null,
  move: FocusMove,
  count: number,
  columns: number,
): number | null {
  if (count === 0) return null;
  if (index === null) return 0;
  const step = { next: 1, previous: -1, down: columns, up: -columns }[move];
  const next = index + step;
  return next < 0 || next >= count ? Math.min(Math.max(index, 0), count - 1) : next;
}

/** The help overlay's rows: the keys and what they do. */
export const wallShortcuts: readonly { keys: readonly string[]; text: LocalText }[] = [
  { keys: ['j', '→'], text: { zh: '下一条告警', en: 'Next alert' } },
  { keys: ['k', '←'], text: { zh: '上一条告警', en: 'Previous alert' } },
  { keys: ['↓', '↑'], text: { zh: '下一行 / 上一行', en: 'Row below / above' } },
  { keys: ['Enter'], text: { zh: '打开告警详情', en: 'Open the alert' } },
  { keys: ['x', 'Space'], text: { zh: '选中 / 取消选中', en: 'Select / unselect' } },
  { keys: ['a'], text: { zh: '全选本页', en: 'Select all shown' } },
  { keys: ['c'], text: { zh: '确认选中或当前告警', en: 'Confirm the selected or focused alerts' } },
  { keys: ['d'], text: { zh: '忽略选中或当前告警', en: 'Dismiss the selected or focused alerts' } },
  { keys: ['Enter'], text: { zh: '在处理备注中：提交', en: 'In the note: submit' } },
  { keys: ['Esc'], text: { zh: '取消选择 / 关闭', en: 'Clear the selection / close' } },
  { keys: ['?'], text: { zh: '显示本帮助', en: 'Show this help' } },
];
