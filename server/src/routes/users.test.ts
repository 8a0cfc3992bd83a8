import type { FastifyInstance, InjectOptions } from 'fastify';
import { createRole, grantRole } from '../test/fixtures.js';
import { buildTestApp, loginAs, type TestSession } from '../test/helper.js';

type Who = 'anonymous' | 'guest' | 'inviter' | 'manager' | 'institutionAdmin' | 'superUser';
const PERSONA: Record<Exclude<Who, 'anonymous'>, string> = {
  guest: 'guest',
  inviter: 'inviter',
  manager: 'manager',
  institutionAdmin: 'institution-admin',
  superUser: 'admin',
};

let app: FastifyInstance;
const sessions = {} as Record<Exclude<Who, 'anonymous'>, TestSession>;
let anonymousHeaders: Record<string, string>;
let outsiderId: number;

beforeAll(async () => {
  app = await buildTestApp();
  for (const [who, persona] of Object.entries(PERSONA)) {
    sessions[who as keyof typeof PERSONA] = await loginAs(app, persona);
  }
  // The wiki role (an application of the institution admin's organisation): manager, inviter, guest.
  const wiki = await createRole(app, 'Wiki Editors', ['app-wiki']);
  await grantRole(app, sessions.manager.userId, wiki, 'MANAGER');
  await grantRole(app, sessions.inviter.userId, wiki, 'INVITER');
  await grantRole(app, sessions.guest.userId, wiki, 'GUEST');
  // Someone with a role elsewhere only.
  const outsider = await loginAs(app, 'olga.outsider@other.example');
  outsiderId = outsider.userId;
  await grantRole(app, outsiderId, await createRole(app, 'Elsewhere Users', ['app-other']), 'GUEST');
  // An anonymous caller with a CSRF token, so that the answer is about authentication.
  const csrf = await app.inject({ method: 'GET', url: '/api/v1/csrf' });
  const cookie = String(csrf.headers['set-cookie']).split(';')[0];
  anonymousHeaders = { cookie, 'x-csrf-token': csrf.json().token };
});
afterAll(async () => {
  await app.close();
});

function call(who: Who, method: InjectOptions['method'], url: string, payload?: object) {
  const headers = who === 'anonymous' ? anonymousHeaders : sessions[who].headers;
  return app.inject({ method, url, headers, payload });
}

describe('permission table of the users endpoints', () => {
  const guestId = () => sessions.guest.userId;
  const cases: Array<[string, InjectOptions['method'], () => string, Record<Who, number>]> = [
    [
      'users/me',
      'GET',
      () => '/api/v1/users/me',
      { anonymous: 401, guest: 200, inviter: 200, manager: 200, institutionAdmin: 200, superUser: 200 },
    ],
    [
      'users/search',
      'GET',
      () => '/api/v1/users/search',
      { anonymous: 401, guest: 403, inviter: 403, manager: 403, institutionAdmin: 403, superUser: 200 },
    ],
    [
      'users/search-by-application',
      'GET',
      () => '/api/v1/users/search-by-application',
      { anonymous: 401, guest: 403, inviter: 403, manager: 403, institutionAdmin: 200, superUser: 403 },
    ],
    [
      'users/other (a guest of the wiki role)',
      'GET',
      () => `/api/v1/users/other/${guestId()}`,
      { anonymous: 401, guest: 200, inviter: 404, manager: 200, institutionAdmin: 200, superUser: 200 },
    ],
    [
      'users/other (someone elsewhere)',
      'GET',
      () => `/api/v1/users/other/${outsiderId}`,
      { anonymous: 401, guest: 404, inviter: 404, manager: 404, institutionAdmin: 404, superUser: 200 },
    ],
    [
      'users/error',
      'POST',
      () => '/api/v1/users/error',
      { anonymous: 401, guest: 201, inviter: 201, manager: 201, institutionAdmin: 201, superUser: 201 },
    ],
  ];
  for (const [name, method, url, expected] of cases) {
    for (const [who, status] of Object.entries(expected) as Array<[Who, number]>) {
      it(`${method} ${name} as ${who} → ${status}`, async () => {
        const res = await call(
          who,
          method,
          url(),
          method === 'POST' ? { 'Missing translation': 'x.y' } : undefined,
        );
        expect(res.statusCode).toBe(status);
      });
    }
  }

  it('DELETE users/:id is for a super user only, never on itself', async () => {
    const target = await loginAs(app, 'to.be.deleted@example.org');
    for (const who of ['anonymous', 'guest', 'inviter', 'manager', 'institutionAdmin'] as const) {
      const res = await call(who, 'DELETE', `/api/v1/users/${target.userId}`);
      expect([who, res.statusCode]).toEqual([who, who === 'anonymous' ? 401 : 403]);
    }
    expect((await call('superUser', 'DELETE', `/api/v1/users/${sessions.superUser.userId}`)).statusCode).toBe(
      403,
    );
    expect((await call('superUser', 'DELETE', `/api/v1/users/${target.userId}`)).statusCode).toBe(204);
    expect((await call('superUser', 'DELETE', `/api/v1/users/${target.userId}`)).statusCode).toBe(404);
    const audit = await app.db.query(
      "SELECT 1 FROM audit_logs WHERE entity_type = 'user' AND action = 'delete' AND entity_id = $1",
      [target.userId],
    );
    expect(audit.rows).toHaveLength(1);
  });

  it('shows a manager only the shared roles of another user', async () => {
    const res = await call('manager', 'GET', `/api/v1/users/other/${sessions.guest.userId}`);
    expect(res.json().userRoles.map((ur: { role: { name: string } }) => ur.role.name)).toEqual([
      'Wiki Editors',
    ]);
  });
});

