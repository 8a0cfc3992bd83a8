// The external API (issue 40): an institution admin makes a token on the tokens page (which shows a curl
// example with it and links the API reference), an integration creates 100 invitations with it in one call
// with suppressSendingEmails (no mail goes out; the answer carries the links), and one returned link is
// accepted in the browser: the invitee lands home with the role.
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
import { api } from '../support/api.mjs';
import { startSmtp } from '../support/smtp.mjs';

const smtp = await startSmtp(await freePort());
after(() => smtp.close());
const { journey } = useConsole({ env: { SMTP_URL: smtp.url } });

/** @param {string} key @param {Record<string, string>} [values] */
const t = (key, values) => text('tokens', key, { values });
const WIKI = 'Research Wiki Editors';

journey(
  'a token made on the tokens page creates 100 invitations without mail; one returned link is accepted',
  async ({ page, browser, baseUrl }) => {
    await loginAs(page, 'institution-admin');
    await page.goto('/tokens');
    await pageShown(page, {
      ready: (p) => p.getByRole('button', { name: exactly(t('new')) }),
      name: 'the tokens page',
    });
    const docsLink = page.getByRole('link', { name: t('apiDocs') }).first();
    assert.equal(await docsLink.getAttribute('href'), `${baseUrl}/api/external/v1/docs`);

    await page.getByRole('button', { name: exactly(t('new')) }).click();
    const secretField = page.getByLabel(t('secret'), { exact: true });
    await secretField.waitFor();
    const secret = (await secretField.inputValue()).trim();
    const curl = page.getByLabel(t('curlExample'));
    await pageShown(page, { ready: () => curl, name: 'the new token form with its curl example' });
    assert.equal(
      (await curl.innerText()).trim(),
      `curl -H 'X-API-TOKEN: ${secret}' '${baseUrl}/api/external/v1/roles'`,
    );
    await page.getByLabel(t('description'), { exact: true }).fill('Enrolment system');
    await page.getByRole('button', { name: exactly(t('save')) }).click();
    await page.getByText(t('created', { description: 'Enrolment system' })).waitFor();

    // The integration: its roles, then 100 invitations in one call.
    const headers = { 'x-api-token': secret, 'content-type': 'application/json' };
    const roles = await fetch(`${baseUrl}/api/external/v1/roles?query=${encodeURIComponent(WIKI)}`, {
      headers,
    });
    assert.equal(roles.status, 200);
    const role = (await roles.json()).content.find((/** @type {any} */ r) => r.name === WIKI);
    assert.ok(role, `the token reaches ${WIKI}`);
    const stamp = Date.now();
    const invites = Array.from({ length: 100 }, (_, i) => `student${i}.${stamp}@example.org`);
    const created = await fetch(`${baseUrl}/api/external/v1/invitations`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': `journey-${stamp}` },
      body: JSON.stringify({
        intendedAuthority: 'GUEST',
        invites,
        roleIdentifiers: [String(role.id)],
        suppressSendingEmails: true,
      }),
    });
    assert.equal(created.status, 201);
    const body = await created.json();
    assert.equal(body.invitationIdentifiers.length, 100);
    assert.deepEqual(
      body.recipientInvitationURLs.map((/** @type {any} */ r) => r.recipient),
      invites,
    );
    assert.equal(smtp.mailsTo(invites[0]).length, 0, 'no mail went out');

    // The console shows them on the role's invitations.
    const listed = await api(page, 'GET', `invitations/roles/${role.id}`);
    assert.equal(
      listed.body.filter((/** @type {any} */ i) => invites.includes(i.email)).length,
      100,
      'the role lists the 100 open invitations',
    );

    // One invitee opens the link the integration mailed itself, logs in, and has the role.
    const { recipient, invitationURL } = body.recipientInvitationURLs[42];
    assert.ok(invitationURL.startsWith(`${baseUrl}/invitation/accept?hash=`));
    const context = await newContext(browser, baseUrl);
    try {
      const invitee = await context.newPage();
      await invitee.goto(invitationURL);
      await pageShown(invitee, {
        ready: (p) => p.getByRole('heading', { name: text('invitations', 'acceptTitle') }),
        name: 'the accept page of a link from the API',
      });
      await invitee
        .getByRole('button', { name: exactly(text('invitations', 'accept.loginToAccept')) })
        .click();
      await invitee.getByLabel('Username or e-mail').fill(recipient);
      await invitee.getByRole('button', { name: exactly('Log in') }).click();
      await invitee.waitForURL((url) => url.pathname.startsWith('/home'), { timeout: 20_000 });
      await eventually(async () => {
        const me = await api(invitee, 'GET', 'users/me');
        assert.equal(me.body.email, recipient);
        assert.ok(me.body.userRoles.some((/** @type {any} */ ur) => ur.role.name === WIKI));
      });
    } finally {
      await context.close();
    }
    assert.equal(smtp.mailsTo(recipient).length, 0, 'still no mail to the invitee');
  },
  { timeout: 240_000 },
);

journey('the API reference page renders the external API from its OpenAPI document', async ({ page }) => {
  await page.goto('/api/external/v1/docs');
  await page.getByText('Access portal external API').first().waitFor({ timeout: 20_000 });
  await page.getByText('/api/external/v1/invitations').first().waitFor();
});
