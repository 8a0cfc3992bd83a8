// Issue 55, the details a person trips over, in a real Chromium: on a 390 px phone the system area's tab
// strip shows its selected tab and a role's sideways-scrolling table says that it scrolls (and says
// nothing once the screen is wide enough); the page's one polite live region is there before a flash and
// the flash's words land in it; the environment band sits inside a landmark (axe's rule `region`); and the
// titles name the role's tab, the area's tab and the form, in English and in Dutch.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS_DIR, eventually, exactly, loginAs, text, useConsole, visit } from '../harness/index.mjs';

const { journey } = useConsole();
const PHONE = { width: 390, height: 844 };
const SHOTS = join(ARTIFACTS_DIR, 'phone-details');
mkdirSync(SHOTS, { recursive: true });

/** @typedef {import('playwright-core').Page} Page */

/** The page's polite live regions (the flash's one; a loader may add its own while it shows). */
const politeRegions = (/** @type {Page} */ page) => page.locator('[role="status"][aria-live="polite"]');

/** Axe's rule `region` alone (moderate, so the journeys' serious/critical check does not hold it). */
async function regionViolations(/** @type {Page} */ page) {
  return page.evaluate(async () => {
    // @ts-expect-error axe is the global pageShown injected
    const result = await window.axe.run(document, { runOnly: { type: 'rule', values: ['region'] } });
    return result.violations.flatMap((/** @type {{ nodes: { html: string }[] }} */ v) =>
      v.nodes.map((n) => n.html.slice(0, 120)),
    );
  });
}

journey(
  'on a 390 px phone: the selected system tab is in view, a scrolling role table says so, one live region, the band in a landmark',
  async ({ page }) => {
    /** @param {string} key */
    const s = (key) => text('system', key);
    /** @param {string} key */
    const r = (key) => text('roles', key);
    await loginAs(page, 'admin');

    // The live region is there, empty, before any message; the first flash puts its words into it.
    await visit(page, '/system/cron', {
      ready: (p) => p.getByRole('button', { name: exactly(s('cron.runCleanup')) }),
      name: 'the cron tab (390 px)',
    });
    assert.equal(await politeRegions(page).count(), 1, 'one polite live region before any message');
    const region = politeRegions(page).first();
    assert.equal((await region.textContent())?.trim(), '', 'the live region is empty before a message');
    const marked = await region.evaluate((node) => {
      node.setAttribute('data-e2e-before', 'yes');
      return true;
    });
    assert.ok(marked);
    await page.getByRole('button', { name: exactly(s('cron.runCleanup')) }).click();
    // The toast is drawn inside the region: its words appear there (once on the page).
    await region.getByText(s('cron.cleanupDone')).waitFor({ state: 'visible' });
    assert.equal(await page.getByText(s('cron.cleanupDone')).count(), 1, 'the flash once, in the region');
    assert.equal(
      await page.locator('[data-e2e-before="yes"][aria-live="polite"]').count(),
      1,
      'the same element that was there before the message',
    );
    assert.deepEqual(await regionViolations(page), [], 'all content inside landmarks (the environment band)');
    assert.equal(
      await page.getByRole('region', { name: text('shell', 'header.environmentLabel') }).count(),
      1,
      'the band is a landmark of its own',
    );

    // Every tab of the system area, opened by its URL: the selected one lies inside the strip.
    for (const tab of ['institutionAdmins', 'applicationManagers', 'expiringUserRoles', 'cron']) {
      await visit(page, `/system/${tab}`, {
        ready: (p) => p.getByRole('tab', { selected: true }),
        name: `the system tab ${tab} (390 px)`,
      });
      const strip = page.getByRole('main').getByRole('tablist').first();
      const selected = strip.getByRole('tab', { selected: true });
      await eventually(async () => {
        const outer = await strip.boundingBox();
        const inner = await selected.boundingBox();
        assert.ok(outer && inner, 'the strip and its selected tab are laid out');
        assert.ok(
          inner.x >= outer.x - 1 && inner.x + inner.width <= outer.x + outer.width + 1,
          `${tab}: the selected tab (${inner.x}–${inner.x + inner.width}) inside the strip (${outer.x}–${outer.x + outer.width})`,
        );
      });
      if (tab === 'applicationManagers')
        await page.screenshot({ path: join(SHOTS, 'system-applicationManagers-390.png') });
    }
    assert.deepEqual(await regionViolations(page), [], 'the band inside a landmark on the system area');

    // A role's members table is wider than a phone: a hint says so, and its box is a named focusable region.
    await visit(page, '/roles/1/maintainers', {
      ready: (p) => p.getByRole('main').getByRole('table'),
      name: 'a role page with its table (390 px)',
    });
    const hint = page.getByText(text('shared-ui', 'table.scrollHint'), { exact: true });
    await hint.first().waitFor({ state: 'visible' });
    const box = page
      .getByRole('main')
      .getByRole('region')
      .filter({ has: page.getByRole('table') })
      .first();
    assert.equal(await box.getAttribute('tabindex'), '0', 'the scrolling box is reached by Tab');
    assert.ok(
      (await box.getAttribute('aria-label'))?.startsWith(r('tabMaintainers')),
      'named after its list',
    );
    assert.ok(
      await box.evaluate((node) => node.scrollWidth > node.clientWidth),
      'the table does scroll sideways',
    );
    await page.screenshot({ path: join(SHOTS, 'role-maintainers-390.png') });
    assert.deepEqual(await regionViolations(page), [], 'the band inside a landmark on a role page');

    // Wide enough for the table: no hint, no extra tab stop.
    await page.setViewportSize({ width: 1600, height: 900 });
    await eventually(async () => assert.equal(await hint.count(), 0, 'no hint when the table fits'));
    assert.equal(
      await page.getByRole('main').getByRole('table').locator('xpath=..').getAttribute('tabindex'),
      null,
    );
  },
  { contextOptions: { viewport: PHONE } },
);

for (const lang of /** @type {const} */ (['en', 'nl'])) {
  journey(
    `(${lang}) titles name the role's tab, the area's tab and the form`,
    async ({ page }) => {
      /** @param {string} key @param {Record<string, string>} [values] */
      const r = (key, values) => text('roles', key, { lang, values });
      /** @param {string} key */
      const s = (key) => text('system', key, { lang });
      const app = text('shell', 'appName', { lang });
      // The identity provider's form is English whatever the language: log in from an English landing page
      // (?lang= decides that page only); the console then follows the browser's language.
      await loginAs(page, 'admin', { landing: '/?lang=en' });
      const title = async (/** @type {string} */ expected) =>
        eventually(async () => assert.equal(await page.title(), expected));

      await visit(page, '/roles/1/maintainers', {
        ready: (p) => p.getByRole('heading', { level: 1, name: 'Research Wiki Editors' }),
        name: `a role's tab (${lang})`,
      });
      await title(`${r('tabMaintainers')} – Research Wiki Editors – ${app}`);

      await visit(page, '/system/cron', {
        ready: (p) => p.getByRole('heading', { level: 1, name: s('systemTitle') }),
        name: `the system area (${lang})`,
      });
      await title(`${s('tabCron')} – ${s('systemTitle')} – ${app}`);

      const heading = r('roleFormEditTitle', { name: 'Research Wiki Editors' });
      await visit(page, '/role/1', {
        ready: (p) => p.getByRole('heading', { level: 1, name: heading }),
        name: `the role form (${lang})`,
      });
      await title(`${heading} – ${app}`);
    },
    { contextOptions: { locale: lang === 'nl' ? 'nl-NL' : 'en-GB' } },
  );
}
