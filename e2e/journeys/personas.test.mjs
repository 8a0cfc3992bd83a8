// Each persona logs in through the identity provider and lands on its own home: the right page, the right
// tabs, the right links in the user menu (spec §2 "Home tabs", "Header and shell", §6).
import assert from 'node:assert/strict';
import { eventually, loginAs, text, useConsole, userMenuLinks, visit } from '../harness/index.mjs';

const { journey } = useConsole();

const TAB = {
  roles: text('roles', 'tabRoles'),
  users: text('roles', 'tabUsers'),
  applications: text('roles', 'tabApplications'),
  applicationUsers: text('roles', 'tabApplicationUsers'),
  tokens: text('tokens', 'tab'),
  applicationManagers: text('system', 'tabApplicationManagers'),
};
const SYSTEM_LINK = text('system', 'menuLink');
const TOKENS_LINK = text('tokens', 'menuLink');

/**
 * The names of the home tabs, once they have settled (remotes contribute theirs after loading).
 * @param {import('playwright-core').Page} page
 * @param {string[]} expected
 */
async function expectTabs(page, expected) {
  const tablist = page.getByRole('tablist', { name: text('shell', 'home.tabsLabel') });
  await eventually(async () => {
    const names = (await tablist.getByRole('tab').allInnerTexts()).map((name) =>
      name.replace(/\s*\(?\d+\)?\s*$/, '').trim(),
    );
    assert.deepEqual([...names].sort(), [...expected].sort(), `home tabs are ${JSON.stringify(names)}`);
  });
}

/** @param {import('playwright-core').Page} page */
function pathname(page) {
  return new URL(page.url()).pathname;
}

journey(
  'the super user lands on home with roles, users, applications and tokens, and a system link',
  async ({ page }) => {
    await loginAs(page, 'admin');
    assert.match(pathname(page), /^\/home(\/roles)?$/);
    await expectTabs(page, [TAB.roles, TAB.users, TAB.applications, TAB.tokens]);
    const links = await userMenuLinks(page);
    assert.ok(
      links.includes(SYSTEM_LINK),
      `the user menu has a ${SYSTEM_LINK} link (it has ${JSON.stringify(links)})`,
    );
  },
);

journey(
  'the institution admin sees roles, application users, applications, application managers and tokens, no system link',
  async ({ page }) => {
    await loginAs(page, 'institution-admin');
    assert.match(pathname(page), /^\/home(\/roles)?$/);
    await expectTabs(page, [
      TAB.roles,
      TAB.applicationUsers,
      TAB.applications,
      TAB.applicationManagers,
      TAB.tokens,
    ]);
    const links = await userMenuLinks(page);
    assert.ok(
      !links.includes(SYSTEM_LINK),
      `no ${SYSTEM_LINK} link for an institution admin (menu: ${JSON.stringify(links)})`,
    );
  },
);

journey(
  'the application manager sees roles, applications and application users, and a tokens link, no system link',
  async ({ page }) => {
    await loginAs(page, 'application-manager');
    assert.match(pathname(page), /^\/home(\/roles)?$/);
    await expectTabs(page, [TAB.roles, TAB.applications, TAB.applicationUsers]);
    const links = await userMenuLinks(page);
    assert.ok(links.includes(TOKENS_LINK), `a ${TOKENS_LINK} link (menu: ${JSON.stringify(links)})`);
    assert.ok(!links.includes(SYSTEM_LINK), `no ${SYSTEM_LINK} link for an application manager`);
  },
);

journey('a manager sees only the roles tab and has a tokens link in the user menu', async ({ page }) => {
  await loginAs(page, 'manager');
  assert.match(pathname(page), /^\/home(\/roles)?$/);
  await expectTabs(page, [TAB.roles]);
  const links = await userMenuLinks(page);
  assert.ok(
    links.includes(TOKENS_LINK),
    `the user menu has a ${TOKENS_LINK} link (it has ${JSON.stringify(links)})`,
  );
  assert.ok(!links.includes(SYSTEM_LINK), `no ${SYSTEM_LINK} link for a manager`);
});

journey('an inviter is sent to the inviter home and has a tokens link in the user menu', async ({ page }) => {
  await loginAs(page, 'inviter');
  await page.waitForURL('**/inviter');
  const links = await userMenuLinks(page);
  assert.ok(
    links.includes(TOKENS_LINK),
    `the user menu has a ${TOKENS_LINK} link (it has ${JSON.stringify(links)})`,
  );
});

journey(
  'a guest sees the roles tab, named My applications, with its applications and no tokens link',
  async ({ page }) => {
    await loginAs(page, 'guest');
    assert.match(pathname(page), /^\/home(\/roles)?$/);
    // Issue 55: the tab, the page's heading and its title say what it shows.
    const mine = text('roles', 'tabMyApplications');
    await expectTabs(page, [mine]);
    await page.getByRole('heading', { level: 1, name: mine }).waitFor({ state: 'attached' });
    await eventually(async () => assert.equal(await page.title(), `${mine} – ${text('shell', 'appName')}`));
    // Spec §6: a guest is pointed to the applications it can access (the note is for a guest with none).
    await page
      .getByRole('heading', { level: 2, name: text('shared-ui', 'myApplications.title') })
      .waitFor({ state: 'visible' });
    const links = await userMenuLinks(page);
    assert.ok(
      !links.includes(TOKENS_LINK),
      `no ${TOKENS_LINK} link for a guest (menu: ${JSON.stringify(links)})`,
    );
    // Spec §2: /tokens sends guests to the not-found page.
    await visit(page, '/tokens', {
      ready: (p) => p.getByRole('heading', { name: text('shell', 'notFound.title') }),
      name: 'the tokens page as a guest',
    });
  },
);
