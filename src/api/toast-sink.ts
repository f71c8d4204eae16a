export type ToastKind = 'success' | 'error';
export type ShowToast = (kind: ToastKind, text: string, seconds?: number) => void;

// Where toasts go, apart from toast.tsx that loads the holder: the holder attaches itself here, so
// it imports nothing of the module that loads it.
let show: ShowToast | undefined;
const waiting: Parameters<ShowToast>[] = [];

/** Shows a toast when a holder is attached and says so; otherwise keeps it for the holder to come. */
export function deliverToast(...toast: Parameters<ShowToast>): boolean {
  if (show) {
    show(...toast);
    return true;
  }
  waiting.push(toast);
  return false;
}

/** The mounted holder says how to show toasts (undefined when it unmounts); waiting ones go out. */
export function attachToasts(next: ShowToast | undefined): void {
  show = next;
  if (next) for (const args of waiting.splice(0)) next(...args);
}
