import { useEffect, useLayoutEffect, type RefObject } from 'react';
import { pressedButtonAttribute, prerenderedPageId } from './sent-page';

/** What the reader did in the sent page before the console started. */
export interface TypedBeforeStart {
  /** Each named field's value. */
  readonly values: Readonly<Record<string, string>>;
  /** The field that had the focus, and where its caret was. */
  readonly focus: {
    readonly name: string;
    readonly start: number | null;
    readonly end: number | null;
  } | null;
  /** The place, among the page's buttons, of the last one pressed. */
  readonly pressed: number | null;
}

function sentPage(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(prerenderedPageId);
}

/** What was done in the sent page, while it is still there; read once, as the console's page first renders. */
export function typedBeforeStart(): TypedBeforeStart | undefined {
  const page = sentPage();
  if (!page) return undefined;
  const values: Record<string, string> = {};
  let focus: TypedBeforeStart['focus'] = null;
  for (const input of page.querySelectorAll('input')) {
    if (input.name === '') continue;
    values[input.name] = input.value;
    if (input === document.activeElement) {
      focus = { name: input.name, start: input.selectionStart, end: input.selectionEnd };
    }
  }
  const pressed = Number.parseInt(page.querySelector('main')?.getAttribute(pressedButtonAttribute) ?? '', 10);
  return { values, focus, pressed: Number.isNaN(pressed) ? null : pressed };
}

/** Removes the sent page: the console's own screen is in the root beneath it. */
export function dropPrerenderedPage(): void {
  sentPage()?.remove();
}

/**
 * The console's sign-in page takes over from the sent one, in the commit that first shows it: the
 * focus and caret go to the same field (keystrokes waiting behind the commit land there) and the
 * sent page goes; then the button pressed there is pressed here.
 */
export function useTakeOver(page: RefObject<HTMLElement | null>, typed: TypedBeforeStart | undefined): void {
  useLayoutEffect(() => {
    if (!typed) return;
    dropPrerenderedPage();
    const field = typed.focus && page.current?.querySelector(`input[name="${CSS.escape(typed.focus.name)}"]`);
    if (field instanceof HTMLInputElement && typed.focus) {
      field.focus();
      field.setSelectionRange(typed.focus.start, typed.focus.end);
    }
  }, [page, typed]);
  useEffect(() => {
    if (typed?.pressed == null) return;
    page.current?.querySelectorAll('button')[typed.pressed]?.click();
  }, [page, typed]);
}

/**
 * Placed after the router: when the first screen is not the sign-in page (a signed-in reader sent
 * home, a chunk that failed), the sent page goes all the same, in that screen's first commit.
 */
export function LeavePrerenderedPage(): null {
  useLayoutEffect(dropPrerenderedPage, []);
  return null;
}
