// The harness's own checks, without the console: the accessibility gate fails on a page with a serious
// violation and passes a clean one; the load generator counts what it sends and stays on loopback.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import { spawn } from 'node:child_process';
import { after, before, test } from 'node:test';
import { median, runLoad } from '../bench/load.mjs';
import { backendDatabase, cpuReader } from '../bench/cpu.mjs';
import { startLoadProcess } from '../bench/load-process.mjs';
import { landingAgainstReference, serveReferenceBuild } from '../bench/reference.mjs';
import { assertAccessible } from './axe.mjs';
import { launchBrowser, newContext } from './browser.mjs';
import { waitForQuiet } from './quiet.mjs';
import { text } from './texts.mjs';
import { reportFlags, SERVER_NODE_FLAGS, startServer, whereItWaits } from './server.mjs';

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

test('the load generator reports the CPU spent during the measured requests, per request', async () => {
  const { server, port } = await listening((_request, response) => response.end('{}'));
  try {
    // A reader whose counters (ms) move only when read: 300 ms of the server's CPU, 30 of the database's
    // and 60 of the generator's between the reads around the 300 measured requests, none during the warm-up.
    const readings = [
      { server: 1000, database: 50, generator: 200 },
      { server: 1300, database: 80, generator: 260 },
    ];
    let reads = 0;
    const cpu = () => readings[reads++];
    const result = await runLoad({
      url: `http://127.0.0.1:${port}/`,
      total: 300,
      concurrency: 4,
      warmup: 5,
      cpu,
    });
    assert.equal(reads, 2);
    assert.deepEqual(result.cpuUs, { server: 1000, database: 100, generator: 200 });
    // Without a reader, no CPU figures.
    assert.equal((await runLoad({ url: `http://127.0.0.1:${port}/`, total: 4, warmup: 0 })).cpuUs, undefined);
  } finally {
    server.close();
  }
});

test("the CPU reader reads a process's CPU from /proc, and nothing for a process that is gone", async () => {
  // A process that only sleeps spends no CPU between two reads.
  const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
  try {
    await new Promise((resolve) => sleeper.once('spawn', resolve));
    const read = cpuReader({ pid: sleeper.pid, postgres: false });
    assert.ok(read, 'a live process can be read in /proc');
    const first = read();
    const second = read();
    assert.equal(second.server, first.server);
    assert.equal(first.database, 0);
    // The generator's part is this process's own CPU, which only grows.
    assert.ok(second.generator >= first.generator);
    assert.equal(cpuReader({ pid: 2 ** 30, postgres: false }), null);
    assert.equal(cpuReader({ pid: undefined, postgres: false }), null);
  } finally {
    sleeper.kill();
  }
});

test("the bench's database CPU counts the backends of its own database only, by their process titles", () => {
  /** @param {string} text */
  const title = (text) => `${text.replace(/ /g, '\0')}\0`;
  assert.equal(
    backendDatabase(title('postgres: 15/main: portal portal_bench1 127.0.0.1(40312) idle')),
    'portal_bench1',
  );
  assert.equal(backendDatabase(title('postgres: portal portal_test [local] SELECT')), 'portal_test');
  assert.equal(
    backendDatabase('postgres: 15/main: portal portal_bench1_t 127.0.0.1(40313) SELECT          '),
    'portal_bench1_t',
  );
  for (const other of [
    'postgres: 15/main: checkpointer',
    'postgres: 15/main: background writer',
    'postgres: 15/main: autovacuum worker portal_bench1',
    'postgres: 15/main: logical replication launcher',
    '/usr/lib/postgresql/15/bin/postgres -D /var/lib/postgresql/15/main',
  ])
    assert.equal(backendDatabase(title(other)), null, other);
});

