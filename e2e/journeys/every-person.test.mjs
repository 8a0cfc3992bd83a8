// Issue 44, on a phone and in Dutch: every screen of every persona at 390 px wide, in English and in Dutch,
// is no wider than the screen (tables scroll in their own box, the header wraps, nothing sticks out), is
// titled after the page in its language, and on a Dutch page holds no English word beyond names, the
// development seed's data and the loanwords of docs/glossary.md. One browser context per persona and
// language; each screen is also checked by axe (pageShown). Screenshots of every screen are written to
// e2e/artifacts/every-person/ to look at.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  englishOnDutchPage,
  glossaryLoanwords,
  horizontalOverflow,
  seedStrings,
} from '../harness/every-person.mjs';
import {
  ARTIFACTS_DIR,
  exactly,
  loginAs,
  newContext,
  pageShown,
  text,
  useConsole,
} from '../harness/index.mjs';
import { api, roleIdByName } from '../support/api.mjs';

const { journey } = useConsole({ env: { PERFORMANCE_SEED_ALLOWED: 'true' } });

const PHONE = { width: 390, height: 844 };
const SHOTS = join(ARTIFACTS_DIR, 'every-person');
const ALLOWED = [...seedStrings(), ...glossaryLoanwords()];

/** @typedef {import('playwright-core').Page} Page */
/**
 * @typedef {object} Screen
 * @property {string | ((page: Page) => Promise<string>)} path
 * @property {(page: Page, lang: 'en' | 'nl') => Promise<void>} [then] opens something more to check
 * @property {(page: Page) => Promise<string[]>} [check] problems of this screen beyond the common ones
 */

/** The selected tab and the breadcrumb's current page name one thing alike (issue 44: they differed). */
async function tabNamedAsBreadcrumb(/** @type {Page} */ page) {
  const tab = (await page.getByRole('main').getByRole('tab', { selected: true }).first().innerText()).trim();
  const crumb = (await page.locator('main [aria-current="page"]').first().innerText()).trim();
  // A tab may show its count as a badge after its name.
  return tab.replace(/\s*\d+$/, '') === crumb ? [] : [`the tab "${tab}" is "${crumb}" in the breadcrumb`];
}

/** The first other user's profile, from the users tab (its ids are the database's). */
async function anotherProfile(/** @type {Page} */ page) {
  await page.goto('/home/users');
  const link = page.getByRole('main').getByRole('link', { name: 'Gina Guest', exact: true });
  return (await link.getAttribute('href')) ?? '/404';
}

/** Opens the delete-user dialog, so its texts are checked too, and closes it again with Escape. */
async function withDeleteDialog(/** @type {Page} */ page, /** @type {'en' | 'nl'} */ lang) {
  await page.getByRole('button', { name: exactly(text('shell', 'profile.delete', { lang })) }).click();
  await page.getByRole('alertdialog').waitFor();
}

/**
 * The accept link of a new invitation to the wiki role in `lang`, made by the admin logged in on `page`; the
 * link is read from the development mailbox (the outbox), as the invitee would read the mail.
 * @param {Page} page @param {'en' | 'nl'} lang
 */
