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

// The console's Content-Security-Policy allows scripts from its own origin only, so an inline tag would be
// refused; axe-core is served to the page from a same-origin path that only this browser context answers.
export const AXE_ROUTE_PATH = '/__e2e__/axe.min.js';
/** @type {WeakSet<import('playwright-core').Page>} */
const routed = new WeakSet();

/** @param {import('playwright-core').Page} page */
async function injectAxe(page) {
  const present = await page.evaluate(() => 'axe' in window);
  if (present) return;
  if (!routed.has(page)) {
    routed.add(page);
    const source = readFileSync(AXE_PATH);
    await page.route(`**${AXE_ROUTE_PATH}`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: source }),
    );
  }
  const origin = new URL(page.url()).origin;
  if (origin.startsWith('http')) await page.addScriptTag({ url: `${origin}${AXE_ROUTE_PATH}` });
  else await page.addScriptTag({ path: AXE_PATH });
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
    if (process.env.E2E_A11Y === 'warn') {
      // For exploring other failures locally while an accessibility fix is pending; never the default.
      process.stderr.write(
        `[e2e a11y] ${violations.length} violation(s) on ${where}: ${violations.map((v) => v.id).join(', ')}\n`,
      );
      return;
    }
    throw new Error(
      `Accessibility: ${violations.length} serious/critical axe-core violation(s) on ${where} (${page.url()}):\n${formatViolations(violations)}`,
    );
  }
}
