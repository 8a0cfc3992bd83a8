// Application managers (issue 53 part 1), in English and in Dutch: the application-manager persona runs the
// roles of its application (Library Visitors) and only sees the one that also opens another application
// (Course Teachers); an institution admin invites an application manager from the invitation form, the
// invitee accepts through the mail's link and manages the application, and the institution admin removes
// the right from the application managers tab with a confirmation, which holds from the invitee's next
// request. The super user finds the application managers in the system area.
import assert from 'node:assert/strict';
import { after } from 'node:test';
import {
  eventually,
  exactly,
  freePort,
  loginAs,
  newContext,
  pageShown,
  text,
  useConsole,
  visit,
} from '../harness/index.mjs';
import { api } from '../support/api.mjs';
import { acceptLink, startSmtp } from '../support/smtp.mjs';

const smtp = await startSmtp(await freePort());
after(() => smtp.close());
const { journey } = useConsole({ env: { SMTP_URL: smtp.url } });

/** The names of the home tabs, once they have settled (remotes contribute theirs after loading). */
async function homeTabs(/** @type {import('playwright-core').Page} */ page, /** @type {'en' | 'nl'} */ lang) {
  const tablist = page.getByRole('tablist', { name: text('shell', 'home.tabsLabel', { lang }) });
  await tablist.getByRole('tab').first().waitFor();
  return (await tablist.getByRole('tab').allInnerTexts())
    .map((name) => name.replace(/\s*\(?\d+\)?\s*$/, '').trim())
    .sort();
}