async function acceptLinkOfNewInvitation(page, lang) {
  const email = `phone.${lang}.${Date.now()}@example.org`;
  const roleId = await roleIdByName(page, 'Research Wiki Editors');
  const created = await api(page, 'POST', 'invitations', {
    intendedAuthority: 'GUEST',
    invites: [email],
    roleIdentifiers: [roleId],
    language: lang,
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const mailbox = await page.request.get('/dev-mailbox');
  const row = `<td>${email}</td><td><a href="/dev-mailbox/`;
  const listing = await mailbox.text();
  const at = listing.indexOf(row);
  assert.ok(at >= 0, `the mail to ${email} in the development mailbox`);
  const id = /^\d+/.exec(listing.slice(at + row.length))?.[0];
  const mail = await (await page.request.get(`/dev-mailbox/${id}`)).text();
  const hash = /invitation\/accept\?hash=([A-Za-z0-9_~.-]+)/.exec(mail)?.[1];
  assert.ok(hash, `an accept link in the mail to ${email}`);
  return `/invitation/accept?hash=${hash}`;
}

/** The user menu, open (its button is the header's one disclosure, in either language). */
async function withUserMenu(/** @type {Page} */ page) {
  await page.getByRole('banner').locator('button[aria-expanded]').click();
  await page.locator('#user-menu-items').waitFor();
}

/** @type {Record<string, Screen[]>} */
const SCREENS = {
  admin: [
    { path: '/home/roles', then: withUserMenu },
    { path: '/home/users' },
    { path: '/home/applications' },
    { path: '/home/tokens' },
    { path: '/roles/1' },
    { path: '/roles/1/invitations' },
    { path: '/roles/1/maintainers' },
    { path: '/role/1' },
    { path: '/role/new' },
    { path: '/invitation/new' },
    { path: '/invitation/mine' },
    { path: '/applications/app-wiki' },
    { path: '/system/cron' },
    { path: '/system/invitations' },
    { path: '/system/unknownRoles' },
    { path: '/system/expiredUserRoles' },
    { path: '/system/expiringUserRoles' },
    { path: '/system/provisioning' },
    { path: '/system/institutionAdmins' },
    { path: '/system/applicationManagers' },
    { path: '/system/seed' },
    { path: '/audit-logs' },
    { path: '/profile' },
    { path: anotherProfile, then: withDeleteDialog },
    { path: '/tokens' },
    { path: '/this-page-does-not-exist' },
  ],
  'institution-admin': [
    { path: '/home/roles' },
    { path: '/home/applicationUsers' },
    { path: '/home/applications' },
    { path: '/home/tokens' },
    { path: '/home/applicationManagers' },
    { path: '/roles/1' },
    { path: '/role/new' },
    { path: '/profile' },
  ],
  'application-manager': [
    { path: '/home/roles' },
    { path: '/home/applications' },
    { path: '/home/applicationUsers' },
    { path: '/role/new' },
    { path: '/profile' },
  ],
  manager: [
    { path: '/home/roles', then: withUserMenu },
    { path: '/roles/1' },
    { path: '/roles/1/invitations', check: tabNamedAsBreadcrumb },
    { path: '/roles/1/maintainers', check: tabNamedAsBreadcrumb },
    { path: '/role/1' },
    { path: '/invitation/new' },
    { path: '/profile' },
  ],
  inviter: [
    { path: '/inviter' },
    { path: '/roles/1' },
    { path: '/invitation/new' },
    { path: '/invitation/mine' },
    { path: '/profile' },
  ],
  guest: [{ path: '/home/roles' }, { path: '/profile' }],
};

/**
 * Checks one screen as shown; returns what is wrong with it (nothing when it is right).
 * @param {Page} page
 * @param {'en' | 'nl'} lang
 * @param {string} name
 */
async function problemsOf(page, lang, name) {
  /** @type {string[]} */
  const problems = [];
  await page.screenshot({ path: join(SHOTS, `${name.replace(/[^\w-]+/g, '_')}.png`), fullPage: true });
  const { overflow, culprits } = await horizontalOverflow(page);
  if (overflow > 0) problems.push(`${overflow} px wider than the screen: ${culprits.join('; ')}`);
  const appName = text('shell', 'appName', { lang });
  const title = await page.title();
  if (!new RegExp(` – ${appName}$`).test(title) && title !== appName)
    problems.push(`title "${title}" is not "<page> – ${appName}"`);
  if (lang === 'nl') {
    if (/Access portal/.test(title)) problems.push(`English title "${title}"`);
    const english = await englishOnDutchPage(page, { allowed: ALLOWED });
    if (english.length > 0) problems.push(`English on a Dutch page: ${english.join('; ')}`);
  }
  return problems.map((problem) => `${name}: ${problem}`);
}

/**
 * Every screen of every persona in one language; all problems are reported together.
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseURL
 * @param {'en' | 'nl'} lang
 */
async function everyScreen(browser, baseURL, lang) {
  mkdirSync(SHOTS, { recursive: true });
  /** @type {string[]} */
  const problems = [];
  const locale = lang === 'nl' ? 'nl-NL' : 'en-GB';
  // The landing page first, before anyone logs in.
  {
    const context = await newContext(browser, baseURL, { viewport: PHONE, locale });
    const page = await context.newPage();
    await page.goto('/');
    await pageShown(page, {
      ready: (p) => p.getByRole('button', { name: exactly(text('shell', 'landing.login', { lang })) }),
      name: `the landing page (${lang}, 390 px)`,
    });
    problems.push(...(await problemsOf(page, lang, `${lang}-landing`)));
    await context.close();
  }
  for (const [persona, screens] of Object.entries(SCREENS)) {
    const context = await newContext(browser, baseURL, { viewport: PHONE, locale });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    // The identity provider's form is English whatever the console's language: log in from an English
    // landing page (?lang= decides that page only), the console then follows the browser's language.
    await loginAs(page, persona, { landing: '/?lang=en' });
    for (const screen of screens) {
      const path = typeof screen.path === 'string' ? screen.path : await screen.path(page);
      const name = `${lang}-${persona}-${path}`;
      await page.goto(path);
      await pageShown(page, {
        ready: (p) => p.locator('main :is(h1, h2, [role="tab"]):visible'),
        name: `${path} as ${persona} (${lang}, 390 px)`,
      });
      problems.push(...(await problemsOf(page, lang, name)));
      if (screen.check) problems.push(...(await screen.check(page)).map((problem) => `${name}: ${problem}`));
      if (screen.then) {
        await screen.then(page, lang);
        problems.push(...(await problemsOf(page, lang, `${name}-open`)));
        await page.keyboard.press('Escape');
      }
    }
    await context.close();
  }
  // The invitation accept page, as the invitee opens the mail's link (not logged in).
  {
    const admin = await newContext(browser, baseURL, { viewport: PHONE, locale });
    const adminPage = await admin.newPage();
    await loginAs(adminPage, 'admin', { landing: '/?lang=en' });
    const link = await acceptLinkOfNewInvitation(adminPage, lang);
    await admin.close();
    const context = await newContext(browser, baseURL, { viewport: PHONE, locale });
    const page = await context.newPage();
    await page.goto(link);
    await pageShown(page, {
      ready: (p) => p.getByRole('heading', { name: text('invitations', 'acceptTitle', { lang }) }),
      name: `the invitation accept page (${lang}, 390 px)`,
    });
    problems.push(...(await problemsOf(page, lang, `${lang}-invitee-accept`)));
    await context.close();
  }
  assert.deepEqual(problems, [], `Screens that do not fit a phone or are not Dutch:\n${problems.join('\n')}`);
}

journey(
  'every screen of every persona fits a 390 px phone, in English',
  async ({ browser, baseUrl }) => everyScreen(browser, baseUrl, 'en'),
  { timeout: 600_000 },
);

journey(
  'every screen of every persona fits a 390 px phone in Dutch, titled and written in Dutch',
  async ({ browser, baseUrl }) => everyScreen(browser, baseUrl, 'nl'),
  { timeout: 600_000 },
);

journey(
  "on a desktop in Dutch: the system invitations fit 1,280 px; another user's profile has its actions as buttons side by side",
  async ({ browser, baseUrl }) => {
    const context = await newContext(browser, baseUrl, { locale: 'nl-NL' });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    try {
      await loginAs(page, 'admin', { landing: '/?lang=en' });
      await page.goto('/system/invitations');
      await pageShown(page, {
        ready: (p) => p.getByRole('table'),
        name: 'all invitations in Dutch at 1,280 px',
      });
      const { overflow, culprits } = await horizontalOverflow(page);
      assert.equal(overflow, 0, `the system invitations are wider than 1,280 px: ${culprits.join('; ')}`);

      await page.goto(await anotherProfile(page));
      const history = page.getByRole('link', {
        name: exactly(text('shell', 'profile.history', { lang: 'nl' })),
      });
      const remove = page.getByRole('button', {
        name: exactly(text('shell', 'profile.delete', { lang: 'nl' })),
      });
      await pageShown(page, { ready: () => remove, name: "another user's profile in Dutch" });
      await page.screenshot({ path: join(SHOTS, 'nl-admin-profile-desktop.png') });
      const [historyBox, removeBox] = [await history.boundingBox(), await remove.boundingBox()];
      assert.ok(historyBox && removeBox, 'both actions show');
      assert.ok(Math.abs(historyBox.y - removeBox.y) < 4, 'History and Delete user sit on one line');
      assert.ok(removeBox.x > historyBox.x + historyBox.width, 'Delete user follows History');
      const look = await remove.evaluate((node) => {
        const style = getComputedStyle(node);
        return { background: style.backgroundColor, padding: parseFloat(style.paddingLeft) };
      });
      assert.notEqual(look.background, 'rgba(0, 0, 0, 0)', 'Delete user has the fill of a button');
      assert.ok(look.padding >= 8, 'Delete user has the padding of a button');
    } finally {
      await context.close();
    }
  },
);
