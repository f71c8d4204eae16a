/**
 * A click on a link that the router may follow in place: the main button, without a key asking
 * for a new tab or window (which the browser then opens from the link's href).
 */
export function isPlainClick(event: {
  readonly button: number;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}): boolean {
  return event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
}
