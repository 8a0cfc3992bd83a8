// Roles remote, the administrators' journeys (spec §2 Home tabs, Role detail, Role form; §4 Impersonation;
// §5 Role form): an institution admin creates a role, a super user edits one and deletes another after
// reading its consequences, and a super user impersonates the manager from the users tab.
import assert from 'node:assert/strict';
import { exactly, loginAs, pageShown, text, useConsole } from '../harness/index.mjs';

const { journey } = useConsole();

/** @param {string} key @param {Record<string, string | number>} [values] */
const t = (key, values) => text('roles', key, { values });

/** @param {import('playwright-core').Page} page @param {string} message */
const flashed = (page, message) =>
  page.getByText(message, { exact: true }).first().waitFor({ state: 'visible' });

journey(
  'an institution admin creates a role for its own application and finds it on its home',
  async ({ page }) => {
    await loginAs(page, 'institution-admin');
    const newRole = page.getByRole('button', { name: exactly(t('newRole')) });
    await pageShown(page, { ready: () => newRole, name: "the institution admin's roles tab" });
    await newRole.click();
    const name = page.getByLabel(new RegExp(`^${t('name')}`));
    await pageShown(page, { ready: () => name, name: 'the new role form' });

    const roleName = `E2E Lab ${Date.now()}`;
    await name.fill(roleName);
    const shortName = roleName.toLowerCase().replace(/\s+/g, '_');
    await page
      .getByText(t('shortNamePreview', { shortName }), { exact: false })
      .waitFor({ state: 'visible' });
    await page.getByLabel(new RegExp(`^${t('description')}`)).fill('Assistants of the e2e lab.');
    // Only the institution's own applications are offered.
    const application = page.getByLabel(`${t('applicationField')} 1`);
    const offered = await application
      .locator('option')
      .evaluateAll((options) =>
        options.map((option) => /** @type {HTMLOptionElement} */ (option).value).filter(Boolean),
      );
    assert.deepEqual(offered.sort(), ['app-canvas', 'app-gitlab', 'app-library', 'app-wiki']);
    await application.selectOption('app-wiki');
    const landingPage = page.getByLabel(t('landingPage'));
    await landingPage.fill('https://wiki.example.org/e2e-lab');
    await landingPage.blur();
    await page.getByRole('button', { name: exactly(t('save')) }).click();

    await flashed(page, t('roleCreated', { name: roleName }));
    await page.waitForURL(/\/roles\/\d+$/);
    await pageShown(page, {
      ready: (p) => p.getByRole('heading', { level: 1, name: roleName }),
      name: 'the new role',
    });
    // Its application's logo: an image the server serves (the bundled registry names it by URL).
    const logo = page.locator('img.roles-logo').first();
    await logo.waitFor({ state: 'visible' });
    const shown = await logo.evaluate(async (img) => {
      const image = /** @type {HTMLImageElement} */ (img);
      // Loaded, or failed: whichever comes (decode() rejects when the image cannot be shown).
      const loaded = await image.decode().then(
        () => image.naturalWidth > 0,
        () => false,
      );
      return { src: new URL(image.src).pathname, loaded };
    });
    assert.deepEqual(shown, { src: '/registry/logos/app-wiki.svg', loaded: true });
    await page
      .getByText(`${text('roles', 'tabGuests')}`)
      .first()
      .waitFor({ state: 'visible' });

    await page
      .getByRole('navigation', { name: text('shared-ui', 'breadcrumb.label') })
      .getByRole('link', { name: t('home') })
      .click();
    const row = page.getByRole('row').filter({ hasText: roleName });
    await pageShown(page, { ready: () => row, name: 'the roles tab with the new role' });
  },
);

