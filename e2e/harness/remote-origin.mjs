// A remote's standalone build served on an origin of its own, as QA runs one remote (`npm run start -w
// mfe-<id>`): its files from its dist folder, any other path its index.html (client routes), and the
// server's paths (the API, the identity provider, remotes.json, the bundles, the registry's logos) passed
// to the API server, as the remote's dev server proxies them (tooling/webpack.app.cjs, devServer.proxy).
import { readFile, stat } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

/** The dev server's proxied paths. */
const PROXIED = /^\/(api|dev-idp|remotes\.json|remotes|registry)(\/|$)/;
/** @type {Record<string, string>} */
const TYPES = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
};

/**
 * The file a path names in `dist`: the path itself, else its shortest tail that exists (the standalone
 * page references its bundles relatively, publicPath 'auto', so /home/roles asks for /home/main.x.js).
 * @param {string} dist
 * @param {string} pathname
 */
async function fileFor(dist, pathname) {
  const segments = normalize(pathname).split(/[\\/]/).filter(Boolean);
  for (let start = 0; start < segments.length; start++) {
    const file = join(dist, ...segments.slice(start));
    if (!file.startsWith(dist + sep)) return null;
    try {
      if ((await stat(file)).isFile()) return file;
    } catch {
      // not this tail
    }
  }
  return null;
}

/**
 * Serves `dist` on 127.0.0.1:`port` and passes the server's paths to `api()` (the API server's base URL,
 * asked at each request: the server may start after this one).
 * @param {{ dist: string, port: number, api: () => string }} options
 * @returns {Promise<{ origin: string, close: () => Promise<void> }>}
 */
export async function serveRemoteOnItsOwn({ dist, port, api }) {
  const server = createServer(async (incoming, answer) => {
    const url = new URL(incoming.url ?? '/', 'http://x');
    if (PROXIED.test(url.pathname)) {
      const target = new URL(`${url.pathname}${url.search}`, api());
      // The Host stays the remote's, as the dev server's proxy leaves it (changeOrigin off).
      const forwarded = httpRequest(
        target,
        { method: incoming.method, headers: incoming.headers },
        (response) => {
          answer.writeHead(response.statusCode ?? 502, response.headers);
          response.pipe(answer);
        },
      );
      forwarded.on('error', () => answer.writeHead(502).end());
      incoming.pipe(forwarded);
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      answer.writeHead(400).end();
      return;
    }
    const file = (await fileFor(dist, pathname)) ?? (extname(pathname) ? null : join(dist, 'index.html'));
    if (!file) {
      answer.writeHead(404).end();
      return;
    }
    answer.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
    });
    answer.end(await readFile(file));
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
