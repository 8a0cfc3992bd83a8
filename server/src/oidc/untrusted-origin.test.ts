import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { InjectBrowser } from '../test/browser.js';
import { buildTestApp } from '../test/helper.js';

/**
 * The dev IdP login started by a page at `returnTo`, every request of the way back carrying `headers`
 * (a browser's Accept-Language); the last answer of the server.
 */
async function loginFrom(
  browser: InjectBrowser,
  returnTo: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const toIdp = await browser.follow('GET', `/api/v1/users/login?returnTo=${encodeURIComponent(returnTo)}`);
  const action = /action="([^"]+)"/.exec(toIdp.response.body)?.[1] ?? '';
  let response = await browser.request('POST', action, { login: 'manager' }, headers);
  let current = new URL(action, browser.origin).href;
  for (let hops = 0; hops < 10 && response.statusCode >= 300 && response.statusCode < 400; hops++) {
    const next = new URL(String(response.headers.location), current);
    // Elsewhere, or a page of the console: where the browser's login ends.
    if (next.origin !== browser.origin || !/^\/(api|dev-idp)\//.test(next.pathname)) break;
    current = next.href;
    response = await browser.request('GET', current, undefined, headers);
  }
  return response;
}

describe('a login that comes back for an origin the server does not trust (TRUSTED_ORIGINS)', () => {
  let app: FastifyInstance;
  const logLines: string[] = [];
  beforeAll(async () => {
    app = await buildTestApp({
      logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('shows a page in English that names the origin and the setting, and logs the same facts', async () => {
    const browser = new InjectBrowser(app);
    const page = await loginFrom(browser, 'http://localhost:3010/roles', {
      'accept-language': 'en-GB,en;q=0.9',
    });

    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<meta name="viewport"');
    expect(page.body).toContain('<h1>Login cannot return to http://localhost:3010</h1>');
    expect(page.body).toContain('this server does not trust the address http://localhost:3010');
    expect(page.body).toContain(
      'TRUSTED_ORIGINS=http://localhost:3001,http://localhost:3002,http://localhost:3003,http://localhost:3004,http://localhost:3010',
    );
    expect(page.body).toContain('<a href="http://localhost:8080/">Go to the console</a>');
    // Logged in all the same: the console works when the person goes there.
    expect((await browser.request('GET', '/api/v1/users/me')).statusCode).toBe(200);

    const warning = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.origin === 'http://localhost:3010');
    expect(warning).toMatchObject({
      level: 40,
      origin: 'http://localhost:3010',
      trustedOrigins: [
        'http://localhost:3001',
        'http://localhost:3002',
        'http://localhost:3003',
        'http://localhost:3004',
      ],
    });
    expect(String(warning?.msg)).toContain('TRUSTED_ORIGINS');
  });

  it('speaks Dutch to a Dutch browser, and to anyone whose console language cookie says nl', async () => {
    const byBrowser = await loginFrom(new InjectBrowser(app), 'http://localhost:3010/', {
      'accept-language': 'nl-NL,nl;q=0.9,en;q=0.8',
    });
    const byCookie = new InjectBrowser(app);
    byCookie.cookie = 'lang=nl';
    const byChoice = await loginFrom(byCookie, 'http://localhost:3011/', { 'accept-language': 'en-US' });

    for (const [page, origin] of [
      [byBrowser, 'http://localhost:3010'],
      [byChoice, 'http://localhost:3011'],
    ] as const) {
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<html lang="nl">');
      expect(page.body).toContain(`<h1>Inloggen kan niet terug naar ${origin}</h1>`);
      expect(page.body).toContain(`deze server vertrouwt het adres ${origin} niet`);
      expect(page.body).toContain('de instelling TRUSTED_ORIGINS');
      expect(page.body).toContain('>Naar de console</a>');
    }
  });

  it('escapes what it repeats of the address', async () => {
    // An origin is a scheme, host and port only: nothing of a path or query reaches the page.
    const page = await loginFrom(new InjectBrowser(app), 'http://localhost:3010/"><script>alert(1)</script>');
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('http://localhost:3010');
  });

  it('still returns to a trusted origin and to the console itself without a page', async () => {
    const trusted = await loginFrom(new InjectBrowser(app), 'http://localhost:3004/roles');
    expect([trusted.statusCode, trusted.headers.location]).toEqual([302, 'http://localhost:3004/roles']);
    const own = await loginFrom(new InjectBrowser(app), '/roles/4');
    expect([own.statusCode, own.headers.location]).toEqual([302, 'http://localhost:8080/roles/4']);
  });
});
