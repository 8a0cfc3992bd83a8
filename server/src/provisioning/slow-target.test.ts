/**
 * The worker running as in production (its own timer, no drain): a target that does not answer holds back
 * only its own deliveries, and a target that answers 429 with Retry-After is left alone that long.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createDevScimServer } from '../dev/scim/dev-scim.js';
import { EntityRegistry } from '../registry/entity-registry.js';
import { addMember, addUser, apiApp, insertRole } from '../test/api-kit.js';

const scim = createDevScimServer({ mount: '', tenants: { fast: {} } });
const servers: Server[] = [];
let hanging = 0;

async function serve(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function target(id: string, url: string, app: string) {
  return {
    id,
    type: 'provisioning',
    data: {
      metaDataFields: { provisioning_type: 'scim', scim_url: url },
      applications: [{ id: app, type: 'saml20_sp' }],
    },
  };
}

let app: FastifyInstance;

beforeAll(async () => {
  const fast = await serve((req, res) => scim.handle(req, res));
  // Takes the request and never answers.
  const slow = await serve(() => {
    hanging += 1;
  });
  const busy = await serve((_req, res) => {
    res.writeHead(429, { 'retry-after': '120', 'content-type': 'application/scim+json' });
    res.end(JSON.stringify({ status: '429', detail: 'slow down' }));
  });
  const apps = ['app-fast', 'app-slow', 'app-busy'].map((id) => ({
    id,
    type: 'saml20_sp',
    data: { entityid: `https://${id}.example.org`, metaDataFields: { 'name:en': id } },
  }));
  const registry = new EntityRegistry(async () => ({
    applications: apps,
    identityProviders: [],
    provisionings: [
      target('prov-slow', `http://127.0.0.1:${slow}/v2`, 'app-slow'),
      target('prov-fast', `http://127.0.0.1:${fast}/fast/v2`, 'app-fast'),
      target('prov-busy', `http://127.0.0.1:${busy}/v2`, 'app-busy'),
    ],
  }));
  app = await apiApp({
    registry,
    env: { PROVISIONING: 'true', PROVISIONING_POLL: '50ms', PROVISIONING_TIMEOUT: '30s' },
  });
});
afterAll(async () => {
  await app.close();
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
});

async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

it('delivers to a target while another does not answer at all', async () => {
  const slowRole = await insertRole(app, 'Slow Role', ['app-slow']);
  await addMember(app, await addUser(app, 'waits@example.org'), slowRole, 'GUEST');
  await until(() => hanging > 0);

  const fastRole = await insertRole(app, 'Fast Role', ['app-fast']);
  await addMember(app, await addUser(app, 'quick@example.org'), fastRole, 'GUEST');
  await until(() =>
    scim
      .snapshot('fast')
      .groups.some(
        (g) =>
          g.displayName === 'Fast Role' && g.members.some((m) => m.display === 'urn:test:quick@example.org'),
      ),
  );
  // The slow target's delivery is still under way (its 30 s timeout has not run out).
  const { rows } = await app.db.query<{ leased: boolean }>(
    "SELECT leased_until > now() AS leased FROM provisioning_queue WHERE target = 'prov-slow'",
  );
  expect(rows.map((r) => r.leased)).toContain(true);
});

it("waits as long as a target's Retry-After asks", async () => {
  const role = await insertRole(app, 'Busy Role', ['app-busy']);
  await addMember(app, await addUser(app, 'patient@example.org'), role, 'GUEST');
  await until(async () => {
    const { rows } = await app.db.query(
      "SELECT 1 FROM provisioning_queue WHERE target = 'prov-busy' AND attempts > 0",
    );
    return rows.length > 0;
  });
  const { rows } = await app.db.query<{
    status: string;
    last_status: number;
    wait: number;
    attempts: number;
  }>(
    `SELECT status, last_status, attempts, extract(epoch FROM next_attempt_at - last_attempt_at)::float AS wait
       FROM provisioning_queue WHERE target = 'prov-busy' AND attempts > 0`,
  );
  expect(rows[0]).toEqual(expect.objectContaining({ status: 'waiting', last_status: 429, attempts: 1 }));
  // The next attempt set 120 s after the one that got the 429, however long ago that was.
  expect(rows[0]!.wait).toBe(120);
});
