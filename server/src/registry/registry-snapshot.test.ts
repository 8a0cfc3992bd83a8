/**
 * One registry view for every instance (issue 51 item 3): the snapshot lives in the database, one
 * instance refreshes it from REGISTRY_DIR (or Manage), every instance decides with it. Two apps over one
 * database: on PostgreSQL (TEST_DATABASE_URL) each with its own pool, as two processes; on PGlite over one
 * database handle, each with its own registry in memory. Refreshes are started by hand (REGISTRY_REFRESH=0)
 * and each use checks the version (REGISTRY_CHECK=0), so nothing waits on a timer.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { LOCK_KEYS, withJobLock } from '../db/locks.js';
import type { Db } from '../db/types.js';
import { call, HW_GUID, loginPersonas, type Sessions } from '../test/api-kit.js';
import { buildTestApp, testConfig } from '../test/helper.js';
import { freshSharedPostgresDb, freshTestDb } from '../test/template-db.js';
import { DEFAULT_REGISTRY_DIR } from './file-registry.js';
import type { ManageEntity } from './manage-entity.js';

const OTHER_GUID = '00000000-0000-0000-0000-00000000000b';

/**
 * Instances over one fresh database, one per configuration (added to `env`); the first starts first and
 * makes the snapshot, the others find it.
 */
async function instances(env: Record<string, string>, each: Record<string, string>[], spare = 0) {
  const url = process.env.TEST_DATABASE_URL;
  const dbs: Db[] = url
    ? await freshSharedPostgresDb(url, each.length + spare)
    : await freshTestDb().then((db) => Array.from({ length: each.length + spare }, () => db));
  const apps: FastifyInstance[] = [];
  /** Starts an instance over the next handle. */
  const start = async (own: Record<string, string> = {}) => {
    const app = await buildApp({
      config: testConfig({ ...env, ...own }),
      db: dbs[apps.length],
      logger: false,
    });
    await app.ready();
    apps.push(app);
    return app;
  };
  for (const own of each) await start(own);
  return {
    apps,
    start,
    close: async () => {
      await Promise.all(apps.map((app) => app.close()));
      for (const db of new Set(dbs)) await db.close();
    },
  };
}

