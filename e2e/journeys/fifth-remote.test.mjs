// A remote the console was never built with: the fixture e2e/fixtures/mfe-hello (one route, one home tab)
// is built with the repository's remote configuration, served from its own origin, and added to
// remotes.json through the server's environment (REMOTES). The shell, untouched, shows its tab and route
// from the metadata the remote publishes in its manifest; the same remote claiming another contract major
// is refused with both versions named.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { after } from 'node:test';
import {
  E2E_DIR,
  ROOT,
  exactly,
  freePort,
  loginAs,
  pageShown,
  text,
  useConsole,
  visit,
} from '../harness/index.mjs';
import { serveRemoteOnItsOwn } from '../harness/remote-origin.mjs';

const FIXTURE = join(E2E_DIR, 'fixtures', 'mfe-hello');
const DIST = join(FIXTURE, 'dist');
/** @type {Record<string, string>} */
const TYPES = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.html': 'text/html',
  '.txt': 'text/plain',
};
/** @type {Record<string, string>} */
const en = JSON.parse(readFileSync(join(FIXTURE, 'src/translations/en.json'), 'utf8'));

/** Builds the fixture with webpack, as any remote's build would. */
function buildFixture() {
  return new Promise((resolve, reject) => {
    const webpack = join(ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
    const child = spawn(process.execPath, [webpack, '--mode', 'production'], { cwd: FIXTURE, stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(undefined)
        : reject(new Error(`building the fixture failed:\n${output.slice(-3000)}`)),
    );
  });
}

/** Serves the fixture's dist on its own origin, with CORS, as a CDN would. */
async function serveFixture() {
  const port = await freePort();
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    try {
      const body = await readFile(join(DIST, path));
      response.writeHead(200, {
        'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream',
        'Access-Control-Allow-Origin': '*',
        'Cache-Control': 'no-cache',
      });
      response.end(body);
    } catch {
      response.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end();
    }
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  return { server, url: `http://127.0.0.1:${port}/mf-manifest.json` };
}

await buildFixture();
const fixture = await serveFixture();
after(() => fixture.server.close());

// Its standalone page too, on an origin of its own with the server's paths proxied, as its team runs it.
const standalonePort = await freePort();
const { journey, state } = useConsole({
  env: {
    REMOTES: JSON.stringify({ hello: fixture.url }),
    TRUSTED_ORIGINS: `http://127.0.0.1:${standalonePort}`,
  },
});
const standalone = await serveRemoteOnItsOwn({
  dist: DIST,
  port: standalonePort,
  api: () => state.server?.baseUrl ?? 'http://127.0.0.1:9',
});
after(() => standalone.close());

journey('a fifth remote added through the environment shows its home tab and its route', async ({ page }) => {
  const remotes = await (await page.request.get('/remotes.json')).json();
  assert.equal(remotes.hello, fixture.url, '/remotes.json lists the remote REMOTES names');
  assert.ok(remotes.roles, 'the bundled remotes are still listed');

  // The shell was built without it: no shell file knows its name.
  const shellFiles = readdirSync(join(ROOT, 'shell', 'dist')).filter((file) => /\.(js|html)$/.test(file));
  for (const file of shellFiles) {
    const content = readFileSync(join(ROOT, 'shell', 'dist', file), 'utf8');
    assert.ok(!content.includes('mfe_hello'), `shell/dist/${file} does not name the fixture`);
  }

  await loginAs(page, 'manager');
  const tab = page.getByRole('tab', { name: new RegExp(`^${en.tab}`) });
  await tab.click();
  await pageShown(page, { ready: (p) => p.getByText(en.tabText), name: 'the hello tab' });
  await page.waitForURL('**/home/hello');

  await visit(page, '/hello', {
    ready: (p) => p.getByRole('heading', { name: exactly(en.title.replace('{{name}}', 'Max Manager')) }),
    name: 'the page of the fifth remote',
  });
  // The other remotes are untouched by the addition.
  await visit(page, '/home/roles', {
    ready: (p) => p.getByRole('tab', { name: /^Roles/, selected: true }),
    name: 'the roles tab next to the hello tab',
  });
});

journey(
  'a remote built against another contract major is refused, naming both versions',
  async ({ page }) => {
    // The same remote, as if built against contract 2.0: its manifest says so.
    await page.route(fixture.url, async (route) => {
      const response = await route.fetch();
      const manifest = await response.json();
      manifest.metaData.portal.contractVersion = '2.0';
      await route.fulfill({ response, json: manifest });
    });
    /** @type {string[]} */
    const errors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    /** @type {string[]} */
    const loaded = [];
    page.on('request', (request) => {
      if (request.url().startsWith(fixture.url.replace('mf-manifest.json', ''))) loaded.push(request.url());
    });

    await loginAs(page, 'manager');
    const shellVersion = JSON.parse(
      readFileSync(join(ROOT, 'shared-ui/contract-version.json'), 'utf8'),
    ).contractVersion;
    const refusal = text('shell', 'remotes.versionMismatch', {
      values: { remote: '2.0', shell: shellVersion },
    });
    await visit(page, '/hello', { ready: (p) => p.getByText(refusal), name: 'the refused remote' });
    await page.getByRole('button', { name: exactly(text('shared-ui', 'unavailable.retry')) }).waitFor();
    assert.ok(
      errors.some((line) => line.includes('Remote hello was built against contract 2.0')),
      'the refusal is logged in the console',
    );
    assert.deepEqual(
      loaded.filter((url) => !url.endsWith('/mf-manifest.json')),
      [],
      'none of its code was loaded',
    );
  },
);

journey(
  'the fifth remote runs on its own: its standalone page logs in and shows its route',
  async ({ page }) => {
    await page.goto(`${standalone.origin}/hello`);
    const username = page.getByLabel('Username or e-mail');
    await username.waitFor({ state: 'visible' });
    await username.fill('manager');
    await page.getByRole('button', { name: exactly('Log in') }).click();
    await page.waitForURL((url) => url.origin === standalone.origin && url.pathname === '/hello');
    await pageShown(page, {
      ready: (p) => p.getByRole('heading', { name: exactly(en.title.replace('{{name}}', 'Max Manager')) }),
      name: 'the standalone page of the fifth remote',
    });
  },
);
