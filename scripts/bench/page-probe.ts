import type { Page } from 'playwright-core';

/**
 * What the benchmark runs inside the page, before the console's own scripts (an init script).
 * It is plain JavaScript text, not a function: tsx may wrap named functions in helpers that do
 * not exist in the page once Playwright serialises them.
 *
 * Every time is `performance.now()`-based, so milliseconds since the navigation started:
 *  - `fcp`: the first-contentful-paint entry;
 *  - `passwordInDom`: the password field is in the document (the probe focuses it then);
 *  - `passwordKeyDown`: when the browser got the first keystroke that went to that field;
 *  - `passwordInput`: the first `input` event of the password field, once the console's
 *    handlers (if it has started) have run and the field holds the keystroke (typing took effect);
 *  - `consoleTookOver`: the console's sign-in page took over from the one the server sent as HTML;
 *  - per armed watch `name`: `nameStart` (the timeStamp of the next click or Enter key, the
 *    moment the browser got it), `name` (the frame in which the element was first there,
 *    visible and enabled) and `namePainted` (right after that frame was painted).
 */
/**
 * A function the benchmark exposes to the page (Playwright's exposeFunction): the probe calls it
 * the moment the password field is in the document, so the keystrokes go out then rather than
 * after a polling round, which waits for a frame and runs a script of its own on the page.
 */
export const passwordInDomBinding = '__benchPasswordInDom';

export function pageProbe(initialWatches: readonly WatchSpec[]): string {
  const initial = JSON.stringify(initialWatches.map((w) => [w.name, w.selector, w.text, w.startOn]));
  return String.raw`(() => {
  if (window.__bench) return;
  const marks = {};
  const mark = (name, time) => {
    if (!(name in marks)) marks[name] = time === undefined ? performance.now() : time;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') mark('fcp', entry.startTime);
    }
  }).observe({ type: 'paint', buffered: true });

  // Bubbling to window: after the console's own handlers (React listens on its root) have run.
  window.addEventListener('input', (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement && target.type === 'password' && target.value !== '') {
      mark('passwordInput');
    }
  });

  // The password field takes the focus the moment it is in the document (the form focuses the
  // user name), so the keystrokes the benchmark keeps sending go to it once the page takes them.
  const focusPassword = () => {
    const field = document.querySelector('input[type="password"]');
    if (!field || field.disabled) return false;
    if (!('passwordInDom' in marks)) {
      window.${passwordInDomBinding}?.();
      watchTakeover(field);
    }
    mark('passwordInDom');
    if (document.activeElement !== field) field.focus();
    return document.activeElement === field;
  };
  // The console's sign-in page taking over from the one the server sent as HTML: a field found in
  // that page's element (a child of the body) is watched until the element goes; other pages not.
  const watchTakeover = (field) => {
    const sent = field.closest('#cfop-prerendered');
    if (!sent || !sent.parentNode) return;
    const takeover = new MutationObserver(() => {
      if (sent.isConnected) return;
      mark('consoleTookOver');
      takeover.disconnect();
    });
    takeover.observe(sent.parentNode, { childList: true });
  };

  const focusing = new MutationObserver(() => {
    if (focusPassword()) focusing.disconnect();
  });
  focusing.observe(document, { childList: true, subtree: true });

  const watches = [];
  const startOn = (kind, event) => {
    for (const watch of watches) {
      if (watch.startOn === kind && !(watch.name + 'Start' in marks)) mark(watch.name + 'Start', event.timeStamp);
    }
  };
  document.addEventListener('click', (event) => startOn('click', event), true);
  document.addEventListener('keydown', (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement && target.type === 'password') mark('passwordKeyDown', event.timeStamp);
    if (event.key === 'Enter') startOn('enter', event);
  }, true);

  const found = (watch) => {
    for (const element of document.querySelectorAll(watch.selector)) {
      if (watch.text && !(element.textContent || '').includes(watch.text)) continue;
      if (element.disabled || element.readOnly) continue;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      return true;
    }
    return false;
  };
  const afterPaint = (name) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => mark(name);
    channel.port2.postMessage(null);
  };
  let frameLoop = false;
  const onFrame = () => {
    let pending = false;
    for (const watch of watches) {
      if (watch.done) continue;
      if ((watch.startOn === null || watch.name + 'Start' in marks) && found(watch)) {
        watch.done = true;
        mark(watch.name);
        afterPaint(watch.name + 'Painted');
      } else {
        pending = true;
      }
    }
    frameLoop = pending;
    if (pending) requestAnimationFrame(onFrame);
  };

  window.__bench = {
    marks,
    arm(name, selector, text, startOn) {
      watches.push({ name, selector, text, startOn, done: false });
      if (!frameLoop) {
        frameLoop = true;
        requestAnimationFrame(onFrame);
      }
    },
  };
  for (const args of ${initial}) window.__bench.arm(...args);
})();`;
}

export interface WatchSpec {
  readonly name: string;
  /** CSS selector of the element; it must also be visible and not disabled. */
  readonly selector: string;
  /** Text the element must contain, if any. */
  readonly text: string | null;
  /** The event the timing starts at; null: the navigation start. */
  readonly startOn: 'click' | 'enter' | null;
}

interface BenchWindow {
  readonly __bench?: {
    readonly marks: Record<string, number>;
    arm(name: string, selector: string, text: string | null, startOn: WatchSpec['startOn']): void;
  };
}

// The functions below run in the page. They stay anonymous arrows (nothing for tsx to name), and
// functions rather than strings: the console's Content-Security-Policy forbids eval.

/** Starts watching for an element; `startOn` names the event its timing starts at. */
export async function armWatch(page: Page, spec: WatchSpec): Promise<void> {
  await page.evaluate(
    ({ name, selector, text, startOn }) =>
      (window as unknown as BenchWindow).__bench?.arm(name, selector, text, startOn),
    spec,
  );
}

export async function waitForMark(page: Page, name: string, timeout: number): Promise<void> {
  await page.waitForFunction(
    (mark) => mark in ((window as unknown as BenchWindow).__bench?.marks ?? {}),
    name,
    { timeout },
  );
}

export async function readMarks(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => ({ ...(window as unknown as BenchWindow).__bench?.marks }));
}
