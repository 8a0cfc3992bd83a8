import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fileRegistry } from '../registry/file-registry.js';
import { HW_GUID } from '../test/api-kit.js';
import { SESSION_COOKIE } from '../plugins/session.js';
import { buildTestApp, cookiesFrom, loginAs } from '../test/helper.js';
import { LANGUAGE_COOKIE_META } from 'shared-auth/rules';
import { answersBlock, SESSION_HINT, STARTUP_ANSWERS_ID } from './static.js';

/** The page's inline script (the shell's is startup.js), and its CSP source. */
const INLINE = 'window.early = fetch("/api/v1/csrf");';
const INLINE_SOURCE = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;

function write(root: string, file: string, content: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

describe('static serving of the built bundles', () => {
  let app: FastifyInstance;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-static-'));
    write(
      root,
      'shell/dist/index.html',
      `<!doctype html><title>console</title><script>${INLINE}</script><script defer src="/main.3f2a9c1b7d.js"></script>`,
    );
    write(root, 'shell/dist/main.3f2a9c1b7d.js', 'console');
    write(root, 'mfe-tokens/dist/mf-manifest.json', '{"id":"tokens"}');
    write(root, 'mfe-tokens/dist/remoteEntry.js', 'entry');
    write(root, 'mfe-tokens/dist/123.a1b2c3d4e5.js', 'chunk');
    write(root, 'mfe-tokens/dist/index.html', '<!doctype html><title>tokens</title>');
    app = await buildTestApp({
      env: {
        STATIC_DIR: root,
        REMOTE_SYSTEM_URL: 'https://cdn.example.org/system/mf-manifest.json',
        REMOTES: '{"reports":"https://reports.example.org/mf-manifest.json"}',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it("serves the shell at / and client routes as index.html, never stored (it holds a session's answers)", async () => {
    for (const url of ['/', '/home/roles', '/invitation/accept?hash=abc', '/roles/12/guests']) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.body).toContain('<title>console</title>');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
    // HEAD carries no answers (and starts no session): revalidated as before.
    const head = await app.inject({ method: 'HEAD', url: '/' });
    expect(head.headers['cache-control']).toBe('no-cache');
    expect(head.headers['set-cookie']).toBeUndefined();
  });

  /** The startup answers a page carries (its data block), by call name. */
  const carried = (body: string): Record<string, { status: number; alive: boolean; body: string }> => {
    const block = new RegExp(
      `<script type="application/json" id="${STARTUP_ANSWERS_ID}">(.*?)</script>`,
    ).exec(body);
    if (!block) throw new Error(`no startup answers in ${body}`);
    return JSON.parse(block[1]) as Record<string, { status: number; alive: boolean; body: string }>;
  };

  it("carries startup's answers for an anonymous page: a new session's CSRF token, the config and the remotes", async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/?lang=nl',
      headers: { 'accept-language': 'en-GB' },
    });
    const answers = carried(res.body);
    expect(Object.keys(answers).sort()).toEqual(['config', 'csrf', 'remotes']);
    // The CSRF call's session is the page's: its cookie is set, and the token is that session's.
    const cookie = cookiesFrom(res.headers['set-cookie']);
    expect(cookie).toContain(`${SESSION_COOKIE}=`);
    const token = (JSON.parse(answers.csrf.body) as { token: string }).token;
    const again = await app.inject({ method: 'GET', url: '/api/v1/csrf', headers: { cookie } });
    expect(again.json()).toEqual({ token });
    expect(answers.csrf).toMatchObject({ status: 200, alive: true });
    // The config in the page's language (its lang query before the browser's).
    expect(JSON.parse(answers.config.body)).toMatchObject({ authenticated: false, locale: 'nl' });
    expect(JSON.parse(answers.remotes.body)).toMatchObject({
      system: 'https://cdn.example.org/system/mf-manifest.json',
      reports: 'https://reports.example.org/mf-manifest.json',
    });
    // The page's inline script keeps its hash valid: the block is data, placed before it.
    expect(res.body).toContain(`</script><script>${INLINE}</script>`);
    expect(String(res.headers['content-security-policy'])).toContain(INLINE_SOURCE);
  });

  it("carries a logged-in user's answer, and the same session's token", async () => {
    const session = await loginAs(app, 'admin');
    const res = await app.inject({ method: 'GET', url: '/home', headers: { cookie: session.cookie } });
    const answers = carried(res.body);
    expect(JSON.parse(answers.config.body)).toMatchObject({ authenticated: true });
    expect(JSON.parse(answers.me.body)).toMatchObject({ id: session.userId, superUser: true });
    expect(JSON.parse(answers.csrf.body)).toEqual({ token: session.csrf });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('carries no user whose session is unknown, and no text that could end its block early', async () => {
    const stale = await app.inject({
      method: 'GET',
      url: '/home',
      cookies: { portal_session: 'anything' },
    });
    expect(carried(stale.body).me).toBeUndefined();
    expect(answersBlock({ csrf: { status: 200, alive: true, body: '{"x":"</script><!--"}' } })).not.toMatch(
      /<\/script>.*<\/script>|<!--/,
    );
  });

  it("allows the page's inline script by its hash in the page's CSP, and only there", async () => {
    for (const url of ['/', '/index.html', '/roles/12/guests']) {
      const policy = String((await get(url)).headers['content-security-policy']);
      const scripts = policy.split(';').find((d) => d.startsWith('script-src')) ?? '';
      expect([url, scripts.split(' ')]).toEqual([url, expect.arrayContaining(["'self'", INLINE_SOURCE])]);
      // No other inline script, and no 'unsafe-inline'.
      expect(scripts.match(/'sha256-/g)).toHaveLength(1);
      expect(policy).not.toContain("script-src 'unsafe-inline'");
    }
    expect((await get('/index.html')).body).toContain('<title>console</title>');
    const api = await get('/api/v1/users/config');
    expect(api.headers['content-security-policy']).not.toContain('sha256-');
  });

  it('says before the inline script whether the browser sent a session cookie, keeping its hash valid', async () => {
    const anonymous = await get('/home');
    expect(anonymous.body).not.toContain('portal-session');
    for (const url of ['/', '/home', '/roles/12/guests']) {
      const res = await app.inject({ method: 'GET', url, cookies: { portal_session: 'anything' } });
      expect(res.body).toContain(
        `<title>console</title>${SESSION_HINT}<meta name="${LANGUAGE_COOKIE_META}" content="" /><script type="application/json"`,
      );
      expect(res.body).toContain(`</script><script>${INLINE}</script>`);
      expect(String(res.headers['content-security-policy'])).toContain(INLINE_SOURCE);
      expect(res.headers.vary).toContain('Cookie');
    }
  });

  it("gives the page its lang cookie's language before the inline script, never the cookie as sent", async () => {
    const carried = async (cookies: Record<string, string>, url = '/') => {
      const res = await app.inject({ method: 'GET', url, cookies });
      const metas = [
        ...res.body.matchAll(new RegExp(`<meta name="${LANGUAGE_COOKIE_META}" content="([^"]*)" />`, 'g')),
      ];
      expect(res.body.indexOf(`name="${LANGUAGE_COOKIE_META}"`)).toBeLessThan(
        res.body.indexOf(`<script>${INLINE}`),
      );
      expect(String(res.headers['content-security-policy'])).toContain(INLINE_SOURCE);
      return metas.map((m) => m[1]);
    };
    // As the page's own rules read the cookie (spec §1): nl or en, anything else en; none, empty.
    expect(await carried({ lang: 'nl' })).toEqual(['nl']);
    expect(await carried({ lang: 'NL-be' }, '/home/roles')).toEqual(['nl']);
    expect(await carried({ lang: 'en' })).toEqual(['en']);
    expect(await carried({ lang: 'fr' })).toEqual(['en']);
    // A value holding '=' is a value all the same, as the page reads it from document.cookie.
    expect(await carried({ lang: 'nl=x' })).toEqual(['nl']);
    expect(await carried({ lang: '"><script>alert(1)</script>' })).toEqual(['en']);
    expect(await carried({ lang: '  ' })).toEqual(['']);
    expect(await carried({})).toEqual(['']);
    expect(await carried({ other: 'nl' })).toEqual(['']);
  });

  it('answers a shell bundle asked for under a deep link (relative script paths)', async () => {
    const res = await get('/roles/12/main.3f2a9c1b7d.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/api/v1/main.3f2a9c1b7d.js')).statusCode).toBe(404);
    expect((await get('/roles/12/other.js')).statusCode).toBe(404);
    expect((await get('/roles/%E0%A4%A.js')).statusCode).toBe(400);
  });

  it('does not answer API paths or missing files with the shell', async () => {
    const api = await get('/api/v1/unknown');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 404 });
    expect((await get('/missing.js')).statusCode).toBe(404);
  });

  it('caches hashed shell chunks for a year', async () => {
    const res = await get('/main.3f2a9c1b7d.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves a remote: manifest and entry revalidated with CORS, chunks cached for a year', async () => {
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const res = await get(`/remotes/tokens/${file}`);
      expect([file, res.statusCode, res.headers['cache-control']]).toEqual([file, 200, 'no-cache']);
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
    const chunk = await get('/remotes/tokens/123.a1b2c3d4e5.js');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
    const standalone = await get('/remotes/tokens/');
    expect(standalone.body).toContain('<title>tokens</title>');
    expect(standalone.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for a remote that is not built, and keeps the API working', async () => {
    expect((await get('/remotes/roles/mf-manifest.json')).statusCode).toBe(404);
    expect((await get('/api/v1/users/config')).statusCode).toBe(200);
  });

  it('lists the remotes in /remotes.json, overridable per remote, with any further remote', async () => {
    const res = await get('/remotes.json');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      roles: 'http://localhost:8080/remotes/roles/mf-manifest.json',
      invitations: 'http://localhost:8080/remotes/invitations/mf-manifest.json',
      system: 'https://cdn.example.org/system/mf-manifest.json',
      tokens: 'http://localhost:8080/remotes/tokens/mf-manifest.json',
      reports: 'https://reports.example.org/mf-manifest.json',
    });
  });

  it('sends a CSP that allows the remote origins, and no HSTS or upgrade over http', async () => {
    const res = await get('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/cdn\.example\.org/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/cdn\.example\.org/);
    expect(csp).not.toMatch(/upgrade-insecure-requests/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('static serving without any build', () => {
  it('answers the console with 503 and keeps the API working', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-empty-'));
    const app = await buildTestApp({ env: { STATIC_DIR: empty } });
    try {
      const res = await app.inject({ method: 'GET', url: '/home' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toMatch(/not built/);
      expect((await app.inject({ method: 'GET', url: '/api/v1/users/config' })).json()).toMatchObject({
        authenticated: false,
      });
      // The bundled registry's logos are the server's, not the build's.
      expect((await app.inject({ method: 'GET', url: '/registry/logos/app-wiki.svg' })).statusCode).toBe(200);
    } finally {
      await app.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe("the bundled registry's logos", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves the logo every bundled entity names, as SVG cached for a day', async () => {
    const registry = fileRegistry();
    const logos = [
      ...(await registry.providers()).map((p) => p.logo),
      (await registry.identityProviderByOrganizationGUID(HW_GUID))?.logo,
    ];
    expect(logos.length).toBeGreaterThanOrEqual(9);
    for (const logo of logos) {
      expect(logo).toMatch(/^\/registry\/logos\/[\w-]+\.svg$/);
      const res = await app.inject({ method: 'GET', url: logo! });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.body).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
  });

  it('answers 404 for an unknown logo and for a path out of the logos folder', async () => {
    for (const url of [
      '/registry/logos/app-unknown.svg',
      '/registry/logos/../applications.json',
      '/registry/logos/%2e%2e/applications.json',
      '/registry/applications.json',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(res.body).not.toMatch(/metaDataFields/);
    }
  });
});
