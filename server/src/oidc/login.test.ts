import type { FastifyInstance } from 'fastify';
import { InjectBrowser } from '../test/browser.js';
import { inviteAndAccept } from '../test/authority-kit.js';
import { buildTestApp, loginAs } from '../test/helper.js';

/** The sources of a Content-Security-Policy's form-action directive. */
function formActionSources(policy: unknown): string[] {
  const directive = String(policy)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'form-action');
  return directive ? directive.slice(1) : [];
}

/** Whether a form on a page of `self` may lead to `url` under these form-action sources (origins only). */
function allowedBy(sources: string[], url: string, self: string): boolean {
  const origin = new URL(url).origin;
  return sources.some((source) => (source === "'self'" ? origin === self : source === origin));
}

/** Posts the login form and follows every redirect, to any origin; returns each redirect's target. */
async function redirectsAfterPost(
  browser: InjectBrowser,
  action: string,
  form: Record<string, string>,
): Promise<string[]> {
  const hops: string[] = [];
  let response = await browser.request('POST', action, form);
  let current = new URL(action, browser.origin).href;
  while (response.statusCode >= 300 && response.statusCode < 400 && hops.length < 10) {
    current = new URL(String(response.headers.location), current).href;
    hops.push(current);
    // Outside the server (a remote's own origin): the browser's journey ends there.
    if (new URL(current).origin !== browser.origin) break;
    response = await browser.request('GET', current);
  }
  return hops;
}