describe('the registry snapshot of REGISTRY_DIR, read by two instances', () => {
  let dir: string;
  let a: FastifyInstance;
  let b: FastifyInstance;
  /** An instance that checks the snapshot's version only every hour (its background check, by hand). */
  let slow: FastifyInstance;
  let close: () => Promise<void>;
  let s: Sessions;
  let applications: ManageEntity[];

  /** Writes applications.json with app-wiki's fields changed. */
  async function changeWiki(fields: Record<string, unknown>) {
    const changed = applications.map((e) =>
      e.id === 'app-wiki'
        ? { ...e, data: { ...e.data, metaDataFields: { ...e.data.metaDataFields, ...fields } } }
        : e,
    );
    await writeFile(path.join(dir, 'applications.json'), JSON.stringify(changed));
  }

  const wikiName = async (app: FastifyInstance) => {
    const providers = (await call(app, s.admin, 'GET', '/api/v1/manage/providers')).json();
    return providers.find((p: { id: string }) => p.id === 'app-wiki')?.['name:en'];
  };

  const ready = async (app: FastifyInstance) => {
    const res = await app.inject({ url: '/ready' });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'registry-snapshot-'));
    await cp(DEFAULT_REGISTRY_DIR, dir, { recursive: true });
    applications = JSON.parse(await readFile(path.join(dir, 'applications.json'), 'utf8'));
    const started = await instances({ REGISTRY_DIR: dir, REGISTRY_REFRESH: '0' }, [
      { REGISTRY_CHECK: '0' },
      { REGISTRY_CHECK: '0' },
      { REGISTRY_CHECK: '60m' },
    ]);
    [a, b, slow] = started.apps;
    close = started.close;
    s = await loginPersonas(a);
  });
  afterAll(async () => {
    await close?.();
    await rm(dir, { recursive: true, force: true });
  });

  it('starts both instances on the one snapshot the first made', async () => {
    for (const app of [a, b]) {
      expect(await ready(app)).toEqual({
        status: 200,
        body: {
          status: 'UP',
          registry: expect.objectContaining({
            version: 1,
            versionInUse: 1,
            lastError: null,
            lastErrorAt: null,
          }),
        },
      });
    }
    expect(await wikiName(b)).toBe('Research Wiki');
  });

  it('shows a changed file on both instances after one refresh, and writes no version for the same content', async () => {
    await changeWiki({ 'name:en': 'Research Wiki II' });
    // Not read yet: B still decides with the snapshot in the database.
    expect(await wikiName(b)).toBe('Research Wiki');

    expect(await a.registrySnapshot!.refresh()).toBe('changed');

    expect(await wikiName(b)).toBe('Research Wiki II');
    expect(await wikiName(a)).toBe('Research Wiki II');
    const version = (await ready(b)).body.registry.version;
    expect(version).toBe(2);
    expect((await ready(b)).body.registry.versionInUse).toBe(2);

    expect(await b.registrySnapshot!.refresh()).toBe('unchanged');
    expect((await ready(a)).body.registry.version).toBe(2);
  });

  it('reads the version in the background, not at each request: an instance sees a change at its next check', async () => {
    // It started on version 1; its requests meet no statement about the registry, so version 2 waits
    // for its check.
    expect(await wikiName(slow)).toBe('Research Wiki');
    expect((await ready(slow)).body.registry).toEqual(
      expect.objectContaining({ version: 2, versionInUse: 1 }),
    );

    await slow.registrySnapshot!.check();

    expect(await wikiName(slow)).toBe('Research Wiki II');
    expect((await ready(slow)).body.registry).toEqual(
      expect.objectContaining({ version: 2, versionInUse: 2 }),
    );
  });

  it("answers an institution admin's POST /roles the same on both instances after the application changed hands", async () => {
    const newRole = (name: string) => ({
      name,
      description: `${name} description`,
      applicationUsages: [
        {
          application: { manageId: 'app-wiki', manageType: 'saml20_sp' },
          landingPage: 'https://wiki.example.org',
        },
      ],
    });
    await changeWiki({ 'coin:institution_guid': HW_GUID });
    await a.registrySnapshot!.refresh();
    expect((await call(a, s.institutionAdmin, 'POST', '/api/v1/roles', newRole('Before A'))).statusCode).toBe(
      201,
    );
    expect((await call(b, s.institutionAdmin, 'POST', '/api/v1/roles', newRole('Before B'))).statusCode).toBe(
      201,
    );

    await changeWiki({ 'coin:institution_guid': OTHER_GUID });
    expect(await b.registrySnapshot!.refresh()).toBe('changed');

    for (const [app, name] of [
      [a, 'After A'],
      [b, 'After B'],
    ] as const) {
      const res = await call(app, s.institutionAdmin, 'POST', '/api/v1/roles', newRole(name));
      expect(res.statusCode).toBe(403);
    }
    const { rows } = await a.db.query("SELECT name FROM roles WHERE name IN ('After A', 'After B')");
    expect(rows).toEqual([]);
  });

  it('keeps the last good snapshot through a broken file, and says so on /ready and in the system area', async () => {
    await changeWiki({ 'name:en': 'Last Good Wiki' });
    await a.registrySnapshot!.refresh();
    const good = (await ready(a)).body.registry;

    await writeFile(path.join(dir, 'applications.json'), '[{"id": "app-wiki", ');
    expect(await a.registrySnapshot!.refresh()).toBe('failed');

    for (const app of [a, b]) {
      expect(await wikiName(app)).toBe('Last Good Wiki');
      const { status, body } = await ready(app);
      expect(status).toBe(200);
      expect(body.status).toBe('UP');
      expect(body.registry).toEqual(
        expect.objectContaining({
          version: good.version,
          versionInUse: good.version,
          refreshedAt: good.refreshedAt,
          lastError: expect.stringContaining('JSON'),
          lastErrorAt: expect.any(String),
        }),
      );
    }
    const system = await call(b, s.admin, 'GET', '/api/v1/system/registry');
    expect(system.statusCode).toBe(200);
    expect(system.json()).toEqual(
      expect.objectContaining({
        source: 'files',
        version: good.version,
        refreshedAt: Math.floor(Date.parse(good.refreshedAt) / 1000),
        lastError: expect.stringContaining('JSON'),
        lastErrorAt: expect.any(Number),
      }),
    );

    // The file mended: the next refresh clears the error.
    await changeWiki({ 'name:en': 'Mended Wiki' });
    const refreshed = await call(b, s.admin, 'POST', '/api/v1/system/registry/refresh');
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toEqual(
      expect.objectContaining({ version: good.version + 1, versionInUse: good.version + 1, lastError: null }),
    );
    expect(await wikiName(a)).toBe('Mended Wiki');
  });

  it('shows the registry state to super users only, and refreshes only with the CSRF token', async () => {
    expect((await call(a, s.institutionAdmin, 'GET', '/api/v1/system/registry')).statusCode).toBe(403);
    expect((await call(a, s.institutionAdmin, 'POST', '/api/v1/system/registry/refresh')).statusCode).toBe(
      403,
    );
    expect((await call(a, null, 'GET', '/api/v1/system/registry')).statusCode).toBe(401);
    const noToken = await a.inject({
      method: 'POST',
      url: '/api/v1/system/registry/refresh',
      headers: { cookie: s.admin.headers.cookie },
    });
    expect(noToken.statusCode).toBe(403);
  });
});

