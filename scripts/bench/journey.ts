import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { fetchedScripts, jsBytes, type FetchedScript, type GzipSizes } from './js-bytes';
import {
  armWatch,
  pageProbe,
  passwordInDomBinding,
  readMarks,
  waitForMark,
  type WatchSpec,
} from './page-probe';

/** A menu screen and the labels the reader clicks to reach it (its group first, when it has one). */
export interface MenuScreen {
  readonly path: string;
  readonly name: string;
  readonly group: string | null;
}

interface ManifestRoute {
  readonly path: string;
  readonly name: { readonly zh: string };
  readonly access?: string;
  readonly hideInMenu?: boolean;
  readonly children?: readonly ManifestRoute[];
}

/** The menu's screens in menu order, each with its top-level group (admin sees them all). */
function menuScreens(routes: readonly ManifestRoute[]): MenuScreen[] {
  const leaves = (route: ManifestRoute, group: string | null): MenuScreen[] =>
    route.children && route.children.length > 0
      ? route.children
          .filter((child) => !child.hideInMenu)
          .flatMap((child) => leaves(child, group ?? route.name.zh))
      : [{ path: route.path, name: route.name.zh, group }];
  return routes.filter((route) => !route.hideInMenu && route.access).flatMap((route) => leaves(route, null));
}

/** The screen the journeys visit and return to, and the one visited between (the menu's first two). */
export function firstMenuScreens(): readonly [MenuScreen, MenuScreen] {
  const manifest = JSON.parse(readFileSync('manifest/console.json', 'utf8')) as {
    readonly routes: readonly ManifestRoute[];
  };
  const [screen, other] = menuScreens(manifest.routes);
  if (!screen || !other) throw new Error('manifest/console.json has fewer than two menu screens');
  return [screen, other];
}

export interface JourneyPlan {
  readonly baseUrl: string;
  readonly username: string;
  readonly password: string;
  readonly cpuThrottlingRate: number;
  /** The screen measured cold (first visit) and warm (back to it from `other`). */
  readonly screen: MenuScreen;
  readonly other: MenuScreen;
  readonly actionTimeoutMs: number;
}

/** The login page, in ms from the navigation start. */
export interface LoginFigures {
  readonly fcp: number;
  readonly passwordShown: number;
  readonly passwordUsable: number;
  /** The password field is in the document (before it is painted). */
  readonly passwordInDom: number;
  /** The browser got the first keystroke for the password field (sent once it was in the document). */
  readonly passwordKeySent: number;
  /** The first keystroke took effect in the password field. */
  readonly passwordTyped: number;
}

/**
 * One cold run. Times in ms: from the navigation start for the login page, else from the click
 * or Enter key. JS in bytes, by when its request started: cumulative up to a moment, or in a span.
 */
export interface JourneyFigures extends LoginFigures {
  /** The console's sign-in form took over from the one the server sent (keeping what was typed). */
  readonly consoleTookOver: number;
  readonly signInToHome: number;
  readonly screenCold: number;
  readonly screenWarm: number;
  /** Requested before the password field was usable. */
  readonly loginJs: number;
  /** Requested before the home greeting was shown. */
  readonly homeJs: number;
  /** Requested after the greeting was shown and before the menu click (prefetching). */
  readonly prefetchedOnHome: number;
  /** Requested before the first screen was shown. */
  readonly screenJs: number;
  /** Requested by the route change back to the visited screen. */
  readonly warmJs: number;
  readonly scripts: readonly FetchedScript[];
}

// What counts as "there" for each measured step. The password field is the login form's last
// field; the home greeting is the <h2> of the welcome card ("上午好，系统管理员"); a screen's
// heading is a heading, result title or card title in the content area naming the screen.
const passwordSelector = 'input[type="password"]';
const passwordShown: WatchSpec = {
  name: 'passwordShown',
  selector: passwordSelector,
  text: null,
  startOn: null,
};
const homeGreeting: WatchSpec = { name: 'home', selector: '.cfop-content h2', text: '，', startOn: 'enter' };
export const screenHeading = (name: string, text: string): WatchSpec => ({
  name,
  selector: '.cfop-content :is(h1, h2, h3, .ant-result-title, .ant-card-head-title)',
  text,
  startOn: 'click',
});

/** One key press as the keyboard sends it; CDP answers once the page has handled it. */
async function typeKey(cdp: CDPSession, key: string): Promise<void> {
  const code = `Key${key.toUpperCase()}`;
  const windowsVirtualKeyCode = key.toUpperCase().charCodeAt(0);
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, code, text: key, windowsVirtualKeyCode });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code, windowsVirtualKeyCode });
}

/** The timings of one armed watch: from its start event (or the navigation) to after the paint. */
export async function waitForWatch(page: Page, name: string, timeout: number): Promise<number> {
  await waitForMark(page, `${name}Painted`, timeout);
  const marks = await readMarks(page);
  const end = marks[`${name}Painted`] as number;
  const start = marks[`${name}Start`] ?? 0;
  return end - start;
}

/** A menu item by its label; its accessible name may start with its icon's ("apartment 设备管理"). */
function menuItem(page: Page, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.locator('.cfop-sider').getByRole('menuitem', { name: new RegExp(`(^|\\s)${escaped}$`) });
}

