// The self-service portals' internal API (issue 54 item 2): SP Dashboard, a service account bounded to the
// Research Wiki, creates a role on it; the institution admin finds the role in the console; the portal's
// invitation lands in the development mailbox, the guest accepts it, and the portal lists the membership.
import assert from 'node:assert/strict';
import { exactly, loginAs, newContext, pageShown, text, useConsole, visit } from '../harness/index.mjs';

const SERVICE = { username: 'sp-dashboard', password: 'sp-dashboard-journey-secret' };
const { journey } = useConsole({
  env: {
    REMOTE_USERS: JSON.stringify([
      {
        ...SERVICE,
        scopes: ['sp_dashboard'],
        applications: [{ manageId: 'app-wiki', manageType: 'saml20_sp' }],
      },
    ]),
  },
});

const AUTHORIZATION = `Basic ${Buffer.from(`${SERVICE.username}:${SERVICE.password}`).toString('base64')}`;

/**
 * A call of the portal's service account.
 * @param {string} baseUrl @param {string} method @param {string} path @param {unknown} [body]
 */
async function portal(baseUrl, method, path, body) {
  const res = await fetch(`${baseUrl}/api/external/v1/internal/invite/${path}`, {
    method,
    headers: {
      authorization: AUTHORIZATION,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const raw = await res.text();
  return { status: res.status, body: raw ? JSON.parse(raw) : null };
}

journey(
  'SP Dashboard creates a role and invites through the internal API; the institution admin sees the role, the guest accepts from the mailbox',
  async ({ page, browser, baseUrl }) => {
    const name = `Portal Wiki Reviewers ${Date.now()}`;
    const created = await portal(baseUrl, 'POST', 'roles', {
      name,
      description: 'Reviewers of the research wiki, made by SP Dashboard',
      defaultExpiryDays: 365,
      applicationUsages: [
        {
          application: { manageId: 'app-wiki', manageType: 'saml20_sp' },
          landingPage: 'https://wiki.uni-harderwijk.example.org/welcome',
        },
      ],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const roleId = created.body.id;
    // Outside its applications the portal reaches nothing.
    const elsewhere = await portal(baseUrl, 'POST', 'roles', {
      name: `${name} elsewhere`,
      description: 'Not on the wiki',
      applicationUsages: [{ application: { manageId: 'app-rooster' }, landingPage: 'https://example.org' }],
    });
    assert.equal(elsewhere.status, 403);

    // The institution admin of the wiki's university finds the role in the console.
    await loginAs(page, 'institution-admin');
    await visit(page, '/home/roles', { ready: (p) => p.getByRole('searchbox'), name: 'the roles tab' });
    await page.getByRole('searchbox').fill(name);
    await page.getByRole('row').filter({ hasText: name }).waitFor({ state: 'visible' });

    // The portal invites a guest; the mail lands in the development mailbox.
    const email = `portal.guest.${Date.now()}@example.org`;
    const invited = await portal(baseUrl, 'POST', 'invitations', {
      intendedAuthority: 'GUEST',
      invites: [email],
      roleIdentifiers: [roleId],
      message: 'Welcome from SP Dashboard',
    });
    assert.equal(invited.status, 201, JSON.stringify(invited.body));
    assert.equal(invited.body.recipientInvitationURLs[0].recipient, email);

    const context = await newContext(browser, baseUrl);
    const guest = await context.newPage();
    await guest.goto(`${baseUrl}/dev-mailbox`);
    await pageShown(guest, {
      ready: (p) => p.getByRole('heading', { name: 'Development mailbox' }),
      name: 'the development mailbox',
    });
    await guest.getByRole('row').filter({ hasText: email }).first().getByRole('link').click();
    await pageShown(guest, { ready: (p) => p.getByText(`To ${email}`), name: 'the portal invitation mail' });
    const link = guest.locator('pre').getByRole('link', { name: /\/invitation\/accept\?hash=/ });
    const href = (await link.getAttribute('href')) ?? '';
    assert.ok(href.startsWith(`${baseUrl}/invitation/accept?hash=`));

    await guest.goto(href);
    await pageShown(guest, {
      ready: (p) => p.getByText('Welcome from SP Dashboard'),
      name: 'the accept page of the portal invitation',
    });
    await guest.getByRole('button', { name: exactly(text('invitations', 'accept.loginToAccept')) }).click();
    await guest.getByLabel('Username or e-mail').fill(email);
    await guest.getByRole('button', { name: exactly('Log in') }).click();
    await guest.waitForURL(
      (url) => !url.pathname.startsWith('/invitation') && !url.pathname.startsWith('/dev-idp'),
    );
    await guest.getByText(name).first().waitFor({ state: 'visible' });
    await context.close();

    // The portal lists the membership.
    const members = await portal(baseUrl, 'GET', `user_roles/${roleId}`);
    assert.equal(members.status, 200);
    assert.ok(JSON.stringify(members.body).includes(email), 'the guest is a member');
    assert.deepEqual(
      members.body.map((/** @type {{ authority: string }} */ m) => m.authority),
      ['GUEST'],
    );
  },
  { timeout: 180_000 },
);
