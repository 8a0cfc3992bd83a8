// eVA and Microsoft Graph provisioning in a browser (issue 54 item 5). A guest accepts an invitation to a
// role whose application has a Graph provisioning: the accept page sends them to the development Graph's
// redeem page, they accept there and land back in the portal with the invitation redeemed. An invitation
// to a role whose application has an eVA provisioning gives them a guest account on the /dev-eva page.
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
} from '../harness/index.mjs';
import { api, roleIdByName } from '../support/api.mjs';
import { acceptLink, startSmtp } from '../support/smtp.mjs';

const smtp = await startSmtp(await freePort());
after(() => smtp.close());
const { journey } = useConsole({ env: { SMTP_URL: smtp.url } });

const GRAPH_ROLE = 'Data Stewards';
const EVA_ROLE = 'Timetable Planners';
const t = (/** @type {string} */ key) => text('invitations', key);

/** A development page, as text. @param {string} url */
async function pageText(url) {
  const html = await (await fetch(url)).text();
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

/**
 * Invites `email` as a guest to `role` (as the logged-in admin) and answers the accept link.
 * @param {import('playwright-core').Page} admin @param {string} role @param {string} email
 */
async function invite(admin, role, email) {
  const created = await api(admin, 'POST', 'invitations', {
    intendedAuthority: 'GUEST',
    invites: [email],
    roleIdentifiers: [await roleIdByName(admin, role)],
  });
  assert.equal(created.status, 201);
  return acceptLink(await smtp.waitForMail(email));
}

journey(
  'a guest of a Graph-provisioned role redeems its Microsoft invitation and comes back; an eVA-provisioned role makes a guest account',
  async ({ page, browser, baseUrl }) => {
    await loginAs(page, 'admin');
    const email = `graph.${Date.now()}@example.org`;
    const link = await invite(page, GRAPH_ROLE, email);

    const context = await newContext(browser, baseUrl);
    const guest = await context.newPage();
    await guest.goto(link);
    await pageShown(guest, { ready: (p) => p.getByRole('heading', { name: t('acceptTitle') }) });
    await guest.getByRole('button', { name: exactly(t('accept.loginToAccept')) }).click();
    await guest.getByLabel('Username or e-mail').fill(email);
    await guest.getByRole('button', { name: exactly('Log in') }).click();

    // Accepted, the guest is sent to the development Graph's redeem page.
    await guest.waitForURL((url) => url.pathname.startsWith('/dev-graph/redeem/'), { timeout: 30_000 });
    await guest.getByRole('heading', { name: 'Accept the invitation' }).waitFor();
    assert.ok((await guest.textContent('body'))?.includes(email));
    const pending = await api(guest, 'GET', 'users/ms-redeem-links');
    assert.deepEqual(
      pending.body.map((/** @type {{ redeemed: boolean }} */ l) => l.redeemed),
      [false],
    );

    // Their home shows the link until they follow it; from there, it leads to the same page.
    await guest.goto(`${baseUrl}/home`);
    const homeLink = guest.getByRole('link', {
      name: 'Accept the Microsoft invitation of Noorderlicht Microsoft Graph',
    });
    await homeLink.waitFor();
    await homeLink.click();
    await guest.waitForURL((url) => url.pathname.startsWith('/dev-graph/redeem/'));

    // Following it, they land back in the portal, the invitation redeemed, and the home no longer shows it.
    await guest.getByRole('link', { name: 'Accept and continue' }).click();
    await guest.waitForURL(
      (url) =>
        url.origin === new URL(baseUrl).origin &&
        !url.pathname.startsWith('/dev-graph') &&
        !url.pathname.startsWith('/api/'),
    );
    const redeemed = await api(guest, 'GET', 'users/ms-redeem-links');
    assert.equal(redeemed.status, 200);
    assert.deepEqual(
      redeemed.body.map((/** @type {{ target: string, redeemed: boolean }} */ l) => [l.target, l.redeemed]),
      [['prov-graph-noorderlicht', true]],
    );
    const me = await api(guest, 'GET', 'users/me');
    assert.deepEqual(
      me.body.userRoles.map((/** @type {{ role: { name: string } }} */ ur) => ur.role.name),
      [GRAPH_ROLE],
    );
    assert.ok((await pageText(`${baseUrl}/dev-graph`)).includes(`${email} `));
    await guest.goto(`${baseUrl}/home`);
    await guest.getByRole('tab').first().waitFor();
    assert.equal(await guest.getByRole('link', { name: /Accept the Microsoft invitation/ }).count(), 0);

    // An eVA-provisioned role: the guest account shows on /dev-eva.
    const evaEmail = `eva.${Date.now()}@example.org`;
    const evaLink = await invite(page, EVA_ROLE, evaEmail);
    const evaContext = await newContext(browser, baseUrl);
    const evaGuest = await evaContext.newPage();
    await evaGuest.goto(evaLink);
    await pageShown(evaGuest, { ready: (p) => p.getByRole('heading', { name: t('acceptTitle') }) });
    await evaGuest.getByRole('button', { name: exactly(t('accept.loginToAccept')) }).click();
    await evaGuest.getByLabel('Username or e-mail').fill(evaEmail);
    await evaGuest.getByRole('button', { name: exactly('Log in') }).click();
    await evaGuest.waitForURL(
      (url) => !url.pathname.startsWith('/invitation') && !url.pathname.startsWith('/dev-idp'),
    );
    await eventually(async () => assert.ok((await pageText(`${baseUrl}/dev-eva`)).includes(evaEmail)), {
      timeoutMs: 15_000,
    });
    await guest.goto(`${baseUrl}/dev-eva`);
    await guest.getByRole('heading', { name: 'Development eVA service' }).waitFor();
    await guest.getByRole('cell', { name: evaEmail }).waitFor();
    await evaContext.close();
    await context.close();
  },
  { timeout: 240_000 },
);
