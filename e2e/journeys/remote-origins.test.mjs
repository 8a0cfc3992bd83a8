// QA on one remote: each remote's standalone build runs on an origin of its own (a port of its own, as
// `npm run start -w mfe-<id>` does, with the server's paths proxied), trusted by the server
// (TRUSTED_ORIGINS). Logging in from there goes through the identity provider's form on the server's origin
// and must come back to the remote's origin, to the page it started from: Chromium applies the login form's
// form-action to every redirect after the post, so the last hop is blocked unless the login page allows the
// remote's origin. Then the remote shows its data. A remote's start page lands on a screen that exists.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after } from 'node:test';
import { ROOT, exactly, freePort, pageShown, text, useConsole } from '../harness/index.mjs';
import { serveRemoteOnItsOwn } from '../harness/remote-origin.mjs';

const IDS = /** @type {const} */ (['roles', 'invitations', 'system', 'tokens']);
/** @type {Record<string, number>} */
const ports = {};
for (const id of IDS) ports[id] = await freePort();
const origins = IDS.map((id) => `http://127.0.0.1:${ports[id]}`);

const { journey, state } = useConsole({ env: { TRUSTED_ORIGINS: origins.join(',') } });

/** @type {Record<string, { origin: string, close: () => Promise<void> }>} */
const remotes = {};
for (const id of IDS) {
  remotes[id] = await serveRemoteOnItsOwn({
    dist: join(ROOT, `mfe-${id}`, 'dist'),
    port: ports[id],
    api: () => {
      if (!state.server) throw new Error('the server is not running');
      return state.server.baseUrl;
    },
  });
}
after(async () => {
  for (const remote of Object.values(remotes)) await remote.close();
});

/**
 * Opens `path` on the remote's own origin without a session, logs in on the identity provider's form, and
 * waits until the browser is back on the remote's origin at `path`.
 * @param {import('playwright-core').Page} page
 * @param {string} id
 * @param {string} path
 * @param {string} persona
 */
async function loginFromRemote(page, id, path, persona) {
  const { origin } = remotes[id];
  await page.goto(`${origin}${path}`);
  const username = page.getByLabel('Username or e-mail');
  await username.waitFor({ state: 'visible' });
  assert.notEqual(
    new URL(page.url()).origin,
    origin,
    "the identity provider's form is on the server's origin",
  );
  await username.fill(persona);
  await page.getByRole('button', { name: exactly('Log in') }).click();
  await page.waitForURL((url) => url.origin === origin && url.pathname === path, { timeout: 20_000 });
}

journey(
  'the roles remote on its own origin: login returns to its page, which shows its roles',
  async ({ page }) => {
    await loginFromRemote(page, 'roles', '/home/users', 'admin');
    await pageShown(page, {
      ready: (p) => p.getByRole('tab', { name: new RegExp(`^${text('roles', 'tabUsers')}`), selected: true }),
      name: 'the users tab of the roles remote on its own origin',
    });
    await page.getByRole('tab', { name: new RegExp(`^${text('roles', 'tabRoles')}`) }).click();
    // The users tab keeps its own search box on screen while the roles tab's code loads.
    await page
      .getByRole('heading', { name: new RegExp(`^${text('roles', 'rolesTitle')} \\(\\d+\\)$`) })
      .waitFor();
    await page.getByRole('searchbox').fill('Research Wiki Editors');
    await page.getByRole('cell', { name: 'Research Wiki Editors', exact: true }).waitFor();
  },
);

journey('the invitations remote on its own origin: login returns to its page', async ({ page }) => {
  await loginFromRemote(page, 'invitations', '/invitation/new', 'admin');
  await pageShown(page, {
    ready: (p) => p.getByRole('heading', { name: text('invitations', 'invitationNewTitle') }),
    name: 'the invitation form on its own origin',
  });
  // Its data: the roles one may invite for, read from the API through the remote's origin.
  const me = await page.request.get(`${remotes.invitations.origin}/api/v1/users/me`);
  assert.equal(me.status(), 200, 'the session made at login holds on the remote origin');
});

journey(
  'the system remote on its own origin: login returns to its page, which shows the audit trail',
  async ({ page }) => {
    await loginFromRemote(page, 'system', '/audit-logs', 'admin');
    await pageShown(page, {
      ready: (p) => p.getByRole('heading', { level: 1, name: exactly(text('system', 'audit.title')) }),
      name: 'the audit trail on its own origin',
    });
    // Something for the trail, through the remote's origin with the session made at login: a new API token.
    const { origin } = remotes.system;
    const { token: csrf } = await (await page.request.get(`${origin}/api/v1/csrf`)).json();
    const headers = { 'X-CSRF-TOKEN': csrf };
    const generated = await page.request.get(`${origin}/api/v1/tokens/generate-token`, { headers });
    assert.equal(generated.status(), 200, 'a token is generated with the session made at login');
    const created = await page.request.post(`${origin}/api/v1/tokens`, {
      headers,
      data: { description: 'QA on the system remote' },
    });
    assert.ok(created.ok(), `the token is created (${created.status()})`);
    await page.reload();
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    assert.equal(
      await page.getByText(text('system', 'audit.empty')).count(),
      0,
      'the trail lists the change',
    );
  },
);

journey('the tokens remote on its own origin: login returns to its page', async ({ page }) => {
  await loginFromRemote(page, 'tokens', '/tokens', 'admin');
  await pageShown(page, {
    ready: (p) => p.getByRole('heading', { name: exactly(text('tokens', 'title')) }),
    name: 'the tokens page on its own origin',
  });
  await page.getByRole('button', { name: exactly(text('tokens', 'new')) }).waitFor({ state: 'visible' });
});

journey(
  "a remote's start page lands on a screen that exists (the roles remote: its home tabs)",
  async ({ page }) => {
    const { origin } = remotes.roles;
    // Its start page offers the login (every route of the roles remote needs a session).
    await page.goto(`${origin}/`);
    await page.getByRole('button', { name: exactly(text('shared-ui', 'header.login')) }).click();
    const username = page.getByLabel('Username or e-mail');
    await username.waitFor({ state: 'visible' });
    await username.fill('admin');
    await page.getByRole('button', { name: exactly('Log in') }).click();
    await page.waitForURL((url) => url.origin === origin && url.pathname === '/home/roles', {
      timeout: 20_000,
    });
    await pageShown(page, {
      ready: (p) => p.getByRole('tab', { name: new RegExp(`^${text('roles', 'tabRoles')}`), selected: true }),
      name: 'the start page of the roles remote',
    });
  },
);