/** Opens the screen's menu group when the item is not showing yet, then clicks the screen's item. */
export async function clickMenuItem(
  page: Page,
  screen: MenuScreen,
  beforeClick: () => Promise<void>,
): Promise<void> {
  const item = menuItem(page, screen.name);
  if (screen.group !== null && !(await item.isVisible())) await menuItem(page, screen.group).click();
  await item.waitFor({ state: 'visible' });
  await beforeClick();
  await item.click();
}

/** A fresh browser context (empty cache, no token) with the probe, its page throttled. */
export async function openThrottled(
  browser: Browser,
  options: { readonly baseUrl: string; readonly cpuThrottlingRate: number; readonly actionTimeoutMs: number },
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ baseURL: options.baseUrl, locale: 'zh-CN' });
  context.setDefaultTimeout(options.actionTimeoutMs);
  await context.addInitScript({ content: pageProbe([passwordShown]) });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuThrottlingRate });
  return { context, page, cdp };
}

function markReader(marks: Record<string, number>): (name: string) => number {
  return (name) => {
    const time = marks[name];
    if (time === undefined) throw new Error(`the page has no mark ${name}`);
    return time;
  };
}

/**
 * Opens /user/login and times it. The probe focuses the password field the moment it is in the
 * document; from then on keystrokes go out, each once the page has handled the one before (CDP
 * answers after the renderer did) plus 16 ms, until one has taken effect. None are sent earlier:
 * input events while the page loads slow the load itself.
 */
export async function measureLogin(page: Page, cdp: CDPSession, timeout: number): Promise<LoginFigures> {
  let signalInDom = () => {};
  await page.exposeFunction(passwordInDomBinding, () => signalInDom());
  let timer: NodeJS.Timeout | undefined;
  const inDom = new Promise<void>((resolve, reject) => {
    signalInDom = resolve;
    timer = setTimeout(() => reject(new Error('the password field was not in the page in time')), timeout);
  });
  await page.goto('/user/login', { waitUntil: 'commit' });
  await inDom.finally(() => clearTimeout(timer));
  let typing = true;
  const landed = waitForMark(page, 'passwordInput', timeout).finally(() => (typing = false));
  while (typing) {
    await typeKey(cdp, 'x');
    await Promise.race([landed, new Promise((resolve) => setTimeout(resolve, 16))]);
  }
  await landed;
  await waitForMark(page, 'fcp', timeout);
  await waitForWatch(page, 'passwordShown', timeout);
  const at = markReader(await readMarks(page));
  return {
    fcp: at('fcp'),
    passwordShown: at('passwordShownPainted'),
    // Usable: shown and taking keystrokes (a keystroke may land before the frame is painted).
    passwordUsable: Math.max(at('passwordShownPainted'), at('passwordInput')),
    passwordKeySent: at('passwordKeyDown'),
    passwordTyped: at('passwordInput'),
    passwordInDom: at('passwordInDom'),
  };
}

/**
 * One cold run in a fresh browser context (empty cache, no token): the login page, typing into
 * the password field as soon as it is there, signing in with Enter, then the screen from the
 * menu, another screen, and the screen again.
 */
export async function runJourney(
  browser: Browser,
  plan: JourneyPlan,
  gzip: GzipSizes,
): Promise<JourneyFigures> {
  const { context, page, cdp } = await openThrottled(browser, plan);
  try {
    const timeout = plan.actionTimeoutMs;

    const login = await measureLogin(page, cdp, timeout);
    await waitForMark(page, 'consoleTookOver', timeout);

    // Sign in by the form; the timing starts at the Enter key.
    const password = page.locator(passwordSelector);
    await page.getByLabel('用户名', { exact: true }).fill(plan.username);
    await password.fill(plan.password);
    await armWatch(page, homeGreeting);
    await password.press('Enter');
    const signInToHome = await waitForWatch(page, 'home', timeout);

    // The screen from the menu, first visit: its code is fetched now (unless prefetched).
    const cold = screenHeading('screenCold', plan.screen.name);
    await clickMenuItem(page, plan.screen, () => armWatch(page, cold));
    const screenCold = await waitForWatch(page, cold.name, timeout);

    // Another screen, then back: a route change to a visited screen.
    const other = screenHeading('other', plan.other.name);
    await clickMenuItem(page, plan.other, () => armWatch(page, other));
    await waitForWatch(page, other.name, timeout);
    const warm = screenHeading('screenWarm', plan.screen.name);
    await clickMenuItem(page, plan.screen, () => armWatch(page, warm));
    const screenWarm = await waitForWatch(page, warm.name, timeout);

    const at = markReader(await readMarks(page));
    const scripts = await fetchedScripts(page);
    const js = (from: number, until: number): Promise<number> => jsBytes(scripts, from, until, gzip);
    return {
      ...login,
      consoleTookOver: at('consoleTookOver'),
      signInToHome,
      screenCold,
      screenWarm,
      loginJs: await js(0, login.passwordUsable),
      homeJs: await js(0, at('homePainted')),
      prefetchedOnHome: await js(at('homePainted'), at('screenColdStart')),
      screenJs: await js(0, at('screenColdPainted')),
      warmJs: await js(at('screenWarmStart'), at('screenWarmPainted')),
      scripts,
    };
  } finally {
    await context.close();
  }
}
