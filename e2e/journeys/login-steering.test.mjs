// Saying how an invitee must log in (issue 52), in English and in Dutch: a role with an assurance level (its
// form and its page), an invitation to it accepted with a login that lacks the level (the accept page says
// so, nothing is granted) and then with one that carries it (the role is held); an eduID-only invitation
// accepted through the login hint without a 412; and a guest invitation whose hint names only the identity
// providers that allow the role's application.
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

const VALIDATED = 'https://eduid.nl/trust/validate-names';
/** The invitee's browser speaks the journey's language: the mail's link carries none, and login keeps none. */
const LOCALES = { en: 'en-US', nl: 'nl-NL' };

/** A role for the wiki, made through the API by the logged-in super user; its id. */
async function wikiRole(
  /** @type {import('playwright-core').Page} */ page,
  /** @type {string} */ name,
  /** @type {Record<string, unknown>} */ extra = {},
) {
  const created = await api(page, 'POST', 'roles', {
    name,
    description: `${name}: a role of the login steering journey`,
    applicationUsages: [
      {
        application: { manageId: 'app-wiki', manageType: 'saml20_sp' },
        landingPage: 'https://wiki.example.org',
      },
    ],
    ...extra,
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return Number(created.body.id);
}

/** Invites `email` as a guest for the role, in `lang`; the accept link of the mail. */
async function invite(
  /** @type {import('playwright-core').Page} */ page,
  /** @type {number} */ roleId,
  /** @type {string} */ email,
  /** @type {'en' | 'nl'} */ lang,
) {
  const res = await api(page, 'POST', 'invitations', {
    intendedAuthority: 'GUEST',
    invites: [email],
    roleIdentifiers: [roleId],
    language: lang,
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return acceptLink(await smtp.waitForMail(email));
}

/**
 * Opens the accept link in a fresh browser context and clicks the accept page's login button: the page is
 * then at the development identity provider's login form.
 */
async function toLoginForm(
  /** @type {import('playwright-core').Page} */ invitee,
  /** @type {string} */ link,
  /** @type {'en' | 'nl'} */ lang,
) {
  /** @param {string} key */
  const i = (key) => text('invitations', key, { lang });
  await invitee.goto(`${link}&lang=${lang}`);
  await pageShown(invitee, {
    ready: (p) => p.getByRole('heading', { name: i('acceptTitle') }),
    name: 'the accept page',
  });
  await invitee.getByRole('button', { name: exactly(i('accept.loginToAccept')) }).click();
  await invitee.getByLabel('Username or e-mail').waitFor({ state: 'visible' });
}

async function logIn(/** @type {import('playwright-core').Page} */ invitee, /** @type {string} */ email) {
  await invitee.getByLabel('Username or e-mail').fill(email);
  await invitee.getByRole('button', { name: exactly('Log in') }).click();
}

/** The user role of the logged-in invitee on the role, once it shows (or undefined when `absent`). */
async function heldRole(/** @type {import('playwright-core').Page} */ invitee, /** @type {number} */ roleId) {
  const me = (await api(invitee, 'GET', 'users/me')).body;
  return { me, userRole: me.userRoles.find((/** @type {any} */ ur) => ur.role.id === roleId) };
}

for (const lang of /** @type {const} */ (['en', 'nl'])) {
  /** @param {string} key @param {Record<string, string | number>} [values] */
  const r = (key, values) => text('roles', key, { lang, values });
  /** @param {string} key @param {Record<string, string | number>} [values] */
  const i = (key, values) => text('invitations', key, { lang, values });
  // The assurance-level texts are each remote's own (shared-ui/acr takes the caller's).
  /** @param {string} key */
  const ui = (key) => text('roles', key, { lang });

  journey(
    `(${lang}) a role with an assurance level: a login without it is refused with the reason and nothing granted, a login with it gets the role`,
    async ({ page, browser, baseUrl }) => {
      await loginAs(page, 'admin');
      const roleName = `Validated ${lang} ${Date.now()}`;
      const roleId = await wikiRole(page, roleName);

      // The role form offers the configured levels; the role page names the chosen one.
      await visit(page, `/role/${roleId}?lang=${lang}`, {
        ready: (p) => p.getByLabel(ui('acr.label')),
        name: 'the role form',
      });
      await page.getByLabel(ui('acr.label')).selectOption({ label: ui('acr.names.EduIDValidatedName') });
      await pageShown(page, { name: 'the role form with an assurance level' });
      await page.getByRole('button', { name: exactly(r('save')) }).click();
      await page.waitForURL(new RegExp(`/roles/${roleId}`));
      await page.getByText(r('roleAcr', { acr: ui('acr.names.EduIDValidatedName') })).waitFor();
      await pageShown(page, { name: 'the role page with its assurance level' });
      assert.equal((await api(page, 'GET', `roles/${roleId}`)).body.requestedAuthnContext, VALIDATED);

      const email = `validated.${lang}.${Date.now()}@example.org`;
      const link = await invite(page, roleId, email, lang);
      const hash = new URL(link).searchParams.get('hash');
      const context = await newContext(browser, baseUrl, { locale: LOCALES[lang] });
      context.setDefaultTimeout(15_000);
      try {
        const invitee = await context.newPage();
        await toLoginForm(invitee, link, lang);
        // The identity provider was asked for the level: a checkbox offers it.
        const acr = invitee.getByRole('checkbox', {
          name: new RegExp(`acr.*${VALIDATED.replace(/[.]/g, '\\.')}`),
        });
        await acr.waitFor();
        await pageShown(invitee, { name: "the identity provider's form with the assurance level" });
        await logIn(invitee, email);

        // Not ticked: the accept page explains, offers a new login, and nothing was granted.
        const alert = invitee.getByRole('alert').filter({ hasText: i('accept.assuranceMissingTitle') });
        await alert.waitFor();
        await eventually(async () =>
          assert.match((await alert.textContent()) ?? '', new RegExp(i('acr.names.EduIDValidatedName'))),
        );
        await pageShown(invitee, { name: 'the accept page after a login without the level' });
        assert.equal((await heldRole(invitee, roleId)).userRole, undefined, 'nothing granted');
        const open = await api(invitee, 'GET', `invitations/public?hash=${hash}`);
        assert.equal(open.body.status, 'OPEN', 'the invitation stays open');

        // A new login with the level ticked: the role is held.
        await invitee.getByRole('button', { name: exactly(i('accept.loginAgain')) }).click();
        await invitee.getByLabel('Username or e-mail').waitFor({ state: 'visible' });
        await invitee.getByRole('checkbox', { name: /acr/ }).check();
        await logIn(invitee, email);
        await invitee.waitForURL((url) => url.pathname.startsWith('/home'), { timeout: 20_000 });
        await eventually(async () =>
          assert.ok((await heldRole(invitee, roleId)).userRole, 'the role is held'),
        );
      } finally {
        await context.close();
      }
      const trail = await api(page, 'GET', `audit-logs?action=invitation.denied&pageSize=50`);
      assert.equal(trail.status, 200);
      assert.ok(JSON.stringify(trail.body).includes(VALIDATED), 'the refusal is in the audit trail');
    },
  );

  journey(
    `(${lang}) an eduID-only invitation is accepted through the eduID hint, without a 412`,
    async ({ page, browser, baseUrl }) => {
      await loginAs(page, 'admin');
      const roleId = await wikiRole(page, `Edu only ${lang} ${Date.now()}`, { eduIDOnly: true });
      const email = `eduonly.${lang}.${Date.now()}@example.org`;
      const link = await invite(page, roleId, email, lang);
      const mail = await smtp.waitForMail(email);
      assert.match(mail.raw, lang === 'en' ? /Log in with eduID/ : /Log in met eduID/);
      const context = await newContext(browser, baseUrl, { locale: LOCALES[lang] });
      context.setDefaultTimeout(15_000);
      try {
        const invitee = await context.newPage();
        await toLoginForm(invitee, link, lang);
        await invitee.getByText('https://login.eduid.nl', { exact: true }).waitFor();
        await pageShown(invitee, { name: "the identity provider's form acting as eduID" });
        await logIn(invitee, email);
        await invitee.waitForURL((url) => url.pathname.startsWith('/home'), { timeout: 20_000 });
        const { me, userRole } = await eventually(async () => {
          const held = await heldRole(invitee, roleId);
          assert.ok(held.userRole, 'the role is held');
          return held;
        });
        assert.ok(userRole);
        assert.equal(me.schacHomeOrganization, 'eduid.nl', 'signed in through eduID');
        assert.equal(await invitee.getByRole('alertdialog').count(), 0, 'no wrong-account dialog');
      } finally {
        await context.close();
      }
    },
  );

  journey(
    `(${lang}) a guest invitation's hint names only the identity providers that allow the role's application`,
    async ({ page, browser, baseUrl }) => {
      await loginAs(page, 'admin');
      const roleId = await wikiRole(page, `Hinted ${lang} ${Date.now()}`);
      const email = `hinted.${lang}.${Date.now()}@example.org`;
      const link = await invite(page, roleId, email, lang);
      const context = await newContext(browser, baseUrl, { locale: LOCALES[lang] });
      context.setDefaultTimeout(15_000);
      try {
        const invitee = await context.newPage();
        await toLoginForm(invitee, link, lang);
        const acting = invitee.getByRole('region', { name: 'Identity providers' });
        await acting.waitFor();
        const listed = (await acting.getByRole('listitem').allTextContents()).map((item) => item.trim());
        assert.deepEqual(listed, [
          'Universiteit Harderwijk https://idp.uni-harderwijk.example.org',
          'Amstel University of Applied Sciences https://login.hogeschool-amstel.example.org',
          'eduID https://login.eduid.nl',
        ]);
        assert.equal(await invitee.getByRole('checkbox').count(), 0, 'no assurance level asked');
        await pageShown(invitee, { name: "the identity provider's form acting as the allowed providers" });
        await logIn(invitee, email);
        await invitee.waitForURL((url) => url.pathname.startsWith('/home'), { timeout: 20_000 });
        const held = await eventually(async () => {
          const found = await heldRole(invitee, roleId);
          assert.ok(found.userRole, 'the role is held');
          return found;
        });
        assert.equal(
          held.me.schacHomeOrganization,
          'uni-harderwijk.example.org',
          'through the first provider',
        );
      } finally {
        await context.close();
      }
    },
  );
}
