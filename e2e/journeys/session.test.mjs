// Language switch (spec §1, §2 "Header and shell"), logout, the not-found page, the startup calls, and
// what the landing and each remote's first screen download (issue 11's size budgets).
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import {
  exactly,
  newContext,
  loginAs,
  loginButton,
  logout,
  pageShown,
  text,
  useConsole,
  userMenuButton,
  visit,
} from '../harness/index.mjs';
import {
  inlineScripts,
  REMOTE_FIRST_SCREEN_BUDGET,
  REMOTE_SCREENS,
  SHELL_FIRST_LOAD_BUDGET,
} from '../bench/page-load.mjs';

const { journey } = useConsole();

/**
 * @param {import('playwright-core').BrowserContext} context
 * @returns {Promise<string | undefined>}
 */
async function langCookie(context) {
  return (await context.cookies()).find((cookie) => cookie.name === 'lang')?.value;
}

journey(
  'switching to Dutch and back changes the texts and sets the lang cookie',
  async ({ page, context }) => {
    await loginAs(page, 'admin');
    const rolesEn = text('roles', 'tabRoles');
    const rolesNl = text('roles', 'tabRoles', { lang: 'nl' });
    const language = page.getByRole('navigation', { name: text('shell', 'header.language') });
    await page.getByRole('tab', { name: new RegExp(`^${rolesEn}`) }).waitFor({ state: 'visible' });

    await language.getByRole('button', { name: text('shell', 'header.languageNlLabel') }).click();
    await page.waitForURL(/[?&]lang=nl/);
    await pageShown(page, {
      ready: (p) => p.getByRole('tab', { name: new RegExp(`^${rolesNl}`) }),
      name: 'home in Dutch',
    });
    assert.equal(await langCookie(context), 'nl');
    assert.equal(
      await page.locator('html').getAttribute('lang'),
      'nl',
      'the document language follows the choice',
    );
    const languageNl = page.getByRole('navigation', {
      name: text('shell', 'header.language', { lang: 'nl' }),
    });

    await languageNl
      .getByRole('button', { name: text('shell', 'header.languageEnLabel', { lang: 'nl' }) })
      .click();
    await page.waitForURL(/[?&]lang=en/);
    await pageShown(page, {
      ready: (p) => p.getByRole('tab', { name: new RegExp(`^${rolesEn}`) }),
      name: 'home in English again',
    });
    assert.equal(await langCookie(context), 'en');
  },
);

journey('logging out ends the session and shows the landing page', async ({ page }) => {
  await loginAs(page, 'manager');
  await logout(page);
  const me = await page.request.get('/api/v1/users/me');
  assert.equal(me.status(), 401, 'the session is gone on the server');
  await page.reload();
  await pageShown(page, { ready: loginButton, name: 'the landing page, reloaded after logout' });
  assert.equal(await userMenuButton(page).count(), 0, 'no user menu after logout');
});

journey('an unknown route shows the not-found page, also when opened before logging in', async ({ page }) => {
  const notFound = (/** @type {import('playwright-core').Page} */ p) =>
    p.getByRole('heading', { name: exactly(text('shell', 'notFound.title')) });
  // A bookmarked URL skips the landing page: the identity provider asks who you are, then the console
  // opens the remembered URL — which does not exist.
  await page.goto('/no-such-page');
  const username = page.getByLabel('Username or e-mail');
  await username.waitFor({ state: 'visible' });
  await username.fill('admin');
  await page.getByRole('button', { name: exactly('Log in') }).click();
  await pageShown(page, { ready: notFound, name: 'the not-found page after logging in' });
  // (Landing on home instead would mean the remembered location was lost.)

  await visit(page, '/this/does/not/exist', { ready: notFound, name: 'the not-found page (logged in)' });
  await page.getByRole('img', { name: text('shell', 'notFound.imageAlt') }).waitFor({ state: 'visible' });
});

