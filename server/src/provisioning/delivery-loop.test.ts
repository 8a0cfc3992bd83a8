/**
 * One target's delivery loop (delivery-loop.ts) as the worker runs it, over PGlite (or PostgreSQL) and the
 * development SCIM service reached over HTTP: what the target receives and what the queue holds after a
 * loop. A target that fails with a retry is left alone for the delay and sent nothing more by this loop;
 * a loop stopped after its claim, or while the target answers, sends nothing more, counts no attempt and
 * hands every lease back; a loop claims again after its people, for their group; what is given up or put
 * off is audited and logged with the target, the kind, the id and the reason.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { createDevEvaService, devEvaPlugin, type DevEvaService } from '../dev/eva/dev-eva.plugin.js';
import {
  createDevGraphService,
  DEV_GRAPH_CLIENT,
  devGraphPlugin,
  type DevGraphService,
} from '../dev/graph/dev-graph.plugin.js';
import { createDevScimServer, type DevScimServer } from '../dev/scim/dev-scim.js';
import { EntityRegistry } from '../registry/entity-registry.js';
import type { ScimTarget } from '../registry/registry.js';
import { addMember, addUser, apiApp, insertRole } from '../test/api-kit.js';
import { runTargetLoop, type DeliveryLoopDeps } from './delivery-loop.js';
import { planPending } from './planner.js';

let scim: DevScimServer;
let http: Server;
let port: number;
/** Every request the target received (method and path below /loop/v2), answered or not by `intercept`. */
let received: string[] = [];
/** Answers a request instead of the provider when it returns true (a test's own behaviour). */
let intercept: (req: IncomingMessage, res: ServerResponse) => Promise<boolean> = async () => false;
const logLines: string[] = [];
/** The development eVA and Microsoft Graph services, at `services`. */
let eva: DevEvaService;
let graph: DevGraphService;
let services: FastifyInstance;
let servicesUrl: string;
const EVA_TOKEN = 'loop-eva-token';

function registry(): EntityRegistry {
  return new EntityRegistry(async () => ({
    applications: ['app-wiki', 'app-eva', 'app-graph'].map((id) => ({
      id,
      type: 'saml20_sp',
      data: { entityid: `https://${id}.example.org`, metaDataFields: { 'name:en': id } },
    })),
    identityProviders: [],
    provisionings: [
      {
        id: 'prov-loop',
        type: 'provisioning',
        data: {
          entityid: 'https://prov-loop.example.org',
          metaDataFields: {
            provisioning_type: 'scim',
            scim_url: `http://127.0.0.1:${port}/loop/v2`,
            scim_bearer_token: 'b',
          },
          applications: [{ id: 'app-wiki', type: 'saml20_sp' }],
        },
      },
      {
        id: 'prov-eva',
        type: 'provisioning',
        data: {
          entityid: 'https://prov-eva.example.org',
          metaDataFields: {
            provisioning_type: 'eva',
            eva_url: `${servicesUrl}/dev-eva`,
            eva_token: EVA_TOKEN,
            eva_guest_account_duration: 10,
          },
          applications: [{ id: 'app-eva', type: 'saml20_sp' }],
        },
      },
      {
        id: 'prov-graph',
        type: 'provisioning',
        data: {
          entityid: 'https://prov-graph.example.org',
          metaDataFields: {
            provisioning_type: 'graph',
            graph_url: `${servicesUrl}/dev-graph/v1.0`,
            graph_client_id: DEV_GRAPH_CLIENT.clientId,
            graph_secret: DEV_GRAPH_CLIENT.secret,
            graph_tenant: 'loop',
          },
          applications: [{ id: 'app-graph', type: 'saml20_sp' }],
        },
      },
    ],
  }));
}

let app: FastifyInstance;
let target: ScimTarget;

