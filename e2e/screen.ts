import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Account } from './accounts';
import { artifactPath } from './artifacts';
import { scaled } from '../test-support/test-timeouts';

// The console keeps the session token in localStorage under this key (the manifest's tokenKey).
export const tokenKey = 'CFOP_TOKEN';

export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), tokenKey);
}

/** Waits for something on screen to come true, as a person would, rather than only checking once. */
export function eventually<T>(read: () => T | Promise<T>, message?: string) {
  return expect.poll(read, { timeout: scaled(10_000), interval: 100, ...(message ? { message } : {}) });
}

/**
 * Matches a visible label exactly; antd puts a space between the two characters of a
 * two-character Chinese button label ("登 录"), so spaces between characters are allowed.
 */
export function label(text: string): RegExp {
  const characters = [...text].map((character) => character.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^\\s*${characters.join('\\s*')}\\s*$`);
}

// antd renders the layout's header and sider inside <section>, where they are no landmarks.
export function headerOf(page: Page): Locator {
  return page.locator('.cfop-header');
}

export function siderOf(page: Page): Locator {
  return page.locator('.cfop-sider');
}

export function breadcrumbOf(page: Page): Locator {
  return page.locator('.cfop-breadcrumb');
}

export function pathAndQuery(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

export async function expectAt(page: Page, expected: string): Promise<void> {
  await eventually(() => pathAndQuery(page), `the browser at ${expected}`).toBe(expected);
}

/**
 * Clicks as `click` does and waits for `done` (which throws when it does not come); when it does
 * not, clicks once more. A click that lands while something still opens on a loaded machine is
 * lost; an operator who sees nothing happen clicks again, and so does this, once.
 */
export async function clickUntil(click: () => Promise<void>, done: () => Promise<unknown>): Promise<void> {
  await click();
  try {
    await done();
  } catch {
    await click();
    await done();
  }
}

/** Opens a side-menu group unless it is open and clicks its entry, until the browser is at `path`. */
export async function openMenuEntry(page: Page, group: string, item: string, path: string): Promise<void> {
  const sider = siderOf(page);
  const groupEntry = sider.getByRole('menuitem', { name: group });
  await clickUntil(
    async () => {
      if ((await groupEntry.getAttribute('aria-expanded')) !== 'true') await groupEntry.click();
      await sider.getByRole('menuitem', { name: item, exact: true }).click();
    },
    () =>
      expect
        .poll(() => pathAndQuery(page), { timeout: scaled(3000), message: `the browser at ${path}` })
        .toBe(path),
  );
}

/** Waits for the login page and gives the redirect target it was opened with. */
export async function expectLoginPage(page: Page): Promise<string | null> {
  await eventually(() => new URL(page.url()).pathname, 'the login page').toBe('/user/login');
  return new URL(page.url()).searchParams.get('redirect');
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: artifactPath(`${name}.png`), fullPage: true, animations: 'disabled' });
}

export async function submitPasswordForm(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('用户名', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: label('登录') }).click();
}

/**
 * What the form says about a field: antd links the field's messages to it with aria-describedby.
 * `scope`: the page, or the drawer or dialog holding the form.
 */
export async function fieldDescription(scope: Page | Locator, fieldLabel: string): Promise<string> {
  const page = 'page' in scope ? scope.page() : scope;
  const ids = await scope.getByLabel(fieldLabel, { exact: true }).getAttribute('aria-describedby');
  const texts = await Promise.all(
    (ids ?? '')
      .split(' ')
      .filter((id) => id !== '')
      .map((id) => page.locator(`[id="${id}"]`).innerText()),
  );
  return texts.join('\n');
}

/** An error toast (antd message with its red cross) holding `text`. */
export function errorToast(page: Page, text: string | RegExp): Locator {
  return page
    .getByRole('alert')
    .filter({ has: page.getByRole('img', { name: 'close-circle' }), hasText: text });
}

/**
 * Records every toast the page shows from now on (until it navigates away); the function answers
 * their texts so far. Toasts go out in the order they are asked for, so once a later toast has
 * shown, an earlier one that is not recorded was never shown: an absence that needs no waiting.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  const key = `cfopToasts${Math.random().toString(36).slice(2)}`;
  await page.evaluate((name) => {
    // A notice may be reported twice (with its container, then by itself): each element counts once.
    const seen = new Set<Element>();
    Object.assign(window, { [name]: seen });
    new MutationObserver((changes) => {
      for (const added of changes.flatMap((change) => [...change.addedNodes])) {
        if (!(added instanceof Element)) continue;
        if (added.matches('.ant-message-notice')) seen.add(added);
        for (const notice of added.querySelectorAll('.ant-message-notice')) seen.add(notice);
      }
    }).observe(document.body, { childList: true, subtree: true });
  }, key);
  return () =>
    page.evaluate(
      (name) =>
        [...((window as unknown as Record<string, Set<Element>>)[name] ?? [])].map(
          (notice) => notice.textContent ?? '',
        ),
      key,
    );
}

/** The envelope of the next answer to an API call whose path ends with `path`. */
export async function nextEnvelope(
  page: Page,
  path: string,
): Promise<{ success: boolean; code: string; msg: string }> {
  const response = await page.waitForResponse((candidate) =>
    new URL(candidate.url()).pathname.endsWith(path),
  );
  return (await response.json()) as { success: boolean; code: string; msg: string };
}

/** Signs in on the login page the browser is already on and waits until the user's name shows. */
export async function signInHere(page: Page, account: Account, password = account.password): Promise<void> {
  await submitPasswordForm(page, account.username, password);
  await headerOf(page).getByText(account.name, { exact: true }).waitFor();
}

/** Opens the login page and signs in; the browser lands on the home page. */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto('/user/login');
  await signInHere(page, account);
  await expectAt(page, '/home');
}

/** Picks an item of the avatar dropdown in the header. */
export async function chooseFromAvatarMenu(page: Page, account: Account, item: string): Promise<void> {
  const entry = page.getByRole('menuitem', { name: item });
  // A lost click leaves the menu open; a taken one closes it once its fade and the next screen's
  // first paint are done, which beside two busy CPUs took over 2 s.
  await clickUntil(
    async () => {
      await headerOf(page).getByText(account.name, { exact: true }).hover();
      await entry.click();
    },
    () => entry.waitFor({ state: 'hidden', timeout: scaled(5000) }),
  );
}
