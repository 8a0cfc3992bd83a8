// Accessibility check of the page as it is now, with axe-core in the browser: serious and critical
// violations fail the journey, reported rule by rule with the offending elements.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const FAILING_IMPACTS = new Set(['serious', 'critical']);
const NODES_SHOWN = 5;

/**
 * @typedef {{ id: string, impact: string | null, help: string, helpUrl: string,
 *   nodes: { target: string, html: string, summary: string }[] }} Violation
 */

/** @param {import('playwright-core').Page} page */
async function injectAxe(page) {
  const present = await page.evaluate(() => 'axe' in window);
  if (present) return;
  try {
    await page.addScriptTag({ path: AXE_PATH });
  } catch (error) {
    // A Content-Security-Policy without 'unsafe-inline' (helmet's default) refuses the injected tag; the
    // DevTools protocol's evaluation is not subject to the page's policy, so the same source runs that way.
    if (!(error instanceof Error) || !/Content Security Policy/i.test(error.message)) throw error;
    await page.evaluate(readFileSync(AXE_PATH, 'utf8'));
  }
}

/**
 * Runs axe-core on the whole document; returns the serious and critical violations.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<Violation[]>}
 */
export async function seriousViolations(page) {
  await injectAxe(page);
  /** @type {Violation[]} */
  const violations = await page.evaluate(async () => {
    // @ts-expect-error axe is the global injected above
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map(
      (
        /** @type {{ id: string, impact: string | null, help: string, helpUrl: string, nodes: { target: unknown[], html: string, failureSummary?: string }[] }} */ v,
      ) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((n) => ({
          target: n.target.map(String).join(' '),
          html: n.html.slice(0, 200),
          summary: n.failureSummary ?? '',
        })),
      }),
    );
  });
  return violations.filter((v) => v.impact !== null && FAILING_IMPACTS.has(v.impact));
}

/** @param {Violation[]} violations */
export function formatViolations(violations) {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, NODES_SHOWN)
        .map(
          (n) =>
            `      at ${n.target}\n         ${n.html}\n         ${n.summary.replace(/\n/g, '\n         ')}`,
        );
      const more =
        v.nodes.length > NODES_SHOWN ? [`      … and ${v.nodes.length - NODES_SHOWN} more elements`] : [];
      return [`  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`, ...nodes, ...more].join('\n');
    })
    .join('\n');
}

/**
 * Fails when axe-core finds serious or critical violations on the page.
 * @param {import('playwright-core').Page} page
 * @param {string} where a human name for the page, used in the failure message
 */
export async function assertAccessible(page, where) {
  const violations = await seriousViolations(page);
  if (violations.length > 0) {
    throw new Error(
      `Accessibility: ${violations.length} serious/critical axe-core violation(s) on ${where} (${page.url()}):\n${formatViolations(violations)}`,
    );
  }
}