test('the bench runs the load generator in a process of its own, reading the CPU of the server it names', async () => {
  let served = 0;
  const { server, port } = await listening((_request, response) => {
    served++;
    response.end('{}');
  });
  // The "server" whose CPU is read is a process that only sleeps: its share is exactly nothing, whatever
  // this process (which answers the requests) and the generator's process spend.
  const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
  const generator = startLoadProcess();
  try {
    await new Promise((resolve) => sleeper.once('spawn', resolve));
    assert.notEqual(generator.pid, process.pid);
    const result = await generator.run({
      url: `http://127.0.0.1:${port}/`,
      total: 300,
      concurrency: 4,
      warmup: 20,
      cpuOf: { pid: sleeper.pid, postgres: false },
    });
    assert.equal(served, 320);
    assert.deepEqual(result.statuses, { 200: 300 });
    assert.ok(result.cpuUs);
    assert.equal(result.cpuUs.server, 0);
    assert.equal(result.cpuUs.database, 0);
    assert.ok(Number.isInteger(result.cpuUs.generator) && result.cpuUs.generator >= 0);
    await assert.rejects(generator.run({ url: 'http://example.org/' }), /only targets loopback/);
  } finally {
    await generator.close();
    sleeper.kill();
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
    assert.equal(result.ours.runs, 2);
    // Its time runs until the control is added, which the page does no sooner than 400 ms after its
    // navigation started (a lower bound the page's own clock guarantees, however slow the machine).
    assert.ok(result.reference.fromNavigationMsMedian >= 400, JSON.stringify(result.reference));
    // The ratios are those of the two sides' medians.
    const ratio = (/** @type {number} */ a, /** @type {number} */ b) => Math.round((a / b) * 100) / 100;
    assert.equal(result.ratio, ratio(result.ours.visibleMsMedian, result.reference.visibleMsMedian));
    assert.equal(
      result.ratioFromNavigation,
      ratio(result.ours.fromNavigationMsMedian, result.reference.fromNavigationMsMedian),
    );
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

test('waitForQuiet waits for the requests in flight, and fails at its deadline naming those still open', async () => {
  /** @type {(() => void)[]} */
  const held = [];
  const { server, url } = await listening((request, response) => {
    if (request.url === '/') {
      response.setHeader('content-type', 'text/html');
      response.end(
        '<!doctype html><html lang="en"><title>t</title><main><h1>Hi</h1></main>' +
          "<script>fetch('/slow').then(() => { document.querySelector('h1').textContent = 'Done'; });</script></html>",
      );
      return;
    }
    // /slow answers only when the test releases it.
    held.push(() => response.end('{}'));
  });
  const context = await newContext(browser, url);
  try {
    const page = await context.newPage();
    await page.goto('/');
    while (held.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await assert.rejects(waitForQuiet(page, { timeoutMs: 500 }), (error) => {
      assert.ok(error instanceof Error);
      assert.match(error.message, /did not settle within 500 ms: 1 request\(s\) in flight:/);
      assert.match(error.message, new RegExp(`GET ${url}/slow \\(in flight for \\d+ ms\\)`));
      return true;
    });
    held.shift()?.();
    await waitForQuiet(page);
    assert.equal(await page.getByRole('heading').textContent(), 'Done');

    // A loader still on screen is waited for as well, and named.
    const loading = text('shared-ui', 'loader.loading');
    await page.setContent(
      `<!doctype html><html lang="en"><title>t</title><main><p>${loading}</p></main></html>`,
    );
    await assert.rejects(waitForQuiet(page, { timeoutMs: 500 }), (error) => {
      assert.ok(error instanceof Error);
      assert.match(
        error.message,
        new RegExp(`its loader "${loading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" still shows`),
      );
      return true;
    });

    // A page whose requests nobody tracks cannot be said to have settled.
    const untracked = await browser.newPage();
    await assert.rejects(waitForQuiet(untracked), /are not tracked/);
    await untracked.close();
  } finally {
    await context.close();
    server.close();
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

test('a process that never answers is described by its threads, and by its report when its event loop turns', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'report-test-'));
  // Idle, waiting for ever: the report comes, with the timer that keeps it alive.
  const idle = spawn(process.execPath, [...reportFlags(dir), '-e', 'setInterval(() => {}, 60_000)'], {
    stdio: 'ignore',
  });
  // Never back to its event loop: a loop of awaits. No report; its main thread reads as running.
  const spinning = spawn(
    process.execPath,
    [...reportFlags(dir), '-e', 'void (async () => { for (;;) await null; })()'],
    {
      stdio: 'ignore',
    },
  );
  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idleText = await whereItWaits(idle.pid, dir);
    assert.match(idleText, new RegExp(`${idle.pid} node: S do_epoll_wait`));
    assert.match(idleText, /Its active libuv handles: .*timer/);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir);
    const spinningText = await whereItWaits(spinning.pid, dir);
    assert.match(spinningText, new RegExp(`${spinning.pid} node: R `));
    assert.match(spinningText, /does not come back to its event loop/);
  } finally {
    idle.kill('SIGKILL');
    spinning.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  }
});

test('a server that does not answer in time is described, started once more, and then fails the caller', async () => {
  // Nothing answers within a millisecond of its start: both tries time out.
  const error = await startServer({ startTimeoutMs: 1 }).then(
    () => null,
    (/** @type {Error} */ e) => e,
  );
  assert.ok(error);
  assert.match(
    error.message,
    /^Twice: The server did not answer on http:\/\/127\.0\.0\.1:\d+ within 0\.001 s/,
  );
  assert.match(error.message, /The first time:\nThe server did not answer/);
  assert.equal(error.message.match(/Its threads \(state, kernel wait/g)?.length, 2);
});
