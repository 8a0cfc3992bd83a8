// Provisioning made visible (issue 41 §2): the super user's system tab lists the bundled registry's SCIM
// target (Harderwijk SCIM, served at /dev-scim/harderwijk/v2 by the development SCIM service provider that
// runs with DEV_IDP) with its counts and deliveries; a seeded role on app-wiki shows the target in its
// provisioning section, delivered once the worker has sent the development data (English and Dutch); and
// "send everything again" queues the target's groups and members, which are then all delivered again.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  ARTIFACTS_DIR,
  eventually,
  exactly,
  loginAs,
  pageShown,
  text,
  useConsole,
  visit,
} from '../harness/index.mjs';

const { journey } = useConsole();

const TARGET = 'Harderwijk SCIM';
const ROLE = 'Research Wiki Editors';

/** @param {'en' | 'nl'} lang */
const texts = (lang) => ({
  system: (/** @type {string} */ key) => text('system', key, { lang }),
  roles: (/** @type {string} */ key) => text('roles', key, { lang }),
});

/** Keeps a look at the screen for people reviewing the change (git-ignored, like failure artifacts). */
async function keepScreenshot(
  /** @type {import('playwright-core').Page} */ page,
  /** @type {string} */ name,
) {
  if (!process.env.E2E_SCREENSHOTS) return;
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS_DIR, `provisioning-${name}.png`), fullPage: true });
}

for (const lang of /** @type {const} */ (['en', 'nl'])) {
  const { system, roles } = texts(lang);
  const query = lang === 'nl' ? '?lang=nl' : '';

  journey(
    `the super user sees the SCIM target and its deliveries in the system area (${lang})`,
    async ({ page }) => {
      await loginAs(page, 'admin');
      await visit(page, `/system/provisioning${query}`, {
        ready: (p) => p.getByRole('rowheader', { name: new RegExp(`^${TARGET}`) }),
        name: `the provisioning tab (${lang})`,
      });
      assert.equal(
        await page.getByRole('tab', { selected: true }).textContent(),
        system('tabProvisioning'),
        'the Provisioning tab is the one shown',
      );
      const target = page
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${TARGET}`) }) });
      const row = await target.textContent();
      assert.match(row ?? '', /\/dev-scim\/harderwijk\/v2/, 'the target shows its URL');
      assert.match(row ?? '', new RegExp(system('provisioning.sends.groupsPatch').replace(/[()]/g, '\\$&')));
      await target.getByRole('button', { name: exactly(system('provisioning.resync')) }).waitFor();
      await page
        .getByRole('heading', {
          name: new RegExp(`^${system('provisioning.deliveriesTitle').split(' (')[0]}`),
        })
        .waitFor();
      await keepScreenshot(page, `system-${lang}`);
    },
  );

  journey(
    `a role on app-wiki shows its provisioning section, delivered (${lang})`,
    async ({ page }) => {
      await loginAs(page, 'admin');
      await page.goto(`/home/roles${query}`);
      await page.getByRole('searchbox').fill(ROLE);
      await page.getByRole('cell', { name: ROLE, exact: true }).click();
      const section = page.getByRole('region', { name: exactly(roles('provisioning.title')) });
      await pageShown(page, {
        ready: () => section.getByText(TARGET, { exact: true }),
        name: `a role's provisioning section (${lang})`,
      });
      // The dev seed's memberships are sent by the worker shortly after start: read the page again until then.
      const delivered = roles('provisioning.status.delivered');
      await eventually(
        async () => {
          // The language lives in the URL's lang (a reload of /roles/{id} alone is English again).
          await page.goto(`${new URL(page.url()).pathname}${query}`);
          await section.getByText(TARGET, { exact: true }).waitFor();
          const badge = (await section.locator('.roles-provisioning-status').textContent())?.trim();
          assert.equal(
            badge,
            delivered,
            `the role's provisioning at ${TARGET} is ${badge}, not ${delivered}`,
          );
        },
        { timeoutMs: 90_000, intervalMs: 2_000 },
      );
      await pageShown(page, { ready: () => section, name: `a role's provisioning delivered (${lang})` });
      assert.match((await section.textContent()) ?? '', /(\d+) (of|van) \1 /, 'every member delivered');
      await keepScreenshot(page, `role-${lang}`);
    },
    { timeout: 180_000 },
  );
}

journey(
  'sending everything again to the target queues it all, and all of it is delivered again',
  async ({ page }) => {
    const { system } = texts('en');
    await loginAs(page, 'admin');
    await visit(page, '/system/provisioning', {
      ready: (p) => p.getByRole('rowheader', { name: new RegExp(`^${TARGET}`) }),
      name: 'the provisioning tab',
    });
    const target = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${TARGET}`) }) });
    await target.getByRole('button', { name: exactly(system('provisioning.resync')) }).click();
    const dialog = page.getByRole('dialog', { name: exactly(system('provisioning.resyncTitle')) });
    await pageShown(page, { ready: () => dialog, name: 'the resend confirmation' });
    await dialog.getByRole('button', { name: exactly(system('provisioning.resyncConfirm')) }).click();
    const [before, after] = system('provisioning.resyncDone_other')
      .replace('{{name}}', TARGET)
      .split('{{count}}');
    const escape = (/** @type {string} */ value) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const flash = page.getByText(new RegExp(`^${escape(before)}(\\d+)${escape(after)}$`));
    const queued = Number(/(\d+)/.exec((await flash.textContent()) ?? '')?.[1]);
    // The development data: at least the role groups of app-wiki and app-gitlab and their members.
    assert.ok(queued >= 4, `${queued} deliveries were queued`);
    // The worker sends them all to the development SCIM provider, which answers every one.
    await eventually(
      async () => {
        await page.getByRole('button', { name: exactly(system('provisioning.refresh')) }).click();
        await page.getByText(system('provisioning.empty'), { exact: true }).waitFor({ timeout: 2_000 });
      },
      { timeoutMs: 90_000, intervalMs: 2_000 },
    );
    await pageShown(page, { name: 'the provisioning tab after a resend' });
  },
);
