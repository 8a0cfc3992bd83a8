// Issue 42, tried as a new user would: a guest is pointed to its applications (home and profile, English
// and Dutch) and its role cards lead nowhere it may not go; the environment band; the system area's
// "Unknown roles", institution admins and tidy-data jobs; the role form's dropdown looks usable; a deep
// link opened right after login stays; impersonating a manager leaves the tab bar and the last row in
// view; and the operator's /health, /ready and /metrics. Screenshots of each screen go to e2e/artifacts/.
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS_DIR, exactly, loginAs, pageShown, text, useConsole, visit } from '../harness/index.mjs';
import { api } from '../support/api.mjs';

const METRICS_TOKEN = 'journey-metrics-token-0123456789';
const { journey } = useConsole({ env: { METRICS_TOKEN, ENVIRONMENT: 'acceptance' } });

const ui = (/** @type {string} */ key, values = {}, lang = 'en') =>
  text('shared-ui', key, { values, lang: /** @type {'en' | 'nl'} */ (lang) });
/** @param {import('playwright-core').Page} page @param {string} name */
const shoot = (page, name) =>
  page.screenshot({ path: path.join(ARTIFACTS_DIR, `issue42-${name}.png`), fullPage: true });

journey("a guest's home lists the applications its roles open, in English and Dutch", async ({ page }) => {
  await loginAs(page, 'guest');
  const list = page.getByRole('region', { name: ui('myApplications.title') });
  await pageShown(page, { ready: () => list, name: "the guest's home" });
  const go = list.getByRole('link', { name: `${ui('myApplications.goTo')} Research Wiki` });
  assert.match((await go.getAttribute('href')) ?? '', /^https:\/\//);
  assert.equal(await go.getAttribute('target'), '_blank');
  assert.ok((await list.getByRole('listitem').count()) >= 3, 'the seeded guest holds three roles');
  assert.equal(await page.getByText(text('roles', 'guestNote')).count(), 0);
  await shoot(page, 'guest-home-en');

  await page.goto('/home?lang=nl');
  const dutch = page.getByRole('region', { name: ui('myApplications.title', {}, 'nl') });
  await pageShown(page, { ready: () => dutch, name: "the guest's home in Dutch" });
  await dutch.getByRole('link', { name: `${ui('myApplications.goTo', {}, 'nl')} Onderzoekswiki` }).waitFor();
  await shoot(page, 'guest-home-nl');
});

journey(
  "a guest's profile shows its applications and no Details link to a page it may not open",
  async ({ page }) => {
    await loginAs(page, 'guest');
    await visit(page, '/profile', {
      ready: (p) => p.getByRole('region', { name: ui('myApplications.title') }),
      name: "the guest's profile",
    });
    const details = page.getByRole('link', {
      name: new RegExp(`^${text('shell', 'profile.roleDetailsLabel').split('{{name}}')[0]}`),
    });
    assert.equal(await details.count(), 0);
    await shoot(page, 'guest-profile');
  },
);

journey('the header shows the environment as a band, in both languages', async ({ page }) => {
  await loginAs(page, 'manager');
  const band = page
    .getByRole('note')
    .filter({ hasText: text('shell', 'header.environment', { values: { environment: 'acceptance' } }) });
  await band.waitFor({ state: 'visible' });
  await page.goto('/home?lang=nl');
  await page
    .getByText(text('shell', 'header.environment', { lang: 'nl', values: { environment: 'acceptance' } }))
    .waitFor({ state: 'visible' });
  await shoot(page, 'environment-band-nl');
});

journey(
  'a super user sees unknown roles, the institution admins and runs the tidy jobs',
  async ({ page }) => {
    await loginAs(page, 'admin');
    await visit(page, '/system/unknownRoles', {
      ready: (p) => p.getByRole('tab', { name: exactly(text('system', 'tabUnknownRoles')) }),
      name: 'the unknown roles tab',
    });
    assert.equal(text('system', 'tabUnknownRoles'), 'Unknown roles');

    await page.getByRole('tab', { name: exactly(text('system', 'tabInstitutionAdmins')) }).click();
    const harderwijk = page.getByRole('list', {
      name: text('system', 'institutionAdmins.adminsOf', { values: { name: 'Universiteit Harderwijk' } }),
    });
    await pageShown(page, { ready: () => harderwijk, name: 'the institution admins tab' });
    await harderwijk.getByRole('link').first().waitFor();
    await shoot(page, 'institution-admins');

    await page.getByRole('tab', { name: exactly(text('system', 'tabCron')) }).click();
    await page.getByRole('button', { name: exactly(text('system', 'cron.runAuditRetention')) }).click();
    await page.getByText(/^\d+ audit rows? removed \(older than 365 days\)\.$/).waitFor();
    await page.getByRole('button', { name: exactly(text('system', 'cron.runInactiveUsers')) }).click();
    await page
      .getByText(/^Users removed: \d+, memberships removed with them: \d+ \(limit: 1000 days\)\.$/)
      .waitFor();
    await pageShown(page, { name: 'the cron tab with a tidy result' });
    await shoot(page, 'cron-tidy');
  },
);

journey("the role form's application dropdown looks usable, not disabled", async ({ page }) => {
  await loginAs(page, 'admin');
  await visit(page, '/role/new', {
    ready: (p) => p.getByRole('combobox').first(),
    name: 'the new role form',
  });
  const select = page.locator('.sds--dropdown select:not(:disabled)').first();
  const background = await select.evaluate((el) => getComputedStyle(el).backgroundColor);
  assert.equal(background, 'rgb(255, 255, 255)');
  await shoot(page, 'role-form');
});

journey('a deep link opened right after login stays where it is', async ({ page, context }) => {
  await loginAs(page, 'admin');
  // What lingers when another tab's login has not landed yet: the location that login saved.
  await page.evaluate(() => localStorage.setItem('location', '/home'));
  const other = await context.newPage();
  await other.goto('/system/cron');
  // Startup decides where the page goes and the console shows only once that is followed; then the page
  // settles (no request in flight, no loader): nothing is left that could still move it.
  await pageShown(other, {
    ready: (p) => p.getByRole('button', { name: exactly(text('system', 'cron.runCleanup')) }),
    name: 'the cron tab opened in another tab',
  });
  assert.equal(new URL(other.url()).pathname, '/system/cron');
  // The saved location stays for the login that saved it.
  assert.equal(await other.evaluate(() => localStorage.getItem('location')), '/home');
});

journey(
  'impersonating a manager keeps the tab bar clear of the breadcrumb and the last row above the toast',
  async ({ page }) => {
    await loginAs(page, 'admin');
    await page.getByRole('tab', { name: exactly(text('roles', 'tabUsers')) }).click();
    // The roles tab (and its search box) stays on screen while the users tab's code loads.
    await page
      .getByRole('heading', { name: new RegExp(`^${text('roles', 'usersTitle')} \\(\\d+\\)$`) })
      .waitFor();
    await page.getByRole('searchbox').fill('Max');
    const impersonate = page.getByRole('button', {
      name: text('roles', 'impersonateUser', { values: { name: 'Max Manager' } }),
    });
    await impersonate.click();
    // The toast's wrapper has no box of its own (the design system's toaster inside is placed): its text.
    const toast = page
      .locator('.ui-flash-toast')
      .getByText(text('roles', 'impersonationStarted', { values: { name: 'Max Manager' } }));
    await toast.waitFor({ state: 'visible' });
    await page.getByRole('row').filter({ hasText: 'Research Wiki Editors' }).waitFor();
    const breadcrumb = await page.locator('.shell-main nav').first().boundingBox();
    const tabs = await page.getByRole('tablist').first().boundingBox();
    assert.ok(
      breadcrumb && tabs && tabs.y >= breadcrumb.y + breadcrumb.height + 8,
      `the tab bar sits clear below the breadcrumb (${JSON.stringify({ breadcrumb, tabs })})`,
    );
    // A window the table fills: scrolled to the end, the last row stays above the toast.
    await page.setViewportSize({ width: 1280, height: 560 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const row = await page.getByRole('row').last().boundingBox();
    const box = await toast.boundingBox();
    assert.ok(
      row && box && row.y + row.height <= box.y - 12,
      `the toast leaves the last row visible (${JSON.stringify({ row, box })})`,
    );
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'issue42-impersonating-scrolled.png') });
  },
);

journey('the operator probes /health, /ready and /metrics', async ({ page, baseUrl }) => {
  const get = (/** @type {string} */ p, headers = {}) => fetch(`${baseUrl}${p}`, { headers });
  assert.deepEqual(await (await get('/health')).json(), { status: 'UP' });
  const ready = await (await get('/ready')).json();
  // Ready with the registry snapshot every instance decides with, read without error.
  assert.equal(ready.status, 'UP');
  assert.equal(ready.registry.lastError, null);
  assert.equal(ready.registry.versionInUse, ready.registry.version);
  assert.ok(ready.registry.version >= 1);
  assert.equal((await get('/metrics')).status, 401);
  await loginAs(page, 'guest');
  const metrics = await (await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).text();
  assert.match(
    metrics,
    /portal_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/users\/me",status="200"\}/,
  );
  assert.match(metrics, /portal_db_pool_connections\{state="total"\}/);
  const refused = await api(page, 'GET', 'system/unknown-roles');
  assert.equal(refused.status, 403);
});
