import type { Locator, Page } from 'playwright-core';
import { apiHeaders, signedInToken } from './api';
import { eventually, headerOf } from './screen';

/** The alert wall's route and the levels alerts are raised at, lowest first. */
export const screenPath = '/monitor/ai';
export const levels = ['low', 'medium', 'high', 'critical'] as const;

/** The wall's feed of cards. */
export function wall(page: Page): Locator {
  return page.getByRole('feed');
}

/** The card of an alert, by its id. */
export function card(page: Page, id: number): Locator {
  return page.locator(`[data-alert-id="${id}"]`);
}

/** The header bell. */
export function bellOf(page: Page): Locator {
  return headerOf(page).locator('.cfop-bell');
}

/** The bell's count; it shows one once the server answered, which it asks when the live stream is open. */
export async function bellCount(page: Page): Promise<number> {
  const bell = bellOf(page);
  await eventually(() => bell.getAttribute('data-pending'), 'the bell knows its count').not.toBeNull();
  return Number(await bell.getAttribute('data-pending'));
}

/** How many alerts the server holds pending, asked outside the console. */
async function serverPendingTotal(page: Page): Promise<number> {
  const token = await signedInToken(page);
  const response = await page.request.get('/cfop/alerts?status=pending&pageSize=1', {
    headers: apiHeaders(page, token),
  });
  return ((await response.json()) as { data: { total: number } }).data.total;
}

/**
 * Waits until the bell counts what the server holds pending. Other test files raise alerts on the
 * same server meanwhile, so a count before and after cannot be compared; the two agree once the
 * live feed has caught up.
 */
export async function bellAgreesWithServer(page: Page): Promise<void> {
  await eventually(async () => {
    const shown = await bellCount(page);
    return shown === (await serverPendingTotal(page));
  }, 'the bell counts what the server holds pending').toBe(true);
}

/** The counter of one level's pending alerts above the wall. */
export function levelCounter(page: Page, level: (typeof levels)[number]): Locator {
  return page.locator(`.cfop-alert-level-count[data-level="${level}"]`);
}

/** The ids of the cards on the wall, in the order shown. */
export function shownAlertIds(page: Page): Promise<number[]> {
  return wall(page)
    .locator('article')
    .evaluateAll((cards) => cards.map((one) => Number(one.getAttribute('data-alert-id'))));
}

/** The id of the card that has the keyboard focus, or null. */
export function focusedAlertId(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const id = document.activeElement?.getAttribute('data-alert-id');
    return id ? Number(id) : null;
  });
}

/** The visible drawer showing the details of an alert of type `alertLabel`. */
export function alertDrawer(page: Page, alertLabel: string): Locator {
  return page.locator('.ant-drawer-section:visible').filter({ hasText: `告警详情 · ${alertLabel}` });
}