describe('login through the development identity provider', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('shows the login page, signs the manager in and lands on the console', async () => {
    const browser = new InjectBrowser(app);
    const { loginPage, landing } = await browser.login('manager');
    expect(loginPage).toContain('<label for="login">Username or e-mail</label>');
    expect(loginPage).toContain('<button type="submit">Log in</button>');
    expect(loginPage).toContain('institution-admin');
    expect(landing).toBe('http://localhost:8080/');

    const me = await browser.request('GET', '/api/v1/users/me');
    expect(me.statusCode).toBe(200);
    expect(me.headers['x-session-alive']).toBe('true');
    expect(me.json()).toMatchObject({
      sub: 'urn:collab:person:example.org:manager',
      email: 'manager@example.org',
      givenName: 'Max',
      familyName: 'Manager',
      schacHomeOrganization: 'example.org',
      superUser: false,
      institutionAdmin: false,
    });
    const config = await browser.request('GET', '/api/v1/users/config');
    expect(config.json()).toMatchObject({ authenticated: true, name: 'Max Manager', missingAttributes: [] });
  });

  it('returns to a remote run on its own (a trusted origin) after login, and never to an untrusted one', async () => {
    const fromRemote = await new InjectBrowser(app).login(
      'manager',
      `?returnTo=${encodeURIComponent('http://localhost:3004/')}`,
    );
    expect(fromRemote.landing).toBe('http://localhost:3004/');

    const sameOrigin = await new InjectBrowser(app).login('manager', '?returnTo=%2Froles%2F4');
    expect(sameOrigin.landing).toBe('http://localhost:8080/roles/4');

    for (const elsewhere of ['https://evil.example.org/', '//evil.example.org/x', 'http://localhost:3999/']) {
      const refused = await new InjectBrowser(app).login(
        'manager',
        `?returnTo=${encodeURIComponent(elsewhere)}`,
      );
      // Not there, nor silently home: a page that names the origin and TRUSTED_ORIGINS (untrusted-origin.test.ts).
      expect([elsewhere, refused.response.statusCode, refused.response.headers.location]).toEqual([
        elsewhere,
        200,
        undefined,
      ]);
      expect(refused.response.body).toContain(
        `<h1>Login cannot return to ${new URL(elsewhere, 'http://localhost:8080/').origin}</h1>`,
      );
    }
  });

  it('lets the login form lead back to every trusted origin: each redirect after the post is a form target', async () => {
    // Chromium checks every redirect that follows a form's post against the form page's form-action.
    for (const port of [3001, 3002, 3003, 3004]) {
      const returnTo = `http://localhost:${port}/home/roles?page=2`;
      const browser = new InjectBrowser(app);
      const toIdp = await browser.follow(
        'GET',
        `/api/v1/users/login?returnTo=${encodeURIComponent(returnTo)}`,
      );
      const sources = formActionSources(toIdp.response.headers['content-security-policy']);
      const action = /action="([^"]+)"/.exec(toIdp.response.body)?.[1] ?? '';
      const hops = await redirectsAfterPost(browser, action, { login: 'manager' });
      expect(hops.at(-1)).toBe(returnTo);
      const blocked = hops.filter((hop) => !allowedBy(sources, hop, browser.origin));
      expect([returnTo, blocked]).toEqual([returnTo, []]);
    }
  });

  it('gives the login page no form target but its own and the trusted origins', async () => {
    const page = await new InjectBrowser(app).follow('GET', '/api/v1/users/login');
    expect(formActionSources(page.response.headers['content-security-policy'])).toEqual([
      "'self'",
      'http://localhost:3001',
      'http://localhost:3002',
      'http://localhost:3003',
      'http://localhost:3004',
    ]);
    // The console's own pages and the API keep form-action 'self'.
    const csrf = await app.inject({ method: 'GET', url: '/api/v1/csrf' });
    expect(formActionSources(csrf.headers['content-security-policy'])).toEqual(["'self'"]);
  });

  it('with TRUSTED_ORIGINS, the login page allows exactly those origins besides its own', async () => {
    const qa = await buildTestApp({
      env: { TRUSTED_ORIGINS: 'https://qa.example.org,http://127.0.0.1:4101' },
    });
    try {
      const browser = new InjectBrowser(qa);
      const returnTo = 'http://127.0.0.1:4101/tokens';
      const toIdp = await browser.follow(
        'GET',
        `/api/v1/users/login?returnTo=${encodeURIComponent(returnTo)}`,
      );
      const sources = formActionSources(toIdp.response.headers['content-security-policy']);
      expect(sources).toEqual(["'self'", 'https://qa.example.org', 'http://127.0.0.1:4101']);
      const action = /action="([^"]+)"/.exec(toIdp.response.body)?.[1] ?? '';
      // An empty name shows the form again, under the same policy.
      const again = await browser.request('POST', action, { login: ' ' });
      expect(again.statusCode).toBe(400);
      expect(formActionSources(again.headers['content-security-policy'])).toEqual(sources);
      const hops = await redirectsAfterPost(browser, action, { login: 'manager' });
      expect(hops.at(-1)).toBe(returnTo);
      expect(hops.filter((hop) => !allowedBy(sources, hop, browser.origin))).toEqual([]);
    } finally {
      await qa.close();
    }
  });

  it('gives the session a new id and a new CSRF token at login', async () => {
    const browser = new InjectBrowser(app);
    const before = (await browser.request('GET', '/api/v1/csrf')).json().token;
    const cookieBefore = browser.cookie;
    await browser.login('inviter');
    expect(browser.cookie).not.toBe(cookieBefore);
    const after = (await browser.request('GET', '/api/v1/csrf')).json().token;
    expect(after).not.toBe(before);
    const { rows } = await app.db.query('SELECT 1 FROM sessions WHERE data::text LIKE $1', [`%${before}%`]);
    expect(rows).toHaveLength(0);
  });

  it('returns to the invitation accept page when a hash is given, and forces a fresh login', async () => {
    const browser = new InjectBrowser(app);
    const first = await browser.login('guest', '?hash=abc123');
    expect(first.landing).toBe('http://localhost:8080/invitation/accept?hash=abc123');

    // Without force the IdP session signs in again silently; with force the login page shows again.
    const silent = await browser.follow('GET', '/api/v1/users/login');
    expect(silent.url).toBe('http://localhost:8080/');
    const forced = await browser.follow('GET', '/api/v1/users/login?force=true');
    expect(forced.response.body).toContain('Username or e-mail');
  });

  it('marks the institution admin from its entitlements and loads its institution', async () => {
    const browser = new InjectBrowser(app);
    await browser.login('institution-admin');
    const me = (await browser.request('GET', '/api/v1/users/me')).json();
    expect(me).toMatchObject({
      institutionAdmin: true,
      organizationGUID: 'ad93daef-0911-e511-80d0-005056956c1a',
      institution: { 'name:en': 'Universiteit Harderwijk' },
      highestAuthority: 'INSTITUTION_ADMIN',
    });
    expect(me.applications.map((a: { id: string }) => a.id).sort()).toEqual(['app-mail', 'app-wiki']);
  });

  it('makes the admin persona a super user (default SUPER_USER_SUBS)', async () => {
    const browser = new InjectBrowser(app);
    await browser.login('admin');
    expect((await browser.request('GET', '/api/v1/users/me')).json()).toMatchObject({ superUser: true });
  });

  it('keeps the super-user right an accepted invitation granted at a later login, and drops one stored by hand', async () => {
    const admin = await loginAs(app, 'admin');
    const piet = { ...(await loginAs(app, 'piet.promoted@uni.example')), email: 'piet.promoted@uni.example' };
    await inviteAndAccept(app, admin, piet, 'SUPER_USER');
    const again = new InjectBrowser(app);
    await again.login('piet.promoted@uni.example');
    expect((await again.request('GET', '/api/v1/users/me')).json()).toMatchObject({ superUser: true });

    // No grant, no configured sub: a flag written into the row is gone at the next login.
    const klaas = await loginAs(app, 'klaas.by.hand@uni.example');
    await app.db.query('UPDATE users SET super_user = TRUE WHERE id = $1', [klaas.userId]);
    const later = new InjectBrowser(app);
    await later.login('klaas.by.hand@uni.example');
    expect((await later.request('GET', '/api/v1/users/me')).json()).toMatchObject({ superUser: false });
  });

  it('signs in a new person by e-mail', async () => {
    const browser = new InjectBrowser(app);
    await browser.login('jan.de.vries@uni.example');
    expect((await browser.request('GET', '/api/v1/users/me')).json()).toMatchObject({
      email: 'jan.de.vries@uni.example',
      sub: 'urn:collab:person:uni.example:jan.de.vries',
      schacHomeOrganization: 'uni.example',
    });
  });

  it('does not log in a person with missing attributes, and the config names them', async () => {
    const browser = new InjectBrowser(app);
    const { landing } = await browser.login('incomplete');
    expect(landing).toBe('http://localhost:8080/');
    const config = (await browser.request('GET', '/api/v1/users/config')).json();
    expect(config).toMatchObject({ authenticated: false, name: 'Ina' });
    expect(config.missingAttributes.sort()).toEqual(['familyName', 'schacHomeOrganization']);
    expect((await browser.request('GET', '/api/v1/users/me')).statusCode).toBe(401);
    const { rows } = await app.db.query("SELECT 1 FROM users WHERE sub LIKE '%:incomplete'");
    expect(rows).toHaveLength(0);
  });

  it('refuses a callback without a login in progress by sending the browser home', async () => {
    const browser = new InjectBrowser(app);
    const res = await browser.request('GET', '/api/v1/users/login/callback?code=x&state=y');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('http://localhost:8080/');
  });

  it('refuses a callback with a forged state', async () => {
    const browser = new InjectBrowser(app);
    await browser.request('GET', '/api/v1/users/login');
    const res = await browser.request('GET', '/api/v1/users/login/callback?code=x&state=forged');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, error: 'Bad Request' });
  });

  it('logs out', async () => {
    const browser = new InjectBrowser(app);
    await browser.login('guest');
    const out = await browser.request('GET', '/api/v1/users/logout');
    expect(out.statusCode).toBe(200);
    expect(out.headers['x-session-alive']).toBe('true');
    expect((await browser.request('GET', '/api/v1/users/me')).statusCode).toBe(401);
  });
});

describe('login with an external OpenID Connect provider', () => {
  it('mounts no dev IdP and answers 503 saying the provider cannot be reached', async () => {
    const app = await buildTestApp({
      env: {
        OIDC_ISSUER: 'http://127.0.0.1:9/unreachable',
        OIDC_CLIENT_ID: 'portal',
        OIDC_CLIENT_SECRET: 'secret',
        SESSION_SECRET: 'a-long-enough-session-secret',
      },
    });
    try {
      expect(
        (await app.inject({ method: 'GET', url: '/dev-idp/.well-known/openid-configuration' })).statusCode,
      ).toBe(404);
      const res = await app.inject({ method: 'GET', url: '/api/v1/users/login' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 503,
        message: expect.stringMatching(/^The identity provider cannot be reached; reference \d+$/),
        reference: expect.any(Number),
      });
    } finally {
      await app.close();
    }
  });
});
