// The landing page side by side with another console's (issue 11: "landing visible ≤ 0.6× the reference
// console's time, side by side in one run"). BENCH_REFERENCE_URL names a console already running (the
// reference console's own build, served with its API); BENCH_REFERENCE_DIST names a reference build's
// directory instead, which the bench serves itself, on our server's API (serveReferenceBuild). Its landing
// counts as visible once a log-in control shows (BENCH_REFERENCE_READY, a regular expression of its text;
// by default "Log in", "Login" or "Inloggen"). The cold loads alternate, ours then the reference's, so that
// what slows the machine for a while slows both.
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { coldLoad, summarize } from './page-load.mjs';

/** Our landing's visible time at most this fraction of the reference's (issue 11). */
export const REFERENCE_RATIO_TARGET = 0.6;
const DEFAULT_READY = '^\\s*(log ?in|inloggen)\\s*$';

/**
 * In the page's own terms (page-load.mjs's seenInPage): a button or link whose text matches, visible.
 * @param {{ source: string, flags: string }} pattern
 */
function controlSeen({ source, flags }) {
  const expression = new RegExp(source, flags);
  return (
    Array.from(document.querySelectorAll('button, a, [role=button]')).some(
      (e) =>
        expression.test(e.textContent ?? '') &&
        e.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
    ) && performance.now()
  );
}

/**
 * Cold loads of our landing and of the reference's, alternating; each side summarised (page-load.mjs),
 * with the ratios of the medians.
 * @param {{ browser: import('playwright-core').Browser, baseUrl: string, referenceUrl: string, runs: number,
 *   ours: { ready: (page: import('playwright-core').Page) => import('playwright-core').Locator, seenInPage: { check: (arg: any) => number | false, arg?: unknown } },
 *   readyText?: string }} options
 */
export async function landingAgainstReference({ browser, baseUrl, referenceUrl, runs, ours, readyText }) {
  const reference = new URL(referenceUrl);
  const expression = new RegExp(readyText ?? DEFAULT_READY, 'i');
  const theirs = {
    ready: (/** @type {import('playwright-core').Page} */ page) =>
      page.getByRole('button', { name: expression }).or(page.getByRole('link', { name: expression })),
    seenInPage: { check: controlSeen, arg: { source: expression.source, flags: expression.flags } },
  };
  const ourLoads = [];
  const theirLoads = [];
  for (let i = 0; i < runs; i++) {
    ourLoads.push(await coldLoad(browser, baseUrl, '/', ours.ready, { seenInPage: ours.seenInPage }));
    theirLoads.push(
      await coldLoad(browser, reference.origin, `${reference.pathname}${reference.search}`, theirs.ready, {
        seenInPage: theirs.seenInPage,
      }),
    );
  }
  const ourSummary = summarize(ourLoads);
  const theirSummary = summarize(theirLoads);
  const ratio = (/** @type {number} */ a, /** @type {number} */ b) => Math.round((a / b) * 100) / 100;
  return {
    referenceUrl: reference.href,
    readyText: expression.source,
    ours: ourSummary,
    reference: theirSummary,
    ratio: ratio(ourSummary.visibleMsMedian, theirSummary.visibleMsMedian),
    ratioFromNavigation: ratio(ourSummary.fromNavigationMsMedian, theirSummary.fromNavigationMsMedian),
    jsGzipRatio: ratio(ourSummary.jsBytesGzip, theirSummary.jsBytesGzip),
    targetRatio: REFERENCE_RATIO_TARGET,
  };
}

/** The paths a reference build sends to its API server, as its own web server does (Invite's appconf.conf). */
const API_PATHS = /^\/(api|oauth2|internal|ui)(\/|$)|^\/login\//;
/** Asset files, answered from the build or 404; any other path is the single page's index.html. */
const ASSET_PATH = /\.(js|mjs|css|map|svg|png|ico|woff2?|ttf|json)$/;
const CONTENT_TYPES = /** @type {Record<string, string>} */ ({
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
});

/**
 * A reference console's own build (`dist`: its index.html and assets) served on a loopback port as its
 * own web server serves it: asset files (gzip-compressed when the browser accepts it, cached a year),
 * index.html for every other path (not cached), and its API paths passed to `apiUrl` (our server), so
 * that its landing runs on our API and data. For BENCH_REFERENCE_DIST, when no reference runs elsewhere.
 * @param {{ dist: string, apiUrl: string }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function serveReferenceBuild({ dist, apiUrl }) {
  const root = resolve(dist);
  const index = join(root, 'index.html');
  if (!existsSync(index)) throw new Error(`no index.html in the reference build ${root}`);
  const api = new URL(apiUrl);
  /** @type {Map<string, Buffer>} */
  const compressed = new Map();
  /** @param {http.IncomingMessage} request @param {http.ServerResponse} response @param {string} file @param {string} cache */
  const sendFile = (request, response, file, cache) => {
    const body = readFileSync(file);
    const headers = {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': cache,
    };
    if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      response.writeHead(200, headers).end(body);
      return;
    }
    let gzipped = compressed.get(file);
    if (!gzipped) compressed.set(file, (gzipped = gzipSync(body, { level: 9 })));
    response.writeHead(200, { ...headers, 'content-encoding': 'gzip' }).end(gzipped);
  };
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://reference').pathname;
    if (API_PATHS.test(pathname)) {
      const upstream = http.request(
        {
          host: api.hostname,
          port: api.port,
          path: request.url,
          method: request.method,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => response.writeHead(502).end());
      request.pipe(upstream);
      return;
    }
    if (ASSET_PATH.test(pathname)) {
      let file = '';
      try {
        file = join(root, normalize(decodeURIComponent(pathname)));
      } catch {
        // A malformed escape (%E0%A4%A): no file has that name.
      }
      const inside = file.startsWith(root + sep) && existsSync(file) && statSync(file).isFile();
      if (inside) sendFile(request, response, file, 'max-age=31536000');
      else response.writeHead(404).end();
      return;
    }
    sendFile(request, response, index, 'no-cache, no-store, must-revalidate');
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', () => done(undefined)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done(undefined));
      }),
  };
}