journey(
  'a super user edits a role, then deletes another after reading its consequences',
  async ({ page }) => {
    await loginAs(page, 'admin');
    const search = page.getByRole('searchbox');
    await pageShown(page, { ready: () => search, name: "the super user's roles tab" });

    await search.fill('Library');
    await page.getByRole('row').filter({ hasText: 'Library Visitors' }).click();
    await pageShown(page, {
      ready: (p) => p.getByRole('heading', { level: 1, name: 'Library Visitors' }),
      name: 'the role page of a super user',
    });
    await page.getByRole('link', { name: exactly(t('edit')) }).click();
    const description = page.getByLabel(new RegExp(`^${t('description')}`));
    await pageShown(page, { ready: () => description, name: 'the role form in edit mode' });
    const changed = `External visitors of the university library, edited ${Date.now()}.`;
    await description.fill(changed);
    await page.getByRole('button', { name: exactly(t('save')) }).click();
    await flashed(page, t('roleUpdated', { name: 'Library Visitors' }));
    await page.getByText(changed).waitFor({ state: 'visible' });

    await page.goto('/home/roles');
    await page.getByRole('searchbox').fill('Data Stewards');
    await page.getByRole('row').filter({ hasText: 'Data Stewards' }).click();
    await page.getByRole('link', { name: exactly(t('edit')) }).click();
    await page.getByRole('button', { name: exactly(t('delete')) }).click();
    const dialog = page.getByRole('alertdialog', { name: t('deleteRoleTitle') });
    await dialog.getByText(t('deleteRoleConsequences_other', { count: 2 })).waitFor({ state: 'visible' });
    for (const person of ['Eva Smit', 'Jens Bos'])
      await dialog.getByText(person).waitFor({ state: 'visible' });
    await pageShown(page, { name: 'the delete-role confirmation' });
    await dialog.getByRole('button', { name: exactly(t('delete')) }).click();
    await flashed(page, t('roleDeleted', { name: 'Data Stewards' }));
    await page.waitForURL((url) => url.pathname === '/home/roles');
    await page.getByRole('searchbox').fill('Data Stewards');
    await page.getByText(text('shared-ui', 'noEntities.roles')).waitFor({ state: 'visible' });
  },
);

journey('a super user impersonates the manager from the users tab and exits again', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.getByRole('tab', { name: exactly(t('tabUsers')) }).click();
  const search = page.getByRole('searchbox');
  // The roles tab (and its search box) stays on screen while the users tab's code loads: its heading.
  const heading = new RegExp(`^${t('usersTitle')} \\(\\d+\\)$`);
  await pageShown(page, { ready: (p) => p.getByRole('heading', { name: heading }), name: 'the users tab' });
  await search.fill('Max');
  const impersonate = page.getByRole('button', { name: t('impersonateUser', { name: 'Max Manager' }) });
  await impersonate.waitFor({ state: 'visible' });
  await impersonate.click();

  const banner = page.getByText(text('shell', 'impersonation.banner', { values: { name: 'Max Manager' } }));
  await banner.waitFor({ state: 'visible' });
  await flashed(page, t('impersonationStarted', { name: 'Max Manager' }));
  // The manager's home: its own roles, and no users tab.
  const ownRole = page.getByRole('row').filter({ hasText: 'Research Wiki Editors' });
  await pageShown(page, { ready: () => ownRole, name: "the manager's home while impersonating" });
  assert.equal(await page.getByRole('tab', { name: exactly(t('tabUsers')) }).count(), 0);

  await page.getByRole('button', { name: exactly(text('shell', 'impersonation.exit')) }).click();
  await banner.waitFor({ state: 'detached' });
  await page.getByRole('tab', { name: exactly(t('tabUsers')) }).waitFor({ state: 'visible' });
});

journey(
  "an institution admin browses its applications, an application's roles and the application users",
  async ({ page }) => {
    await loginAs(page, 'institution-admin');
    await page.getByRole('tab', { name: exactly(t('tabApplications')) }).click();
    const wiki = page.getByRole('row').filter({ hasText: 'Research Wiki' });
    await pageShown(page, { ready: () => wiki, name: 'the applications tab' });
    await wiki.click();
    await page.waitForURL((url) => url.pathname === '/applications/app-wiki');
    const role = page.getByRole('row').filter({ hasText: 'Research Wiki Editors' });
    await pageShown(page, { ready: () => role, name: 'the application page' });

    // New role from here starts with the application chosen.
    await page.getByRole('button', { name: exactly(t('newRole')) }).click();
    const application = page.getByLabel(`${t('applicationField')} 1`);
    await application.waitFor({ state: 'visible' });
    assert.equal(await application.inputValue(), 'app-wiki');
    await page.goBack();

    await page.goto('/home/applicationUsers');
    const gina = page.getByRole('row').filter({ hasText: 'Gina Guest' });
    await pageShown(page, { ready: () => gina, name: 'the application users tab' });
    await gina.getByRole('link', { name: 'Research Wiki Editors' }).click();
    await pageShown(page, {
      ready: (p) => p.getByRole('heading', { level: 1, name: 'Research Wiki Editors' }),
      name: 'the role page from the application users',
    });
  },
);
