import type { Locator, Page } from 'playwright-core';

/** The operations dashboard's route. */
export const dashboardPath = '/data/operations';

/** A figure card's value, by its key (data-kpi). */
export function kpi(page: Page, key: string): Locator {
  return page.locator(`[data-kpi="${key}"] .ant-statistic-content-value`);
}

/** A ranked row naming `name`, in the card titled `title`. */
export function rankedRow(page: Page, title: string, name: string): Locator {
  return page
    .locator('.ant-card')
    .filter({ has: page.locator('.ant-card-head-title', { hasText: title }) })
    .locator('.cfop-dashboard-top-row')
    .filter({ hasText: name });
}