journey(
  'a page carries its startup answers, read by its first script, inline in the page, before main.js has run',
  async ({ page, context }) => {
    await loginAs(page, 'admin');
    /** @type {string[]} */
    const refused = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    /** @type {Map<string, string>} path → the script that made the call */
    const initiators = new Map();
    cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
      const path = new URL(request.url).pathname;
      if (!path.startsWith('/api/v1/')) return;
      const frame = initiator.stack?.callFrames[0] ?? initiator.stack?.parent?.callFrames[0];
      if (!initiators.has(path)) initiators.set(path, frame ? new URL(frame.url).pathname : initiator.type);
    });
    await visit(page, '/home');
    await page.getByRole('tab', { name: new RegExp(`^${text('roles', 'tabRoles')}`) }).waitFor();
    // Its code, not the data block with startup's answers the server put before it.
    const scripts = await page.evaluate(() =>
      Array.from(document.querySelectorAll('head script:not([type="application/json"])'), (s) => ({
        src: s.getAttribute('src'),
        startsCalls: (s.textContent ?? '').includes('__portalStartupCalls'),
      })),
    );
    // startup.js, inline, first; then main.js.
    assert.deepEqual(scripts[0], { src: null, startsCalls: true }, JSON.stringify(scripts));
    assert.match(scripts[1]?.src ?? '', /^\/main\.[0-9a-f]{8}\.js$/);
    // The page carries their answers (the server made the calls for it, with its session): the page asks
    // for none of them, and its inline script, which its Content-Security-Policy let run, read them.
    const carried = await page.evaluate(() =>
      Object.keys(JSON.parse(document.getElementById('portal-startup')?.textContent ?? '{}')).sort(),
    );
    assert.deepEqual(carried, ['config', 'csrf', 'me', 'remotes']);
    for (const call of ['/api/v1/csrf', '/api/v1/users/config', '/api/v1/users/me'])
      assert.equal(initiators.has(call), false, `${call} asked for by ${initiators.get(call)}`);
    assert.deepEqual(refused, []);
    // The browser sent its session cookie: the page says so before its script, which then asked for the
    // user with the config, not after the config's answer.
    assert.equal(await page.locator('head meta[name="portal-session"]').count(), 1);

    // Logged out, the landing page says nothing of a session and asks for no user.
    initiators.clear();
    await logout(page);
    await visit(page, '/', { ready: loginButton });
    assert.equal(await page.locator('meta[name="portal-session"]').count(), 0);
    assert.deepEqual(
      await page.evaluate(() =>
        Object.keys(JSON.parse(document.getElementById('portal-startup')?.textContent ?? '{}')).sort(),
      ),
      ['config', 'csrf', 'remotes'],
    );
    assert.equal(initiators.has('/api/v1/users/me'), false, [...initiators.keys()].join(', '));
  },
);

/**
 * Opens `path` in a fresh context (nothing cached) and answers what it fetched once its content showed and
 * the network went quiet: each response's path, resource type and body gzipped at level 9.
 * @param {import('playwright-core').Browser} browser @param {string} baseUrl @param {string} path
 * @param {(page: import('playwright-core').Page) => import('playwright-core').Locator} ready
 * @param {Parameters<typeof newContext>[2]} [options]
 * @param {string} [remote] a remote whose remoteEntry.js must have come first: the shell's `main` shows
 *   before a remote is loaded, and on a busy machine the network can go quiet for half a second in between
 */
async function downloaded(browser, baseUrl, path, ready, options, remote) {
  const context = await newContext(browser, baseUrl, options);
  try {
    const page = await context.newPage();
    /** @type {import('playwright-core').Request[]} */
    const finished = [];
    page.on('requestfinished', (request) => finished.push(request));
    const entry = remote
      ? page.waitForEvent('requestfinished', (request) =>
          new URL(request.url()).pathname.endsWith(`/remotes/${remote}/remoteEntry.js`),
        )
      : null;
    await page.goto(path);
    await ready(page).first().waitFor({ state: 'visible' });
    await entry;
    await page.waitForLoadState('networkidle');
    return await Promise.all(
      finished.map(async (request) => {
        const body = (await (await request.response())?.body()) ?? Buffer.alloc(0);
        const type = request.resourceType();
        return {
          path: new URL(request.url()).pathname,
          type,
          // A page's inline scripts are JavaScript of its first load too (startup.js).
          gzip:
            type === 'document'
              ? inlineScripts(body).inlineJsGzip
              : body.length && gzipSync(body, { level: 9 }).length,
        };
      }),
    );
  } finally {
    await context.close();
  }
}

journey(
  "the landing's JavaScript and each remote's first screen stay within their gzipped size budgets",
  async ({ page, context, browser, baseUrl }) => {
    const landing = await downloaded(browser, baseUrl, '/', loginButton);
    const javaScript = landing.filter((file) => file.type === 'script' || file.type === 'document');
    const shellTotal = javaScript.reduce((sum, file) => sum + file.gzip, 0);
    const listing = (/** @type {{ path: string, gzip: number }[]} */ files) =>
      files.map((file) => `${file.path} ${file.gzip} B`).join(', ');
    assert.ok(
      javaScript.some((file) => /^\/main\.[0-9a-f]{8}\.js$/.test(file.path)),
      listing(javaScript),
    );
    assert.ok(
      shellTotal <= SHELL_FIRST_LOAD_BUDGET,
      `the landing loads ${shellTotal} B of gzipped JavaScript, over its ${SHELL_FIRST_LOAD_BUDGET}: ${listing(javaScript)}`,
    );

    await loginAs(page, 'admin');
    const storageState = await context.storageState();
    for (const [id, path] of Object.entries(REMOTE_SCREENS)) {
      const files = (
        await downloaded(browser, baseUrl, path, (p) => p.getByRole('main'), { storageState }, id)
      ).filter((file) => file.path.startsWith(`/remotes/${id}/`) && !file.path.endsWith('/mf-manifest.json'));
      const total = files.reduce((sum, file) => sum + file.gzip, 0);
      assert.ok(
        files.some((file) => file.path.endsWith('/remoteEntry.js')),
        `${id}: ${listing(files)}`,
      );
      assert.ok(
        total <= REMOTE_FIRST_SCREEN_BUDGET,
        `${id} (${path}) loads ${total} B gzipped, over its ${REMOTE_FIRST_SCREEN_BUDGET}: ${listing(files)}`,
      );
    }
  },
);
