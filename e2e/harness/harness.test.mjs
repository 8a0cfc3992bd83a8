// The harness's own checks, without the console: the accessibility gate fails on a page with a serious
// violation and passes a clean one; the load generator counts what it sends and stays on loopback.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import { after, before, test } from 'node:test';
import { median, runLoad } from '../bench/load.mjs';
import { cpuReader } from '../bench/cpu.mjs';
import { startLoadProcess } from '../bench/load-process.mjs';
import { landingAgainstReference, serveReferenceBuild } from '../bench/reference.mjs';
import { assertAccessible } from './axe.mjs';
import { launchBrowser } from './browser.mjs';
import { SERVER_NODE_FLAGS } from './server.mjs';

/** @type {import('playwright-core').Browser} */
let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/**
 * An HTTP server on a free loopback port, answering with `handler`.
 * @param {http.RequestListener} handler
 */
async function listening(handler) {
  const server = http.createServer(handler);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, port, url: `http://127.0.0.1:${port}` };
}

/** About a millisecond of CPU: work worth measuring, well above /proc's 10 ms ticks over a run. */
function busyMillisecond() {
  const until = performance.now() + 1;
  while (performance.now() < until);
}

test('the accessibility check names the rule and the element of a serious violation', async () => {
  const page = await browser.newPage();
  await page.setContent(
    '<!doctype html><html lang="en"><title>t</title><main><img src="data:,"><h1>Hi</h1></main></html>',
  );
  await assert.rejects(assertAccessible(page, 'a test page'), (error) => {
    assert.ok(error instanceof Error);
    assert.match(error.message, /on a test page/);
    assert.match(error.message, /\[critical\] image-alt/);
    assert.match(error.message, /<img src="data:,">/);
    return true;
  });
  await page.close();
});

test('the accessibility check passes a page without serious violations', async () => {
  const page = await browser.newPage();
  await page.setContent(
    '<!doctype html><html lang="en"><title>t</title><main><h1>Hi</h1><button>Go</button></main></html>',
  );
  await assertAccessible(page, 'a clean page');
  await page.close();
});

test('the load generator sends the fixed number of requests and reports their statuses', async () => {
  let served = 0;
  const { server, port } = await listening((request, response) => {
    served++;
    response.statusCode = request.headers.cookie === 'session=1' ? 200 : 401;
    response.end('{}');
  });
  try {
    const result = await runLoad({
      url: `http://127.0.0.1:${port}/x`,
      headers: { cookie: 'session=1' },
      total: 200,
      concurrency: 8,
      warmup: 10,
    });
    assert.equal(served, 210);
    assert.deepEqual(result.statuses, { 200: 200 });
    assert.ok(result.p50 <= result.p95 && result.p95 <= result.p99 && result.p99 <= result.max);
    assert.ok(result.rps > 0);
  } finally {
    server.close();
  }
});

test('the load generator reports the CPU time per request of the server and of itself', async () => {
  // The server in this process: its CPU (the whole process's, from /proc) holds the generator's.
  const { server, port } = await listening((_request, response) => {
    busyMillisecond();
    response.end('{}');
  });
  try {
    const cpu = cpuReader({ pid: process.pid, postgres: false });
    assert.ok(cpu, 'this process can be read in /proc');
    const result = await runLoad({
      url: `http://127.0.0.1:${port}/`,
      total: 300,
      concurrency: 4,
      warmup: 0,
      cpu,
    });
    assert.ok(result.cpuUs);
    assert.ok(result.cpuUs.server >= 800, `server ${result.cpuUs.server} µs a request`);
    assert.ok(result.cpuUs.generator >= 800 && result.cpuUs.generator <= result.cpuUs.server + 100);
    assert.equal(result.cpuUs.database, 0);
    // Without a reader (or for a process that is gone), no CPU figures.
    assert.equal((await runLoad({ url: `http://127.0.0.1:${port}/`, total: 4, warmup: 0 })).cpuUs, undefined);
    assert.equal(cpuReader({ pid: 2 ** 30, postgres: false }), null);
  } finally {
    server.close();
  }
});

test('the bench runs the load generator in a process of its own, its CPU apart from the server', async () => {
  let served = 0;
  const { server, port } = await listening((_request, response) => {
    served++;
    busyMillisecond();
    response.end('{}');
  });
  const generator = startLoadProcess();
  try {
    assert.notEqual(generator.pid, process.pid);
    const result = await generator.run({
      url: `http://127.0.0.1:${port}/`,
      total: 300,
      concurrency: 4,
      warmup: 20,
      cpuOf: { pid: process.pid, postgres: false },
    });
    assert.equal(served, 320);
    assert.deepEqual(result.statuses, { 200: 300 });
    assert.ok(result.cpuUs);
    // The server (this process) spends its millisecond a request; the generator's own process far less.
    assert.ok(result.cpuUs.server >= 800, `server ${result.cpuUs.server} µs a request`);
    assert.ok(result.cpuUs.generator < result.cpuUs.server / 2, `generator ${result.cpuUs.generator} µs`);
    await assert.rejects(generator.run({ url: 'http://example.org/' }), /only targets loopback/);
  } finally {
    await generator.close();
    server.close();
  }
});

