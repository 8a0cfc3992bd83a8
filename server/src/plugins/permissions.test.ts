import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import type { User } from 'shared-auth/rules';
import type { AppConfig, RemoteUser } from '../config.js';
import { installErrorHandlers } from './error-handler.js';
import permissions, {
  accountEntity,
  anyone,
  basicAccount,
  basicCredentials,
  enabledBy,
  entity,
  loggedIn,
  permit,
  refusalsOf,
  remoteUserOf,
  remoteUserWith,
} from './permissions.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A bare app with the permissions plugin; the `x-user` header names the user (`super` or `guest`). */
async function bareApp(config: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const app = Fastify();
  installErrorHandlers(app);
  app.decorate('config', config as AppConfig);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const who = request.headers['x-user'];
    if (who) request.user = { id: who === 'super' ? 1 : 2, superUser: who === 'super' } as User;
  });
  await app.register(permissions);
  return app;
}

describe('declared permissions', () => {
  const things = new Map([[7, { id: 7, ownerId: 2 }]]);
  let loads = 0;
  type Thing = { id: number; ownerId: number };
  const thingInPath = entity<Thing, Thing, { Params: { id: number } }>({
    load: async (request) => {
      loads += 1;
      return things.get(request.params.id) ?? null;
    },
    notFound: (request) => `Thing ${request.params.id} not found`,
  });
  let app: FastifyInstance;

  /**
   * Never run, only compiled (npm run typecheck): an entity permission reads its id from the request
   * parts it names, so a route whose parts lack them does not take it.
   */
  function routeWithoutTheId(instance: FastifyInstance): void {
    instance.get<{ Params: { name: string } }>(
      '/api/things/by-name/:name',
      {
        // @ts-expect-error the route's params have no `id` for thingInPath to read
        preHandler: thingInPath.permit(() => true),
      },
      async () => ({}),
    );
  }
  void routeWithoutTheId;

  beforeAll(async () => {
    app = await bareApp({ performanceSeedAllowed: false });
    app.get('/api/open', { preHandler: anyone }, async () => ({ open: true }));
    app.get('/api/users', { preHandler: loggedIn }, async () => ({ ok: true }));
    app.get('/api/super', { preHandler: permit((u) => u.superUser, 'Only a super user') }, async () => ({}));
    app.get<{ Params: { id: number } }>(
      '/api/things/:id',
      {
        preHandler: thingInPath.permit((u, thing) => u.superUser || thing.ownerId === u.id),
        schema: { params: { type: 'object', properties: { id: { type: 'integer' } } } },
      },
      async (request) => thingInPath.of(request),
    );
    app.get(
      '/api/switched-off',
      { preHandler: [loggedIn, enabledBy((c) => c.performanceSeedAllowed, 'Not here')] },
      async () => ({}),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('lets anyone through a route declared open', async () => {
    expect((await get('/api/open')).json()).toEqual({ open: true });
  });

  it('answers 401 to the anonymous and 403 with the refusal when a user rule says no', async () => {
    expect((await get('/api/users')).statusCode).toBe(401);
    expect((await get('/api/users', { 'x-user': 'guest' })).statusCode).toBe(200);
    const refused = await get('/api/super', { 'x-user': 'guest' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only a super user');
    expect((await get('/api/super', { 'x-user': 'super' })).statusCode).toBe(200);
  });

  it('loads the named entity once: 404 when missing, 403 when the rule refuses, else the handler gets it', async () => {
    const missing = await get('/api/things/8', { 'x-user': 'guest' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Thing 8 not found');
    expect((await get('/api/things/7')).statusCode).toBe(401);

    loads = 0;
    const own = await get('/api/things/7', { 'x-user': 'guest' });
    expect(own.json()).toEqual({ id: 7, ownerId: 2 });
    expect(loads).toBe(1);

    things.set(7, { id: 7, ownerId: 3 });
    const other = await get('/api/things/7', { 'x-user': 'guest' });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('missing roles');
    expect((await get('/api/things/7', { 'x-user': 'super' })).statusCode).toBe(200);
  });

  it('refuses switched-off routes after the user permission', async () => {
    expect((await get('/api/switched-off')).statusCode).toBe(401);
    const off = await get('/api/switched-off', { 'x-user': 'guest' });
    expect([off.statusCode, off.json().message]).toEqual([403, 'Not here']);
  });
});

describe('an API route without a declared permission', () => {
  it('stops the app from starting, naming the route', async () => {
    const app = await bareApp();
    const start = async () => {
      app.get('/api/forgotten', { preHandler: async () => {} }, async () => ({}));
      await app.ready();
    };
    await expect(start()).rejects.toThrow('GET /api/forgotten declares no permission');
    await app.close().catch(() => undefined);
  });

  it('is not asked of routes outside the API (bundles, the development identity provider)', async () => {
    const app = await bareApp();
    app.get('/remotes.json', async () => ({}));
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).statusCode).toBe(200);
    await app.close();
  });
});

describe('route handlers', () => {
  // The one way: a refusal is declared in the route's options (plugins/permissions.ts), never thrown by
  // its handler, so that who may call a route is read where it is registered.
  it('never refuse with an inline 403', () => {
    const files = ['routes', 'oidc'].flatMap((folder) =>
      readdirSync(path.join(SRC, folder))
        .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
        .map((name) => path.join(folder, name)),
    );
    expect(files).toContain(path.join('routes', 'roles.ts'));
    const inline = files.filter((file) =>
      /httpError\(\s*403/.test(readFileSync(path.join(SRC, file), 'utf8')),
    );
    expect(inline).toEqual([]);
  });
});

describe('HTTP Basic credentials', () => {
  const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

  it('are the name before the first colon and the password after it, the scheme in any case', () => {
    expect(basicCredentials(basic('voot:secret'))).toEqual({ username: 'voot', password: 'secret' });
    expect(basicCredentials(basic('voot:se:cr:et'))).toEqual({ username: 'voot', password: 'se:cr:et' });
    expect(basicCredentials(basic(':'))).toEqual({ username: '', password: '' });
    expect(basicCredentials(`bAsIc   ${Buffer.from('a:b').toString('base64')}  `)).toEqual({
      username: 'a',
      password: 'b',
    });
  });

  it('are none without the header, with another scheme, without a colon or with text around them', () => {
    const encoded = Buffer.from('voot:secret').toString('base64');
    for (const header of [
      undefined,
      '',
      'Basic',
      'Basic ',
      `Bearer ${encoded}`,
      `Basic${encoded}`,
      `xBasic ${encoded}`,
      `Basic ${encoded} extra`,
      `Basic ${encoded}!`,
      basic('no-colon'),
    ]) {
      expect(basicCredentials(header)).toBeNull();
    }
  });

  const accounts: RemoteUser[] = [
    { username: 'voot', password: 'voot-secret', scopes: ['voot'] },
    { username: 'aa', password: 'aa-secret', scopes: ['attribute_aggregation'] },
  ];

  it('name an account only with its own password', () => {
    expect(basicAccount(basic('voot:voot-secret'), accounts)).toBe(accounts[0]);
    expect(basicAccount(basic('aa:aa-secret'), accounts)).toBe(accounts[1]);
    // Another account's password, a wrong one, an unknown name, no credentials: no account.
    expect(basicAccount(basic('voot:aa-secret'), accounts)).toBeNull();
    expect(basicAccount(basic('voot:voot-secreT'), accounts)).toBeNull();
    expect(basicAccount(basic('voot:'), accounts)).toBeNull();
    expect(basicAccount(basic('nobody:voot-secret'), accounts)).toBeNull();
    expect(basicAccount(undefined, accounts)).toBeNull();
    expect(basicAccount(basic('voot:voot-secret'), [])).toBeNull();
  });
});

describe('the refusals a route declares', () => {
  it('are those of its declared permissions, in order; undeclared hooks and none declare nothing', () => {
    const superOnly = permit((u) => u.superUser, 'Only a super user');
    const off = enabledBy(() => false, 'Switched off');
    expect(refusalsOf(undefined)).toEqual([]);
    expect(refusalsOf(anyone)).toEqual([]);
    expect(refusalsOf(async () => {})).toEqual([]);
    expect(refusalsOf(loggedIn)).toEqual([{ status: 401, reason: 'Not logged in' }]);
    expect(refusalsOf([superOnly, off])).toEqual([
      { status: 401, reason: 'Not logged in' },
      { status: 403, reason: 'Only a super user' },
      { status: 403, reason: 'Switched off' },
    ]);
  });

  it("of an entity: its not-found reason as for entity 12, or 'Not found' when that cannot be told", () => {
    const named = entity<{ id: number }, { id: number }, { Params: { id: number } }>({
      load: async () => null,
      notFound: (request) => `Thing ${request.params.id} not found`,
    });
    expect(refusalsOf(named.permit(() => true, 'Not yours'))).toEqual([
      { status: 401, reason: 'Not logged in' },
      { status: 404, reason: 'Thing 12 not found' },
      { status: 403, reason: 'Not yours' },
    ]);
    const unreadable = entity<{ id: number }>({
      load: async () => null,
      notFound: () => {
        throw new Error('needs more than an id');
      },
    });
    expect(refusalsOf(unreadable.permit(() => true))).toContainEqual({ status: 404, reason: 'Not found' });
    const alwaysThere = entity<{ id: number }>({ load: async () => ({ id: 1 }) });
    expect(refusalsOf(alwaysThere.permit(() => true)).map((r) => r.status)).toEqual([401, 403]);
    expect(refusalsOf(alwaysThere.permit(() => true))).toContainEqual({
      status: 403,
      reason: 'missing roles',
    });
  });

  it('of a service account: 401 without credentials, 403 without the scope, 429 when locked out', () => {
    expect(refusalsOf(remoteUserWith('voot', 'profile'))).toEqual([
      {
        status: 401,
        reason: 'HTTP Basic credentials of a service account with the scope voot or profile are required',
      },
      { status: 403, reason: 'This service account lacks the scope voot or profile' },
      {
        status: 429,
        reason: 'Too many failed logins with this account or from this address; try again in 42 seconds',
      },
    ]);
  });

  it('a handler asking for a service account its route never let in is an error, not an account', () => {
    expect(() => remoteUserOf({})).toThrow('The route declares no service-account permission');
  });
});

describe('the permissions of an app built in the test', () => {
  it('let declared routes start and run, the open one without a hook; refuse per rule, switch and entity', async () => {
    const app = await bareApp({ performanceSeedAllowed: true });
    try {
      // Made here, inside the test: neither a not-found reason nor what is judged is given.
      const bare = entity<{ id: number }, { id: number }, { Params: { id: number } }>({
        load: async (request) => (Number(request.params.id) === 1 ? { id: 1 } : null),
      });
      // A declared permission beside a hook of another kind (as the idempotency hook): the route starts.
      app.get('/api/mixed', { preHandler: [loggedIn, async () => {}] }, async () => ({ mixed: true }));
      app.get('/api/open', { preHandler: anyone }, async (request) => ({
        hooks: request.routeOptions.config,
      }));
      app.get(
        '/api/on',
        { preHandler: [loggedIn, enabledBy((c) => c.performanceSeedAllowed, 'Off')] },
        async () => ({
          on: true,
        }),
      );
      app.get<{ Params: { id: number } }>(
        '/api/bare/:id',
        { preHandler: bare.permit((u, found) => found.id === u.id - 1) },
        async (request) => bare.of(request),
      );
      await app.ready();
      const get = (url: string, headers: Record<string, string> = {}) =>
        app.inject({ method: 'GET', url, headers });
      expect((await get('/api/open')).statusCode).toBe(200);
      expect((await get('/api/on', { 'x-user': 'guest' })).json()).toEqual({ on: true });
      expect((await get('/api/mixed')).statusCode).toBe(401);
      expect((await get('/api/mixed', { 'x-user': 'guest' })).json()).toEqual({ mixed: true });
      expect((await get('/api/bare/1', { 'x-user': 'guest' })).json()).toEqual({ id: 1 });
      const missing = await get('/api/bare/2', { 'x-user': 'guest' });
      expect([missing.statusCode, missing.json().message]).toEqual([404, 'Not found']);
      const refused = await get('/api/bare/1', { 'x-user': 'super' });
      expect([refused.statusCode, refused.json().message]).toEqual([403, 'missing roles']);
    } finally {
      await app.close();
    }
  });

  it('give a handler no entity its route did not load: an error, not undefined', () => {
    const named = entity<{ id: number }>({ load: async () => ({ id: 1 }) });
    expect(() => named.of({})).toThrow('The route declares no permission on this entity');
    const forAccount = accountEntity<{ id: number }>({ load: async () => ({ id: 1 }) });
    expect(() => forAccount.of({})).toThrow('The route declares no permission on this entity');
  });
});