for (const lang of /** @type {const} */ (['en', 'nl'])) {
  /** @param {string} key @param {Record<string, string | number>} [values] */
  const r = (key, values) => text('roles', key, { lang, values });
  /** @param {string} key @param {Record<string, string | number>} [values] */
  const i = (key, values) => text('invitations', key, { lang, values });
  /** @param {string} key @param {Record<string, string | number>} [values] */
  const s = (key, values) => text('system', key, { lang, values });
  const library = lang === 'nl' ? 'Universiteitsbibliotheek' : 'University Library';

  journey(
    `(${lang}) the application manager runs the roles of its application, and sees one that also opens another`,
    async ({ page }) => {
      await loginAs(page, 'application-manager');
      await visit(page, `/home/roles?lang=${lang}`, {
        ready: (p) => p.getByRole('link', { name: 'Library Visitors' }),
        name: 'the roles tab of the application manager',
      });
      await eventually(async () =>
        assert.deepEqual(
          await homeTabs(page, lang),
          [r('tabApplicationUsers'), r('tabApplications'), r('tabRoles')].sort(),
        ),
      );
      // Course Teachers also opens the learning environment: listed, but no link to run it.
      await page.getByText('Course Teachers').first().waitFor();
      assert.equal(await page.getByRole('link', { name: 'Course Teachers' }).count(), 0);
      const newRole = exactly(r('newRole'));
      await page
        .getByRole('button', { name: newRole })
        .or(page.getByRole('link', { name: newRole }))
        .waitFor();
      await pageShown(page, { name: 'the roles tab of the application manager' });

      await page.getByRole('link', { name: 'Library Visitors' }).click();
      await page.getByRole('heading', { level: 1, name: 'Library Visitors' }).waitFor();
      await page.getByRole('link', { name: exactly(r('edit')) }).waitFor();
      await pageShown(page, { name: 'the role page of its own application' });

      const roles = (await api(page, 'GET', 'roles')).body.content;
      const teachers = roles.find((/** @type {any} */ role) => role.name === 'Course Teachers');
      assert.ok(teachers, 'the application manager sees Course Teachers');
      await visit(page, `/roles/${teachers.id}?lang=${lang}`, {
        ready: (p) => p.getByRole('heading', { level: 1, name: 'Course Teachers' }),
        name: 'the role page of a role that also opens another application',
      });
      assert.equal(await page.getByRole('link', { name: exactly(r('edit')) }).count(), 0);
      assert.equal((await api(page, 'DELETE', `roles/${teachers.id}`)).status, 403);

      await visit(page, `/home/applications?lang=${lang}`, {
        ready: (p) => p.getByText(library).first(),
        name: 'the applications tab of the application manager',
      });
      assert.equal((await api(page, 'GET', 'users/search')).status, 403, 'no users tab for it');
    },
  );

  journey(
    `(${lang}) an institution admin invites an application manager, who accepts; the removal holds at once`,
    async ({ page, browser, baseUrl }) => {
      await loginAs(page, 'institution-admin');
      const email = `desk.${lang}.${Date.now()}@example.org`;
      await visit(page, `/invitation/new?lang=${lang}`, {
        ready: (p) => p.getByRole('heading', { name: i('invitationNewTitle') }),
        name: 'the invitation form',
      });
      await page
        .getByRole('combobox', { name: i('form.authority') })
        .selectOption({ label: text('shared-ui', 'authorities.APPLICATION_MANAGER', { lang }) });
      const applications = page.getByRole('combobox', { name: `${i('form.applications')} *` });
      await applications.waitFor();
      assert.equal(await page.getByRole('combobox', { name: `${i('form.roles')} *` }).count(), 0, 'no roles');
      // Invite without an application first: the form says what is missing.
      const invitees = page.getByRole('textbox', { name: new RegExp(`^${i('form.invitees')}`) });
      await invitees.fill(email);
      await invitees.press('Enter');
      await page.getByRole('button', { name: exactly(i('form.invite')) }).click();
      await page.getByText(i('form.requiredApplication')).waitFor();
      await applications.selectOption({ label: library });
      await pageShown(page, { name: 'the invitation form for an application manager' });
      await page.getByRole('button', { name: exactly(i('form.invite')) }).click();
      // The form goes back where it came from; the mail says the invitation went out.

      const link = acceptLink(await smtp.waitForMail(email));
      const context = await newContext(browser, baseUrl);
      context.setDefaultTimeout(15_000);
      try {
        const invitee = await context.newPage();
        await invitee.goto(`${link}&lang=${lang}`);
        await pageShown(invitee, {
          ready: (p) => p.getByRole('heading', { name: i('acceptTitle') }),
          name: 'the accept page of an application manager invitation',
        });
        // It names the application the invitee will manage.
        await invitee
          .getByRole('list', { name: i('accept.applications') })
          .getByText(library, { exact: true })
          .waitFor();
        await invitee.getByRole('button', { name: exactly(i('accept.loginToAccept')) }).click();
        const username = invitee.getByLabel('Username or e-mail');
        await username.waitFor({ state: 'visible' });
        await username.fill(email);
        await invitee.getByRole('button', { name: exactly('Log in') }).click();
        await invitee.waitForURL((url) => url.pathname.startsWith('/home'), { timeout: 20_000 });
        const me = await eventually(async () => {
          const me = (await api(invitee, 'GET', 'users/me')).body;
          assert.equal(me.highestAuthority, 'APPLICATION_MANAGER');
          assert.deepEqual(
            me.managedApplications.map((/** @type {any} */ app) => app.id),
            ['app-library'],
          );
          return me;
        });

        // The institution admin removes the right, after a confirmation.
        // The list names them as the identity provider did (else by e-mail).
        const name = me.name ?? email;
        await visit(page, `/home/applicationManagers?lang=${lang}`, {
          ready: (p) => p.getByRole('heading', { level: 2, name: s('applicationManagers.title') }),
          name: 'the application managers tab of the institution admin',
        });
        const remove = page.getByRole('button', { name: s('applicationManagers.removeLabel', { name }) });
        await remove.waitFor();
        await pageShown(page, { name: 'the application managers tab with the new one' });
        await remove.click();
        const dialog = page.getByRole('alertdialog');
        await dialog
          .getByText(s('applicationManagers.removeQuestion', { name, applications: library }))
          .waitFor();
        await pageShown(page, { name: 'the removal dialog' });
        await dialog.getByRole('button', { name: exactly(s('applicationManagers.remove')) }).click();
        await page.getByText(s('applicationManagers.removed', { name })).waitFor();
        await eventually(async () => assert.equal(await remove.count(), 0, 'gone from the list'));

        // From the invitee's next request on, they manage nothing.
        const after = (await api(invitee, 'GET', 'users/me')).body;
        assert.deepEqual(after.managedApplications, []);
        assert.notEqual(after.highestAuthority, 'APPLICATION_MANAGER');
      } finally {
        await context.close();
      }
    },
  );
}

journey('the super user finds the application managers in the system area', async ({ page }) => {
  await loginAs(page, 'admin');
  await visit(page, '/system/applicationManagers', {
    ready: (p) => p.getByRole('link', { name: 'Abel Application' }),
    name: 'the application managers of the system area',
  });
  await page
    .getByRole('list', {
      name: text('system', 'applicationManagers.applicationsOf', { values: { name: 'Abel Application' } }),
    })
    .getByText(/University Library/)
    .waitFor();
  await page
    .getByRole('button', {
      name: text('system', 'applicationManagers.removeLabel', { values: { name: 'Abel Application' } }),
    })
    .waitFor();
});