describe('GET users/search', () => {
  beforeAll(async () => {
    for (let i = 0; i < 12; i++) await loginAs(app, `zz.person${String(i).padStart(2, '0')}@search.example`);
  });

  it('finds users by the words of their e-mail address, case-insensitively, with a total count', async () => {
    const res = await call(
      'superUser',
      'GET',
      '/api/v1/users/search?query=SEARCH.example&pageSize=5&pageNumber=0',
    );
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.totalElements).toBe(12);
    expect(page.content).toHaveLength(5);
    expect(page.content[0]).toMatchObject({
      email: 'zz.person00@search.example',
      schac_home_organization: 'search.example',
    });
    const last = (
      await call('superUser', 'GET', '/api/v1/users/search?query=search.example&pageSize=5&pageNumber=2')
    ).json();
    expect(last.content.map((u: { email: string }) => u.email)).toEqual([
      'zz.person10@search.example',
      'zz.person11@search.example',
    ]);
    const beyond = (
      await call('superUser', 'GET', '/api/v1/users/search?query=search.example&pageSize=5&pageNumber=9')
    ).json();
    expect(beyond).toEqual({ content: [], totalElements: 12 });
  });

  it('sorts descending and filters by role', async () => {
    const desc = (
      await call(
        'superUser',
        'GET',
        '/api/v1/users/search?query=search.example&sort=email&sortDirection=DESC&pageSize=1',
      )
    ).json();
    expect(desc.content[0].email).toBe('zz.person11@search.example');
    const res = await call('superUser', 'GET', `/api/v1/users/search?roleId=1`);
    expect(
      res
        .json()
        .content.map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual(['guest@example.org', 'inviter@example.org', 'manager@example.org']);
  });

  it("answers each user's highest authority held through its roles, none for a user without roles", async () => {
    const res = await call('superUser', 'GET', `/api/v1/users/search?roleId=1`);
    const byEmail = Object.fromEntries(
      res.json().content.map((u: { email: string; authority?: string }) => [u.email, u.authority]),
    );
    expect(byEmail).toEqual({
      'guest@example.org': 'GUEST',
      'inviter@example.org': 'INVITER',
      'manager@example.org': 'MANAGER',
    });
    const none = (await call('superUser', 'GET', '/api/v1/users/search?query=zz.person00')).json();
    expect(none.content[0].authority).toBeUndefined();
  });

  it('finds nobody for a text without letters or digits (LIKE wildcards and tsquery signs included)', async () => {
    for (const query of ['%_%', '!!!', "&|:*'", '   ...   ']) {
      const res = await call('superUser', 'GET', `/api/v1/users/search?query=${encodeURIComponent(query)}`);
      expect([query, res.statusCode, res.json()]).toEqual([query, 200, { content: [], totalElements: 0 }]);
    }
  });

  describe('by words', () => {
    beforeAll(async () => {
      await app.db.query(
        `INSERT INTO users (sub, name, email, schac_home_organization) VALUES
           ('urn:words:1', 'Jan de Vries', 'jan.devries@surf.example', 'surf.example'),
           ('urn:words:2', 'Janneke Jansen', 'j.jansen@uva.example', 'uva.example'),
           ('urn:words:3', 'Piet Vriesman', 'piet@vries.example', 'vries.example'),
           ('urn:words:4', 'Jürgen Müller', 'jm@uni.example', 'uni.example')`,
      );
    });
    const found = async (query: string) => {
      const res = await call('superUser', 'GET', `/api/v1/users/search?query=${encodeURIComponent(query)}`);
      expect(res.statusCode).toBe(200);
      return res
        .json()
        .content.map((u: { name: string }) => u.name)
        .filter((name: string) =>
          ['Jan de Vries', 'Janneke Jansen', 'Piet Vriesman', 'Jürgen Müller'].includes(name),
        )
        .sort();
    };

    it('takes the last word as the beginning of a word, the others whole', async () => {
      expect(await found('jan')).toEqual(['Jan de Vries', 'Janneke Jansen']);
      expect(await found('JAN DE VR')).toEqual(['Jan de Vries']);
      expect(await found('de jan')).toEqual(['Jan de Vries']);
      expect(await found('vries')).toEqual(['Jan de Vries', 'Piet Vriesman']);
      expect(await found('janneke jan')).toEqual(['Janneke Jansen']);
      // Not the beginning of a word, and a word not whole.
      expect(await found('ansen')).toEqual([]);
      expect(await found('ja de')).toEqual([]);
    });

    it('finds the words of the e-mail address and the home organisation', async () => {
      expect(await found('j.jansen@')).toEqual(['Janneke Jansen']);
      expect(await found('jan.devries@surf.example')).toEqual(['Jan de Vries']);
      expect(await found('surf.ex')).toEqual(['Jan de Vries']);
      expect(await found('uva')).toEqual(['Janneke Jansen']);
    });

    it('finds names with letters beyond ASCII', async () => {
      expect(await found('müll')).toEqual(['Jürgen Müller']);
      expect(await found('jürgen müller')).toEqual(['Jürgen Müller']);
    });
  });
});

