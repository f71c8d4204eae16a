import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type * as AxeCore from 'axe-core';
import type { AxeResults, ImpactValue } from 'axe-core';

const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The WCAG 2.0 and 2.1 rules at levels A and AA: what the console promises. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Contrast that comes from the spec's own primary colour, which the console keeps: white text on a
 * primary button and primary-coloured text of a link button. A node is excused only when it matches
 * a selector here AND one of the two colours axe measured is the primary itself.
 */
export const primaryColour = '#1890ff';
export const allowedContrast: readonly { selector: string; reason: string }[] = [
  {
    selector: '.ant-btn-variant-solid.ant-btn-color-primary',
    reason: 'white on the spec primary #1890ff (3.4:1)',
  },
  {
    selector: '.ant-btn-variant-link.ant-btn-color-primary',
    reason: 'spec primary #1890ff text on a link button',
  },
  {
    selector: '.cfop-module-tabs .ant-menu-item-selected',
    reason: 'the active module tab, highlighted in the spec primary #1890ff',
  },
];

export interface Violation {
  readonly rule: string;
  readonly impact: ImpactValue;
  readonly help: string;
  readonly targets: readonly string[];
}

export interface Audit {
  readonly screen: string;
  /** Nodes per impact, excused contrast left out. */
  readonly counts: Readonly<Record<'critical' | 'serious' | 'moderate' | 'minor', number>>;
  readonly excused: number;
  /** Critical and serious violations, with the nodes that carry them. */
  readonly blocking: readonly Violation[];
}

/** Runs axe on what the page shows (or under `within`, a CSS selector) and sorts what it finds. */
export async function audit(page: Page, screen: string, within?: string): Promise<Audit> {
  // Evaluated rather than added as a script tag: the console's CSP (script-src 'self') refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await readFile(axeScript, 'utf8'));
  const found = await page.evaluate(
    async ({ tags, allowed, primary, scope }) => {
      const axe = (window as unknown as { axe: typeof AxeCore }).axe;
      const results: AxeResults = await axe.run(scope ?? document, {
        runOnly: { type: 'tag', values: tags },
        elementRef: true,
      });
      const excusable = (node: AxeResults['violations'][number]['nodes'][number]): boolean => {
        const colours = node.any.map((check) => check.data as { fgColor?: string; bgColor?: string } | null);
        const onPrimary = colours.some((data) => data?.fgColor === primary || data?.bgColor === primary);
        const element = node.element;
        return (
          onPrimary && element !== undefined && allowed.some((selector) => element.closest(selector) !== null)
        );
      };
      return results.violations.map((violation) => {
        const kept = violation.nodes.filter((node) => violation.id !== 'color-contrast' || !excusable(node));
        return {
          rule: violation.id,
          impact: violation.impact ?? 'minor',
          help: violation.help,
          targets: kept.map((node) => {
            const contrast = node.any[0]?.data as {
              fgColor?: string;
              bgColor?: string;
              contrastRatio?: number;
            } | null;
            const measured = contrast?.fgColor
              ? ` (${contrast.fgColor} on ${contrast.bgColor}, ${contrast.contrastRatio}:1)`
              : '';
            return node.target.join(' ') + measured;
          }),
          excused: violation.nodes.length - kept.length,
        };
      });
    },
    {
      tags: wcagTags,
      allowed: allowedContrast.map((entry) => entry.selector),
      primary: primaryColour,
      scope: within,
    },
  );
  const counts = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const violation of found) counts[violation.impact] += violation.targets.length;
  return {
    screen,
    counts,
    excused: found.reduce((sum, violation) => sum + violation.excused, 0),
    blocking: found
      .filter((violation) => violation.targets.length > 0)
      .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
      .map(({ rule, impact, help, targets }) => ({ rule, impact, help, targets })),
  };
}

/** The closing note's table: nodes per impact for each screen. */
export function countsTable(audits: readonly Audit[]): string {
  const rows = audits.map(
    ({ screen, counts, excused }) =>
      `| ${screen} | ${counts.critical} | ${counts.serious} | ${counts.moderate} | ${excused} |`,
  );
  return [
    '| screen | critical | serious | moderate | excused contrast |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
