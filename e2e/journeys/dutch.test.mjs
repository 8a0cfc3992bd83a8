// Every remote's screens in Dutch (issues 9, 10 and 12: en and nl, axe clean): the harness runs axe-core
// on each page shown, so a Dutch label that no longer contains its visible text (or any other serious
// finding that only the Dutch texts cause) fails here.
import { exactly, loginAs, pageShown, text, useConsole } from '../harness/index.mjs';

const { journey } = useConsole({ env: { PERFORMANCE_SEED_ALLOWED: 'true' } });

/** The Dutch text of a key of `namespace`. @param {Parameters<typeof text>[0]} namespace */
const inDutch = (namespace) => (/** @type {string} */ key) => text(namespace, key, { lang: 'nl' });
/** A heading "<title> (<count>)". @param {string} title */
const counted = (title) => new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d+\\)$`);

journey(
  'the roles screens in Dutch: home tabs, a role page, its maintainers, the role form',
  async ({ page }) => {
    const nl = inDutch('roles');
    await loginAs(page, 'admin');
    await page.goto('/home/roles?lang=nl');
    await pageShown(page, {
      ready: (p) => p.getByRole('heading', { name: counted(nl('rolesTitle')) }),
      name: 'the roles tab in Dutch',
    });
    for (const [tab, title] of [
      ['tabUsers', 'usersTitle'],
      ['tabApplications', 'applicationsTitle'],
    ]) {
      await page.getByRole('tab', { name: exactly(nl(tab)) }).click();
      await pageShown(page, {
        ready: (p) => p.getByRole('heading', { name: counted(nl(title)) }),
        name: `the ${tab} tab in Dutch`,
      });
    }
    await page.getByRole('tab', { name: exactly(nl('tabRoles')) }).click();
    // The tab shown before keeps its own search box on screen until the roles tab is there.
    await page.getByRole('heading', { name: counted(nl('rolesTitle')) }).waitFor();
    await page.getByRole('searchbox').fill('Research Wiki Editors');
    await page.getByRole('cell', { name: 'Research Wiki Editors', exact: true }).click();
    await pageShown(page, {
      ready: (p) => p.getByRole('heading', { name: counted(nl('guestsTitle')) }),
      name: 'a role page in Dutch',
    });
    await page.getByRole('tab', { name: exactly(nl('tabMaintainers')) }).click();
    await pageShown(page, {
      ready: (p) => p.getByRole('heading', { name: counted(nl('maintainersTitle')) }),
      name: "a role's maintainers in Dutch",
    });
    await page.getByRole('link', { name: exactly(nl('edit')) }).click();
    await pageShown(page, {
      ready: (p) => p.getByLabel(new RegExp(`^${nl('name')}`)),
      name: 'the role form in Dutch',
    });
  },
);

journey(
  "the invitation screens in Dutch: the form, a role's invitations, my invitations",
  async ({ page }) => {
    const nl = inDutch('invitations');
    await loginAs(page, 'admin');
    await page.goto('/invitation/new?lang=nl');
    await pageShown(page, {
      ready: (p) => p.getByRole('button', { name: exactly(nl('form.invite')) }),
      name: 'the invitation form in Dutch',
    });
    await page.goto('/roles/1/invitations?lang=nl');
    await pageShown(page, {
      ready: (p) => p.getByRole('tab', { name: exactly(nl('tabInvitations')), selected: true }),
      name: "a role's invitations in Dutch",
    });
    await page.goto('/invitation/mine?lang=nl');
    await pageShown(page, { ready: (p) => p.getByRole('main'), name: 'my invitations in Dutch' });
  },
);

journey('the system area and the audit trail in Dutch: every tab', async ({ page }) => {
  const nl = inDutch('system');
  await loginAs(page, 'admin');
  await page.goto('/system?lang=nl');
  await pageShown(page, {
    ready: (p) => p.getByRole('button', { name: exactly(nl('cron.runCleanup')) }),
    name: 'the cron tab in Dutch',
  });
  for (const tab of ['tabUnknownRoles', 'tabExpiredUserRoles', 'tabExpiringUserRoles', 'tabSeed']) {
    await page.getByRole('tab', { name: exactly(nl(tab)) }).click();
    await pageShown(page, {
      ready: (p) => p.getByRole('tab', { name: exactly(nl(tab)), selected: true }),
      name: `the ${tab} tab in Dutch`,
    });
  }
  await page
    .getByRole('tab', { name: exactly(text('invitations', 'tabInvitations', { lang: 'nl' })) })
    .click();
  await pageShown(page, { ready: (p) => p.getByRole('table'), name: 'all invitations in Dutch' });
  await page.goto('/audit-logs?lang=nl');
  await pageShown(page, {
    ready: (p) => p.getByRole('heading', { level: 1, name: exactly(nl('audit.title')) }),
    name: 'the audit trail in Dutch',
  });
});

journey(
  "a first visit in the lang cookie's language, which the server gives the page with it",
  async ({ page }) => {
    const login = (/** @type {'en' | 'nl'} */ lang) => {
      const name = exactly(text('shared-ui', 'header.login', { lang }));
      return page.getByRole('button', { name }).or(page.getByRole('link', { name })).first();
    };
    // No lang query: the cookie decides over the browser's language (spec §1).
    await page.goto('/');
    await login('en').waitFor();
    const origin = new URL(page.url()).origin;
    await page.context().addCookies([{ name: 'lang', value: 'nl', url: origin }]);
    await page.goto('/');
    await login('nl').waitFor();
    // As the server read the cookie for this page.
    const carried = page.locator('head meta[name="portal-lang-cookie"]');
    if ((await carried.getAttribute('content')) !== 'nl')
      throw new Error('the page does not carry the cookie');
    await page.context().addCookies([{ name: 'lang', value: 'en', url: origin }]);
    await page.goto('/?lang=nl');
    await login('nl').waitFor();
    await page.goto('/');
    await login('en').waitFor();
  },
);