describe('GET users/search-by-application', () => {
  it("lists the users holding roles on the institution admin's applications, with those roles", async () => {
    const page = (await call('institutionAdmin', 'GET', '/api/v1/users/search-by-application')).json();
    expect(page.totalElements).toBe(3);
    const manager = page.content.find((u: { email: string }) => u.email === 'manager@example.org');
    expect(manager.userRoles).toEqual([
      expect.objectContaining({ roleName: 'Wiki Editors', authority: 'MANAGER', endDate: null }),
    ]);
    expect(page.content.some((u: { email: string }) => u.email.includes('outsider'))).toBe(false);
  });
});

describe('GET users/config', () => {
  it('tells an anonymous caller it is not authenticated, with the settings the console needs', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/users/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      authenticated: false,
      missingAttributes: [],
      groupUrnPrefix: 'urn:mace:surf.nl:test.surfaccess.nl',
      pastDateAllowed: false,
      performanceSeedAllowed: false,
      locale: 'en',
      languages: 'nl, en',
      environment: 'local',
      serverUrl: 'http://localhost:8080',
      welcomeUrl: 'http://localhost:8080',
    });
    // An answer of the application itself, anonymous or not (the reference console reloads without it).
    expect(res.headers['x-session-alive']).toBe('true');
  });

  it('carries the header links that are configured', async () => {
    const linked = await buildTestApp({
      env: { WELCOME_URL: 'https://welcome.example.org', HELP_URL: 'https://help.example.org' },
    });
    try {
      const res = await linked.inject({ method: 'GET', url: '/api/v1/users/config' });
      expect(res.json()).toMatchObject({
        welcomeUrl: 'https://welcome.example.org',
        helpUrl: 'https://help.example.org',
      });
      expect(res.json()).not.toHaveProperty('switchAppUrl');
    } finally {
      await linked.close();
    }
  });

  it('names the logged-in user', async () => {
    const res = await call('manager', 'GET', '/api/v1/users/config');
    expect(res.json()).toMatchObject({ authenticated: true, name: 'Max Manager' });
  });

  it('picks the locale from lang, then the lang cookie, then Accept-Language', async () => {
    const locale = async (url: string, headers: Record<string, string>) =>
      (await app.inject({ method: 'GET', url, headers })).json().locale;
    expect(await locale('/api/v1/users/config', { 'accept-language': 'nl-NL,nl;q=0.9' })).toBe('nl');
    expect(await locale('/api/v1/users/config', { cookie: 'lang=nl', 'accept-language': 'en' })).toBe('nl');
    expect(await locale('/api/v1/users/config?lang=en', { cookie: 'lang=nl' })).toBe('en');
    expect(await locale('/api/v1/users/config?lang=fr', {})).toBe('en');
  });
});
