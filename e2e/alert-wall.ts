import type { Locator, Page } from 'playwright-core';

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
