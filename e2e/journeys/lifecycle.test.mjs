// The federation's systems reach a person (issue 54 items 3 and 4): eduID's "my roles" reads the roles a
// guest sees on their home through the profile API; the lifecycle service removes the guest everywhere —
// their open session ends, the super user no longer finds them in the console's users search, and the
// development SCIM service provider no longer holds them.
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
import { api, roleIdByName } from '../support/api.mjs';
import { acceptLink, startSmtp } from '../support/smtp.mjs';

const smtp = await startSmtp(await freePort());
after(() => smtp.close());
const SERVICE = { username: 'lifecycle-service', password: 'lifecycle-journey-secret' };
const { journey } = useConsole({
  env: {
    SMTP_URL: smtp.url,
    REMOTE_USERS: JSON.stringify([{ ...SERVICE, scopes: ['lifecycle', 'profile'] }]),
  },
});

const WIKI = 'Research Wiki Editors';
const AUTHORIZATION = `Basic ${Buffer.from(`${SERVICE.username}:${SERVICE.password}`).toString('base64')}`;
const t = (/** @type {string} */ key) => text('invitations', key);

/** The development SCIM service provider's page, as text. @param {string} baseUrl */
async function devScimText(baseUrl) {
  const html = await (await fetch(`${baseUrl}/dev-scim`)).text();
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

/** A call of a service account. @param {string} baseUrl @param {string} method @param {string} path */
async function service(baseUrl, method, path) {
  const res = await fetch(`${baseUrl}/api/external/v1/${path}`, {
    method,
    headers: { authorization: AUTHORIZATION },
  });
  return { status: res.status, body: await res.json() };
}

/** The users tab searched for `query`. @param {import('playwright-core').Page} page @param {string} query */
async function searchUsers(page, query) {
  await visit(page, '/home/users', {
    ready: (p) => p.getByRole('heading', { name: new RegExp(`^${text('roles', 'usersTitle')} \\(`) }),
    name: 'the users tab',
  });
  await page.getByRole('searchbox').fill(query);
}

journey(
  'a guest’s roles reach eduID’s profile; the lifecycle service removes them from the console and the SCIM provider',
  async ({ page, browser, baseUrl }) => {
    await loginAs(page, 'admin');
    const email = `leaver.${Date.now()}@example.org`;
    const roleId = await roleIdByName(page, WIKI);
    const created = await api(page, 'POST', 'invitations', {
      intendedAuthority: 'GUEST',
      invites: [email],
      roleIdentifiers: [roleId],
    });
    assert.equal(created.status, 201);

    // The guest accepts in a browser of their own and keeps it open.
    const context = await newContext(browser, baseUrl);
    const guest = await context.newPage();
    await guest.goto(acceptLink(await smtp.waitForMail(email)));
    await pageShown(guest, { ready: (p) => p.getByRole('heading', { name: t('acceptTitle') }) });
    await guest.getByRole('button', { name: exactly(t('accept.loginToAccept')) }).click();
    await guest.getByLabel('Username or e-mail').fill(email);
    await guest.getByRole('button', { name: exactly('Log in') }).click();
    await guest.waitForURL(
      (url) => !url.pathname.startsWith('/invitation') && !url.pathname.startsWith('/dev-idp'),
    );
    const me = await api(guest, 'GET', 'users/me');
    assert.equal(me.status, 200);
    const sub = me.body.sub;
    const held = me.body.userRoles.map((/** @type {{ role: { name: string } }} */ ur) => ur.role.name);
    assert.deepEqual(held, [WIKI]);

    // eduID's "my roles": the same role as the guest's home, with its application.
    const profile = await service(baseUrl, 'GET', `profile?collabPersonId=${encodeURIComponent(sub)}`);
    assert.equal(profile.status, 200);
    assert.deepEqual(
      profile.body.map((/** @type {{ name: string }} */ m) => m.name),
      held,
    );
    const app = profile.body[0].applications[0];
    assert.equal(app.nameEn, 'Research Wiki');
    assert.equal(app.nameNl, 'Onderzoekswiki');
    assert.match(app.logo, /^http:\/\/127\.0\.0\.1:\d+\/registry\/logos\/app-wiki\.svg$/);

    // At the provider, and found by the super user.
    await eventually(async () => assert.ok((await devScimText(baseUrl)).includes(email)), {
      timeoutMs: 15_000,
    });
    await searchUsers(page, email);
    await page.getByRole('cell', { name: email }).first().waitFor();

    // The lifecycle service previews, then removes.
    const preview = await service(baseUrl, 'GET', `deprovision/${sub}`);
    assert.equal(preview.status, 200);
    assert.ok(
      preview.body.data.some(
        (/** @type {{ name: string, value: string }} */ a) => a.name === 'membership' && a.value === WIKI,
      ),
    );
    const removed = await service(baseUrl, 'DELETE', `deprovision/${sub}`);
    assert.equal(removed.status, 200);
    assert.equal(removed.body.message, 'Removed');
    assert.deepEqual(
      removed.body.data.filter((/** @type {{ name: string }} */ a) => a.name === 'email'),
      [{ name: 'email', value: email }],
    );

    // The guest's open session ends at its next request.
    assert.equal((await api(guest, 'GET', 'users/me')).status, 401);
    await context.close();

    // The super user no longer finds them.
    await searchUsers(page, email);
    await page.getByText(text('shared-ui', 'noEntities.users')).waitFor();
    assert.equal(await page.getByRole('cell', { name: email }).count(), 0);

    // And the provider no longer holds them.
    await eventually(async () => assert.ok(!(await devScimText(baseUrl)).includes(email)), {
      timeoutMs: 15_000,
    });
    const again = await service(baseUrl, 'DELETE', `deprovision/${sub}`);
    assert.deepEqual(again.body.data, []);
  },
  { timeout: 180_000 },
);
