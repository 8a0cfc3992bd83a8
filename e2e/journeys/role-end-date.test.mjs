// A role's fixed end date (issue 53 part 2), in English and in Dutch: an institution admin creates a role
// whose user roles end on a date, the role page says so, an invitation to it goes out from the form, the
// invitee accepts through the mail's link, and the accepted user role ends on the role's date.
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

/** dd/MM/yyyy of a day `days` ahead, as the console's date picker takes it. */
function dayAhead(/** @type {number} */ days) {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

for (const lang of /** @type {const} */ (['en', 'nl'])) {
  /** @param {string} key @param {Record<string, string | number>} [values] */
  const r = (key, values) => text('roles', key, { lang, values });
  /** @param {string} key @param {Record<string, string | number>} [values] */
  const i = (key, values) => text('invitations', key, { lang, values });

  journey(
    `(${lang}) a role whose user roles end on a date: the form, the role page, an invitation, and the accepted user role ends on that date`,
    async ({ page, browser, baseUrl }) => {
      await loginAs(page, 'institution-admin');
      await visit(page, `/role/new?lang=${lang}`, {
        ready: (p) => p.getByLabel(new RegExp(`^${r('name')}`)),
        name: 'the new role form',
      });
      const roleName = `Semester ${lang} ${Date.now()}`;
      await page.getByLabel(new RegExp(`^${r('name')}`)).fill(roleName);
      await page.getByLabel(new RegExp(`^${r('description')}`)).fill('Students of this semester.');
      await page.getByLabel(`${r('applicationField')} 1`).selectOption('app-wiki');
      const landingPage = page.getByLabel(r('landingPage'));
      await landingPage.fill('https://wiki.example.org/semester');
      await landingPage.blur();

      await page.getByRole('switch', { name: r('expirySwitch') }).click();
      await page.getByRole('combobox', { name: r('expiryBy') }).selectOption({ label: r('expiryByDate') });
      const endDay = dayAhead(60);
      const endDate = page.getByLabel(r('roleEndDate'));
      await endDate.fill(endDay);
      await endDate.press('Enter');
      // Inviters may change the advanced settings: the invitation form then shows the role expiry.
      await page.getByRole('switch', { name: r('overrideSettingsAllowed') }).click();
      await pageShown(page, { name: 'the role form with an end date' });
      await page.getByRole('button', { name: exactly(r('save')) }).click();

      await page.waitForURL(/\/roles\/\d+/);
      const roleId = Number(new URL(page.url()).pathname.split('/')[2]);
      await page.getByRole('heading', { level: 1, name: roleName }).waitFor();
      await page.getByText(r('roleEndsOn', { date: endDay }), { exact: false }).waitFor();
      await pageShown(page, { name: 'the role page with its end date' });
      const role = (await api(page, 'GET', `roles/${roleId}`)).body;
      assert.equal(typeof role.endDate, 'number', 'the role keeps its end date');
      assert.equal(role.defaultExpiryDays, 0);

      // An invitation to it, from the form: its role expiry stops at the role's end date.
      const email = `semester.${lang}.${Date.now()}@example.org`;
      await visit(page, `/invitation/new?lang=${lang}`, {
        ready: (p) => p.getByRole('heading', { name: i('invitationNewTitle') }),
        name: 'the invitation form',
      });
      const roles = page.getByRole('combobox', { name: `${i('form.roles')} *` });
      const option = roles.locator('option', { hasText: roleName });
      await roles.selectOption({ label: (await option.textContent()) ?? roleName });
      const invitees = page.getByRole('textbox', { name: new RegExp(`^${i('form.invitees')}`) });
      await invitees.fill(email);
      await invitees.press('Enter');
      await page.getByRole('button', { name: i('form.showAdvanced') }).click();
      assert.equal(await page.getByLabel(i('form.roleExpiryDate')).inputValue(), endDay);
      await pageShown(page, { name: 'the invitation form for the role with an end date' });
      await page.getByRole('button', { name: exactly(i('form.invite')) }).click();
      await page.getByText(i('form.created_one')).waitFor({ state: 'visible' });

      const link = acceptLink(await smtp.waitForMail(email));
      const context = await newContext(browser, baseUrl);
      context.setDefaultTimeout(15_000);
      try {
        const invitee = await context.newPage();
        await invitee.goto(`${link}&lang=${lang}`);
        await pageShown(invitee, {
          ready: (p) => p.getByRole('heading', { name: i('acceptTitle') }),
          name: 'the accept page',
        });
        await invitee.getByRole('button', { name: exactly(i('accept.loginToAccept')) }).click();
        const username = invitee.getByLabel('Username or e-mail');
        await username.waitFor({ state: 'visible' });
        await username.fill(email);
        await invitee.getByRole('button', { name: exactly('Log in') }).click();
        await invitee.waitForURL((url) => url.pathname.startsWith('/home'), { timeout: 20_000 });
        const held = await eventually(async () => {
          const me = (await api(invitee, 'GET', 'users/me')).body;
          const userRole = me.userRoles.find((/** @type {any} */ ur) => ur.role.id === roleId);
          assert.ok(userRole, 'the invitee holds the role');
          return userRole;
        });
        assert.equal(held.endDate, role.endDate, "the accepted user role ends on the role's end date");
      } finally {
        await context.close();
      }

      const guests = await api(
        page,
        'GET',
        `user_roles/search/${roleId}/guests?query=${encodeURIComponent(email)}`,
      );
      assert.equal(guests.body.content[0].endDate, role.endDate);
    },
  );
}
