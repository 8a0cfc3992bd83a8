// Module Federation at run time: with the tokens and invitations remotes' manifests unreachable, home names
// the parts that are unavailable, the tokens page says that this part of the console may be unavailable, a
// role page names the invitations remote above its tabs (all with Retry), and the other remotes keep
// working; and the tokens
// remote runs on its own (its built index.html, served by the server at /remotes/tokens/).
import assert from 'node:assert/strict';
import {
  AXE_ROUTE_PATH,
  exactly,
  freePort,
  loginAs,
  pageShown,
  text,
  useConsole,
  visit,
} from '../harness/index.mjs';

// A loopback port nobody listens on: connecting is refused at once, like a remote host that is down.
const deadPort = await freePort();
const { journey } = useConsole({
  env: {
    REMOTE_TOKENS_URL: `http://127.0.0.1:${deadPort}/remotes/tokens/mf-manifest.json`,
    REMOTE_INVITATIONS_URL: `http://127.0.0.1:${deadPort}/remotes/invitations/mf-manifest.json`,
  },
});

const unavailable = (/** @type {import('playwright-core').Page} */ page) =>
  page.getByText(text('shared-ui', 'unavailable.title'), { exact: true });

journey(
  'with the tokens and invitations remotes down, their parts say so (with Retry) and the rest works',
  async ({ page }) => {
    const remotes = await (await page.request.get('/remotes.json')).json();
    assert.match(
      String(remotes.tokens),
      new RegExp(`:${deadPort}/`),
      '/remotes.json follows REMOTE_TOKENS_URL',
    );

    await loginAs(page, 'admin');
    // The roles remote renders the roles tab.
    await page
      .getByRole('tab', { name: new RegExp(`^${text('roles', 'tabRoles')}`) })
      .waitFor({ state: 'visible' });
    assert.equal(await unavailable(page).count(), 0, 'the roles tab is not affected');

    // Its manifest cannot be read, so the console does not know its tab or its routes: home says which
    // part is unavailable, with Retry, where its tab would be; its page says that this part of the
    // console may be unavailable, with Retry.
    assert.equal(
      await page.getByRole('tab', { name: new RegExp(`^${text('tokens', 'tab')}`) }).count(),
      0,
      'no tab of a remote whose manifest cannot be read',
    );
    const notice = page
      .getByRole('alert')
      .filter({ hasText: text('shell', 'remotes.partUnavailableTitle', { values: { remote: 'tokens' } }) });
    await notice.waitFor({ state: 'visible' });
    await notice.getByRole('button', { name: exactly(text('shared-ui', 'unavailable.retry')) }).waitFor();
    const mayBeUnavailable = (/** @type {import('playwright-core').Page} */ p) =>
      p.getByText(text('shell', 'remotes.mayBeUnavailableTitle'), { exact: true });
    await visit(page, '/tokens', { ready: mayBeUnavailable, name: 'the tokens page with its remote down' });
    await page.getByRole('button', { name: exactly(text('shared-ui', 'unavailable.retry')) }).waitFor();

    // Other remotes still work: the users tab (roles remote) and the system area (system remote).
    await page.goto('/home/users');
    await pageShown(page, { ready: (p) => p.getByRole('tabpanel'), name: 'the users tab' });
    assert.equal(await unavailable(page).count(), 0, 'the users tab is available');
    await page.goto('/system');
    await pageShown(page, { ready: (p) => p.getByRole('main'), name: 'the system area' });
    await page.waitForURL('**/system**');
    assert.equal(await unavailable(page).count(), 0, 'the system area is available');

    // A role page: the invitations remote, which adds the role's invitations tab, cannot be described
    // either; the page names it above the role's tabs, with Retry, and its own tabs work.
    const missingParts = page
      .getByRole('alert')
      .filter({ hasText: text('roles', 'partsUnavailableText') })
      .filter({ hasText: '“invitations”' });
    await visit(page, '/roles/1', {
      ready: () => missingParts,
      name: 'a role page without the invitations remote',
    });
    await missingParts
      .getByRole('button', { name: exactly(text('shared-ui', 'unavailable.retry')) })
      .waitFor();
    await page.getByRole('tab', { name: new RegExp(`^${text('roles', 'tabMaintainers')}`) }).waitFor();
  },
);

journey('the tokens remote on its own shows its page', async ({ page }) => {
  await loginAs(page, 'admin');
  /** @type {string[]} */
  const scripts = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await visit(page, '/remotes/tokens/', {
    ready: (p) => p.getByRole('heading', { name: exactly(text('tokens', 'title')) }),
    name: 'the standalone tokens remote',
  });
  await page.getByRole('button', { name: exactly(text('tokens', 'new')) }).waitFor({ state: 'visible' });
  // It really runs on its own: every script came from the remote's folder, none from the shell.
  assert.ok(scripts.length > 0, 'the remote loaded its scripts');
  const foreign = scripts.filter((path) => !path.startsWith('/remotes/tokens/') && path !== AXE_ROUTE_PATH);
  assert.deepEqual(foreign, [], 'no script outside /remotes/tokens/ was loaded');
});

journey(
  'logging in from the tokens remote on its own returns to it, not to the console',
  async ({ page }) => {
    await page.goto('/remotes/tokens/');
    const username = page.getByLabel('Username or e-mail');
    await username.waitFor({ state: 'visible' });
    await username.fill('admin');
    await page.getByRole('button', { name: exactly('Log in') }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/remotes/tokens/'), { timeout: 20_000 });
    await pageShown(page, {
      ready: (p) => p.getByRole('heading', { name: exactly(text('tokens', 'title')) }),
      name: 'the standalone tokens remote after login',
    });
  },
);