beforeAll(async () => {
  scim = createDevScimServer({ mount: '', tenants: { loop: { bearer: 'b' } } });
  http = createServer((req, res) => {
    received.push(`${req.method} ${req.url!.replace('/loop/v2', '').split('?')[0]}`);
    void intercept(req, res).then((done) => {
      if (!done) scim.handle(req, res);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  port = (http.address() as AddressInfo).port;
  eva = createDevEvaService();
  graph = createDevGraphService();
  services = Fastify();
  await services.register(devEvaPlugin, { token: EVA_TOKEN, service: eva });
  await services.register(devGraphPlugin, { publicUrl: 'http://127.0.0.1', service: graph });
  await services.listen({ port: 0, host: '127.0.0.1' });
  servicesUrl = `http://127.0.0.1:${(services.server.address() as AddressInfo).port}`;
  app = await apiApp({
    registry: registry(),
    // A Retry-After of two minutes is waited out whole.
    env: {
      PROVISIONING_MAX_ATTEMPTS: '3',
      PROVISIONING_RETRY_BASE: '1ms',
      PROVISIONING_RETRY_MAX: '10m',
      GRAPH_LOGIN_URL: `${servicesUrl}/dev-graph/login`,
    },
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  target = await targetOf('prov-loop');
});
afterAll(async () => {
  await app.close();
  await services.close();
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
});
beforeEach(async () => {
  intercept = async () => false;
  received = [];
  logLines.length = 0;
  scim.reset();
  await app.db.query('DELETE FROM provisioning_queue');
  await app.db.query('DELETE FROM provisioning_changes');
});

const targetOf = async (id: string) => (await app.registry.scimTargets()).find((t) => t.id === id)!;

/** The worker's side of a loop: its settings, and what the loop asks of it (pauses recorded). */
function deps(over: Partial<DeliveryLoopDeps> = {}) {
  const pauses: Array<{ target: string; until: number }> = [];
  const d: DeliveryLoopDeps = {
    db: app.db,
    log: app.log,
    settings: app.config.provisioning,
    publicUrl: app.config.publicUrl,
    signal: new AbortController().signal,
    graphTokens: new Map(),
    stopped: () => false,
    drainSince: () => null,
    pause: (id, until) => void pauses.push({ target: id, until }),
    ...over,
  };
  return { deps: d, pauses };
}

/** A role on the target with `people` guests, planned: a queue row for each guest and one for the group. */
async function plannedRole(
  name: string,
  people: number,
  apps = ['app-wiki'],
): Promise<{ roleId: number; userIds: number[] }> {
  const roleId = await insertRole(app, name, apps);
  const userIds: number[] = [];
  for (let i = 0; i < people; i += 1) {
    const userId = await addUser(app, `${name.toLowerCase().replace(/ /g, '.')}${i}@example.org`);
    await addMember(app, userId, roleId, 'GUEST');
    userIds.push(userId);
  }
  await planPending(app.db, await app.registry.scimTargets());
  return { roleId, userIds };
}

async function queue() {
  const { rows } = await app.db.query<{
    kind: string;
    local_id: string;
    status: string;
    attempts: number;
    leased: boolean;
    last_status: number | null;
  }>(
    `SELECT kind, local_id, status, attempts, leased_until IS NOT NULL AS leased, last_status
       FROM provisioning_queue ORDER BY kind, local_id`,
  );
  return rows.map((r) => ({ ...r, local_id: Number(r.local_id) }));
}

/** The log lines written with `msg`, as objects. */
const logged = (msg: string) =>
  logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((l) => l.msg === msg);

describe('a target that fails with a retry', () => {
  it('is left alone for the delay it asked, and sent nothing more by the loop: its groups wait, unleased', async () => {
    intercept = async (req, res) => {
      if (req.method !== 'POST') return false;
      res.writeHead(503, { 'content-type': 'application/scim+json', 'retry-after': '120' });
      res.end(JSON.stringify({ status: '503', detail: 'down for maintenance' }));
      return true;
    };
    const { roleId, userIds } = await plannedRole('Paused', 2);
    const { deps: d, pauses } = deps();
    const before = Date.now();
    await runTargetLoop(d, target);
    const after = Date.now();

    // Both people were tried (one batch, in one bulk request: the target takes them); the group, waiting for
    // them, was not sent.
    expect(received).toEqual(['GET /ServiceProviderConfig', 'POST /Bulk']);
    expect(await queue()).toEqual([
      { kind: 'group', local_id: roleId, status: 'waiting', attempts: 0, leased: false, last_status: null },
      ...userIds.map((id) => ({
        kind: 'user',
        local_id: id,
        status: 'waiting',
        attempts: 1,
        leased: false,
        last_status: 503,
      })),
    ]);
    // Left alone for the two minutes the target asked, from the failure on.
    expect(pauses.map((p) => p.target)).toEqual(['prov-loop', 'prov-loop']);
    for (const { until } of pauses) {
      expect(until).toBeGreaterThanOrEqual(before + 120_000);
      expect(until).toBeLessThanOrEqual(after + 120_000);
    }
    // The operator's log says which target, what, why and for how long.
    expect(logged('provisioning: will retry').map(({ id, ...rest }) => [id, rest])).toEqual(
      userIds.map((id) => [
        id,
        expect.objectContaining({
          target: 'prov-loop',
          kind: 'user',
          delayMs: 120_000,
          reason: expect.stringMatching(/^POST \/Bulk: HTTP 503/),
        }),
      ]),
    );
  });
});

describe('a batch of people and their group', () => {
  it('keeps the people leased while they are sent, and hands the group back until they are there', async () => {
    const leasedWhileSent: Array<{ kind: string; leased: boolean }> = [];
    intercept = async (req) => {
      if (req.method === 'POST' && req.url!.includes('/Users') && leasedWhileSent.length === 0)
        leasedWhileSent.push(...(await queue()).map((r) => ({ kind: r.kind, leased: r.leased })));
      return false;
    };
    await plannedRole('Leased While Sent', 1);
    await runTargetLoop(deps().deps, target);
    expect(leasedWhileSent).toEqual([
      { kind: 'group', leased: false },
      { kind: 'user', leased: true },
    ]);
    expect(await queue()).toEqual([]);
  });

  it('counts every item failed when recording the batch fails (the database away): tried again later', async () => {
    const { userIds } = await plannedRole('Not Recorded', 1);
    // The transaction that records what the target now holds fails.
    const db = Object.create(app.db, {
      tx: { value: () => Promise.reject(new Error('database unavailable')) },
    }) as DeliveryLoopDeps['db'];
    const { deps: d, pauses } = deps({ db });
    await runTargetLoop(d, target);
    expect((await queue()).filter((r) => r.kind === 'user')).toEqual([
      {
        kind: 'user',
        local_id: userIds[0],
        status: 'waiting',
        attempts: 1,
        leased: false,
        last_status: null,
      },
    ]);
    expect(pauses.map((p) => p.target)).toEqual(['prov-loop']);
  });
});

describe('a loop stopped after its claim', () => {
  it('sends nothing, counts no attempt, and hands every lease back', async () => {
    await plannedRole('Stopped', 2);
    let asked = 0;
    // Not stopped when the loop begins (it claims), stopped from then on (the server closing).
    const { deps: d } = deps({ stopped: () => asked++ > 0 });
    await runTargetLoop(d, target);
    expect(received).toEqual([]);
    const rows = await queue();
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.leased || r.attempts > 0 || r.status !== 'waiting')).toEqual([]);
  });
});

describe('a loop stopped while the target answers', () => {
  it('counts the failure cut short as no attempt: the lease goes back, nothing is put off or given up', async () => {
    let closing = false;
    intercept = async (req, res) => {
      if (req.method !== 'POST') return false;
      // The server starts closing while the target answers that it is down.
      closing = true;
      res.writeHead(503, { 'content-type': 'application/scim+json' });
      res.end(JSON.stringify({ status: '503' }));
      return true;
    };
    const { userIds } = await plannedRole('Closing', 1);
    const { deps: d, pauses } = deps({ stopped: () => closing });
    await runTargetLoop(d, target);
    expect(received).toEqual(['POST /Users']);
    expect((await queue()).filter((r) => r.kind === 'user')).toEqual([
      {
        kind: 'user',
        local_id: userIds[0],
        status: 'waiting',
        attempts: 0,
        leased: false,
        last_status: null,
      },
    ]);
    expect((await queue()).filter((r) => r.leased)).toEqual([]);
    expect(pauses).toEqual([]);
  });
});

describe('a loop', () => {
  it('gives a person the target refuses up: audited with the user, and goes on with the rest', async () => {
    intercept = async (req, res) => {
      if (req.method !== 'POST' || !req.url!.includes('/Users')) return false;
      res.writeHead(400, { 'content-type': 'application/scim+json' });
      res.end(JSON.stringify({ status: '400', detail: 'invalid user' }));
      return true;
    };
    const { userIds } = await plannedRole('Refused Person', 1);
    const { deps: d, pauses } = deps();
    await runTargetLoop(d, target);
    // The group goes on its way without its member (who is not there).
    expect(await queue()).toEqual([
      { kind: 'user', local_id: userIds[0], status: 'failed', attempts: 1, leased: false, last_status: 400 },
    ]);
    expect(scim.snapshot('loop').groups.map((g) => [g.displayName, g.members])).toEqual([
      ['Refused Person', []],
    ]);
    expect(pauses).toEqual([]);
    const { rows } = await app.db.query<{ after: Record<string, unknown> }>(
      "SELECT after FROM audit_logs WHERE entity_type = 'provisioning' AND action = 'fail' AND (after->>'userId')::bigint = $1",
      [userIds[0]],
    );
    expect(rows.map((r) => r.after)).toEqual([
      {
        target: 'prov-loop',
        kind: 'user',
        userId: userIds[0],
        status: 400,
        reason: 'POST /Users: HTTP 400: invalid user',
      },
    ]);
  });

  it('gives a group the target refuses up: audited with its role and logged, the people delivered', async () => {
    intercept = async (req, res) => {
      if (req.method !== 'POST' || !req.url!.includes('/Groups')) return false;
      res.writeHead(400, { 'content-type': 'application/scim+json' });
      res.end(JSON.stringify({ status: '400', detail: 'no such schema' }));
      return true;
    };
    const { roleId, userIds } = await plannedRole('Refused Group', 1);
    const { deps: d, pauses } = deps();
    // One loop: the people in a first claim, the group (which waited for them) in the next.
    await runTargetLoop(d, target);
    expect(await queue()).toEqual([
      { kind: 'group', local_id: roleId, status: 'failed', attempts: 1, leased: false, last_status: 400 },
    ]);
    expect(scim.snapshot('loop').users).toHaveLength(userIds.length);
    expect(pauses).toEqual([]);
    const { rows } = await app.db.query<{ after: Record<string, unknown> }>(
      "SELECT after FROM audit_logs WHERE entity_type = 'provisioning' AND action = 'fail' AND after->>'kind' = 'group'",
    );
    expect(rows.map((r) => r.after)).toEqual([
      {
        target: 'prov-loop',
        kind: 'group',
        roleId,
        status: 400,
        reason: expect.stringMatching(/^POST \/Groups: HTTP 400/),
      },
    ]);
    expect(logged('provisioning: failed')).toEqual([
      expect.objectContaining({
        target: 'prov-loop',
        kind: 'group',
        id: roleId,
        reason: expect.stringMatching(/^POST \/Groups: HTTP 400/),
      }),
    ]);
  });
});

describe('a target that takes people only, one call each (eVA, Microsoft Graph)', () => {
  it('is sent each person; one failing is tried again later, the others delivered', async () => {
    const { userIds } = await plannedRole('Elsewhere', 2, ['app-eva', 'app-graph']);
    eva.failNext(1);
    for (const id of ['prov-eva', 'prov-graph']) await runTargetLoop(deps().deps, await targetOf(id));
    expect(eva.accounts().map((a) => a.email)).toEqual(['elsewhere1@example.org']);
    expect(graph.invitations().map((i) => i.email)).toEqual(
      userIds.map((_, i) => `elsewhere${i}@example.org`),
    );
    // No groups for them; the person eVA failed waits for another attempt.
    expect(await queue()).toEqual([
      {
        kind: 'user',
        local_id: userIds[0],
        status: 'waiting',
        attempts: 1,
        leased: false,
        last_status: 500,
      },
    ]);
  });
});