test("the bench times our landing side by side with a reference console's, until its log-in control shows", async () => {
  /** A page whose log-in control (`tag`, text `label`) appears `delayMs` after it loads. */
  const page = (/** @type {string} */ tag, /** @type {string} */ label, /** @type {number} */ delayMs) =>
    `<!doctype html><html lang="en"><title>t</title><main></main><script>setTimeout(() => {
      const control = document.createElement('${tag}'); control.textContent = '${label}';
      if ('${tag}' === 'a') control.href = '/login';
      document.querySelector('main').append(control); }, ${delayMs});</script></html>`;
  /** @param {string} html */
  const serve = (html) =>
    listening((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(html);
    });
  const ours = await serve(page('button', 'Enter', 0));
  // The reference's control is a link, in Dutch, shown 400 ms after its page loads.
  const reference = await serve(page('a', 'Inloggen', 400));
  try {
    const result = await landingAgainstReference({
      browser,
      baseUrl: ours.url,
      referenceUrl: `${reference.url}/`,
      runs: 2,
      ours: {
        ready: (p) => p.getByRole('button', { name: 'Enter' }),
        seenInPage: {
          check: () => document.querySelector('main button') !== null && performance.now(),
        },
      },
    });
    assert.equal(result.reference.runs, 2);
    assert.ok(result.reference.fromNavigationMsMedian >= 400, JSON.stringify(result.reference));
    assert.ok(result.ours.fromNavigationMsMedian < result.reference.fromNavigationMsMedian);
    assert.ok(result.ratio > 0 && result.ratio < 1, String(result.ratio));
    assert.equal(result.targetRatio, 0.6);
  } finally {
    ours.server.close();
    reference.server.close();
  }
});

test('the bench serves a reference build on our API: its assets, its single page at any path, its API calls passed on', async () => {
  const scratch = await mkdtemp(join(tmpdir(), 'reference-build-'));
  const dist = join(scratch, 'dist');
  await mkdir(join(dist, 'assets'), { recursive: true });
  // A stand-in build, started as the reference console starts: the CSRF token, then the config with it,
  // then its log-in page (on /login), showing the config's name.
  await writeFile(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><title>t</title><script type="module" src="/assets/app.js"></script><main></main></html>',
  );
  const app = `const { token } = await (await fetch('/api/v1/csrf')).json();
    const config = await (await fetch('/api/v1/users/config', { headers: { 'X-CSRF-TOKEN': token } })).json();
    history.replaceState(null, '', '/login');
    const control = document.createElement('button');
    control.textContent = 'Log in';
    control.title = config.name;
    document.querySelector('main').append(control);`;
  await writeFile(join(dist, 'assets', 'app.js'), app);
  await writeFile(join(scratch, 'outside-the-build.js'), 'secret');
  /** @type {string[]} */
  const apiCalls = [];
  const api = await listening((request, response) => {
    apiCalls.push(`${request.url} ${request.headers['x-csrf-token'] ?? ''}`);
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify(request.url === '/api/v1/csrf' ? { token: 't0k' } : { name: 'from our API' }),
    );
  });
  const ours = await listening((_request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end('<!doctype html><html lang="en"><title>t</title><main><button>Enter</button></main></html>');
  });
  await assert.rejects(serveReferenceBuild({ dist: join(dist, 'assets'), apiUrl: api.url }), /no index.html/);
  const reference = await serveReferenceBuild({ dist, apiUrl: api.url });
  try {
    const result = await landingAgainstReference({
      browser,
      baseUrl: ours.url,
      referenceUrl: reference.url,
      runs: 1,
      ours: {
        ready: (p) => p.getByRole('button', { name: 'Enter' }),
        seenInPage: { check: () => document.querySelector('main button') !== null && performance.now() },
      },
    });
    assert.equal(result.reference.runs, 1);
    assert.deepEqual(apiCalls, ['/api/v1/csrf ', '/api/v1/users/config t0k']);

    const get = (/** @type {string} */ path) =>
      fetch(new URL(path, reference.url), { headers: { 'accept-encoding': 'gzip' } });
    const asset = await get('/assets/app.js');
    assert.equal(asset.headers.get('content-encoding'), 'gzip');
    assert.equal(await asset.text(), app);
    const deep = await get('/roles/3/guests');
    assert.match(String(deep.headers.get('cache-control')), /no-cache/);
    assert.match(await deep.text(), /assets\/app\.js/);
    assert.equal((await get('/assets/missing.js')).status, 404);
    assert.equal((await get('/assets/%E0%A4%A.js')).status, 404);
    assert.equal((await get('/assets/..%2f..%2foutside-the-build.js')).status, 404);
    assert.equal((await get('/..%2foutside-the-build.js')).status, 404);
  } finally {
    await reference.close();
    api.server.close();
    ours.server.close();
    await rm(scratch, { recursive: true, force: true });
  }
});

test('the bench takes the middle value, or the mean of the middle two', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([1.83]), 1.83);
});

test('the load generator refuses a host other than loopback', async () => {
  await assert.rejects(runLoad({ url: 'http://example.org/' }), /only targets loopback/);
});

test('the harness starts the server with the Node flags of its start script', async () => {
  const pkg = JSON.parse(await readFile(new URL('../../server/package.json', import.meta.url), 'utf8'));
  const [node, ...rest] = String(pkg.scripts.start).split(/\s+/);
  assert.equal(node, 'node');
  assert.deepEqual(rest, [...SERVER_NODE_FLAGS, 'dist/main.js']);
});