describe('a registry read from Manage', () => {
  let server: Server;
  let failing = false;
  let name = 'Manage Wiki';
  let app: FastifyInstance;
  let admin: Sessions['admin'];

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (failing) {
        res.writeHead(500).end('boom');
        return;
      }
      const type = req.url?.split('/').pop();
      const entities =
        type === 'saml20_sp'
          ? [
              {
                id: 'app-wiki',
                type: 'saml20_sp',
                data: { entityid: 'https://wiki', metaDataFields: { 'name:en': name } },
              },
            ]
          : [];
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(entities));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    app = await buildTestApp({
      registry: undefined,
      env: { REGISTRY_URL: `http://127.0.0.1:${port}`, REGISTRY_REFRESH: '0', REGISTRY_CHECK: '0' },
    });
    ({ admin } = await loginPersonas(app));
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('keeps the last good snapshot while Manage answers 500, and says so on /ready', async () => {
    failing = true;
    name = 'Never Seen';
    expect(await app.registrySnapshot!.refresh()).toBe('failed');

    const ready = await app.inject({ url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().registry).toEqual(
      expect.objectContaining({ version: 1, lastError: 'Registry search saml20_sp answered 500' }),
    );
    const providers = (await call(app, admin, 'GET', '/api/v1/manage/providers')).json();
    expect(providers.map((p: { 'name:en': string }) => p['name:en'])).toEqual(['Manage Wiki']);
    const system = (await call(app, admin, 'GET', '/api/v1/system/registry')).json();
    expect(system).toEqual(expect.objectContaining({ source: 'manage', version: 1 }));

    failing = false;
    expect(await app.registrySnapshot!.refresh()).toBe('changed');
    expect((await app.inject({ url: '/ready' })).json().registry).toEqual(
      expect.objectContaining({ version: 2, lastError: null, lastErrorAt: null }),
    );
  });
});

describe('a start without a snapshot whose source fails', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({
      registry: undefined,
      env: {
        REGISTRY_DIR: path.join(tmpdir(), 'no-such-registry-dir'),
        REGISTRY_REFRESH: '0',
        REGISTRY_CHECK: '0',
      },
    });
  });
  afterAll(() => app?.close());

  it('is not ready, and calls that need the registry answer 503 rather than deciding without it', async () => {
    const ready = await app.inject({ url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual(
      expect.objectContaining({
        status: 'DOWN',
        reason: 'The application registry has not been read yet',
        registry: expect.objectContaining({ version: 0, lastError: expect.stringContaining('ENOENT') }),
      }),
    );
    const { admin } = await loginPersonas(app);
    const roles = await call(app, admin, 'GET', '/api/v1/manage/providers');
    expect(roles.statusCode).toBe(503);
    expect(roles.json().message).toMatch(/^The application registry has not been read yet/);
  });
});

describe('the scheduled refresh of several instances', () => {
  let dir: string;
  let apps: FastifyInstance[];
  let close: () => Promise<void>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'registry-restart-'));
    await cp(DEFAULT_REGISTRY_DIR, dir, { recursive: true });
    ({ apps, close, start } = await instances(
      { REGISTRY_DIR: dir, REGISTRY_REFRESH: '10m', REGISTRY_CHECK: '0' },
      [{}, {}],
      1,
    ));
  });
  afterAll(async () => {
    await close?.();
    await rm(dir, { recursive: true, force: true });
  });
  let start: (own?: Record<string, string>) => Promise<FastifyInstance>;

  it('reads the source once a period whichever instance asks, and not while another holds the lock', async () => {
    const [a, b] = apps;
    // A's start refreshed just now: within the period neither instance reads the source again.
    expect(await a.registrySnapshot!.refresh()).toBe('skipped');
    expect(await b.registrySnapshot!.refresh()).toBe('skipped');

    // The period over (as if A's refresh began ten minutes ago): the first to ask reads, the next skips.
    await a.db.query("UPDATE registry_snapshot SET attempted_at = now() - interval '10 minutes'");
    expect(await b.registrySnapshot!.refresh()).toBe('unchanged');
    expect(await a.registrySnapshot!.refresh()).toBe('skipped');

    // While another instance holds the registryRefresh lock, the schedule leaves the refresh to it (two
    // connections: PostgreSQL only, one PGlite database has one).
    if (!process.env.TEST_DATABASE_URL) return;
    await a.db.query("UPDATE registry_snapshot SET attempted_at = now() - interval '10 minutes'");
    const held = await withJobLock(a.db, LOCK_KEYS.registryRefresh, async () =>
      b.registrySnapshot!.refresh(),
    );
    expect(held).toEqual({ ran: true, result: 'skipped' });
    expect(await b.registrySnapshot!.refresh()).toBe('unchanged');
  });

  it('reads the source as an instance starts, within the period: a restart makes a changed registry count at once', async () => {
    const file = path.join(dir, 'applications.json');
    const entities: ManageEntity[] = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify(entities.filter((e) => e.id !== 'app-wiki')));
    const before = (await apps[0].inject({ url: '/ready' })).json().registry.version;

    const restarted = await start();

    expect((await restarted.inject({ url: '/ready' })).json().registry).toEqual(
      expect.objectContaining({ version: before + 1, versionInUse: before + 1 }),
    );
    expect(await apps[0].registry.provider('app-wiki')).toBeNull();
  });
});
