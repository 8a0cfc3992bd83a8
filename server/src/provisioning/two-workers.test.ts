/**
 * Two instances' workers over one database never send one resource at once, and a delivery claimed by an
 * instance that died is made after its lease runs out. The lease on PGlite (one process, two claims); two
 * whole servers with their workers running over one PostgreSQL (CI's PostgreSQL pass, TEST_DATABASE_URL).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { Db } from '../db/types.js';
import { createDevScimServer, type DevScimServer } from '../dev/scim/dev-scim.js';
import { EntityRegistry } from '../registry/entity-registry.js';
import { addMember, addUser, apiApp, insertRole } from '../test/api-kit.js';
import { testConfig } from '../test/helper.js';
import { freshSharedPostgresDb } from '../test/template-db.js';
import { planChanges } from '../stores/provisioning-plan.store.js';
import { claimDue } from '../stores/provisioning-queue.store.js';
import { plannedTargets } from './planner.js';
import { scimTarget, targetRegistry } from '../test/registry.fixture.js';

let scim: DevScimServer;
let http: Server;
let port: number;

/** A registry with the bundled applications and one SCIM target at the test's provider. */
function registry(): EntityRegistry {
  return targetRegistry(() => [scimTarget('prov-one', `http://127.0.0.1:${port}/one/v2`)]);
}

beforeAll(async () => {
  scim = createDevScimServer({ mount: '', tenants: { one: { bearer: 'b' } } });
  http = createServer((req, res) => scim.handle(req, res));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  port = (http.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

describe('the lease', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await apiApp({ registry: registry() });
  });
  afterAll(() => app.close());

  it('gives a due delivery to one claimant at a time, and to another once the lease runs out', async () => {
    const role = await insertRole(app, 'Leased', ['app-wiki']);
    for (let i = 0; i < 5; i += 1)
      await addMember(app, await addUser(app, `l${i}@example.org`), role, 'GUEST');
    const targets = plannedTargets(await app.registry.scimTargets());
    await app.db.tx((q) => planChanges(q, targets, 1000));

    const first = await claimDue(app.db, 'prov-one', 100, 60_000);
    expect(first.length).toBe(6);
    expect(await claimDue(app.db, 'prov-one', 100, 60_000)).toEqual([]);

    // As if the first claimant died: its lease runs out, and the deliveries are someone else's.
    await app.db.query("UPDATE provisioning_queue SET leased_until = now() - interval '1 second'");
    const second = await claimDue(app.db, 'prov-one', 100, 60_000);
    expect(second.map((i) => i.id)).toEqual(first.map((i) => i.id));
  });
});

const url = process.env.TEST_DATABASE_URL;
(url ? describe : describe.skip)('two servers with their workers over one PostgreSQL', () => {
  let dbs: Db[];
  let servers: FastifyInstance[];

  beforeAll(async () => {
    scim.reset();
    dbs = await freshSharedPostgresDb(url!, 2);
    servers = await Promise.all(
      dbs.map(async (db) => {
        const config = testConfig({ PROVISIONING: 'true', PROVISIONING_POLL: '20ms' });
        const app = await buildApp({ config, db, registry: registry(), logger: false });
        await app.ready();
        return app;
      }),
    );
  });
  afterAll(async () => {
    await Promise.all((servers ?? []).map((s) => s.close()));
    for (const db of dbs ?? []) await db.close();
  });

  it('delivers 100 acceptances, each user sent once', async () => {
    const [a] = servers;
    const role = await insertRole(a!, 'Shared', ['app-wiki']);
    for (let i = 0; i < 100; i += 1)
      await addMember(a!, await addUser(a!, `p${i}@example.org`), role, 'GUEST');
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const group = scim.snapshot('one').groups.find((g) => g.displayName === 'Shared');
      if ((group?.members.length ?? 0) === 100) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(scim.snapshot('one').groups.find((g) => g.displayName === 'Shared')?.members).toHaveLength(100);
    expect(scim.snapshot('one').users).toHaveLength(100);
    // No resource sent twice at once: a user sent again would have been refused as there already, a 409 (a
    // bulk request's operation refused so goes again on a call of its own, refused the same), and the group
    // made once.
    expect(scim.requestLog('one').filter((r) => r.status === 409)).toEqual([]);
    expect(scim.requestLog('one').filter((r) => r.method === 'POST' && r.path === '/Groups')).toHaveLength(1);
  });
});
