/**
 * What one delivery sends when the target is not as it was left (deliver.ts), over PGlite and a real SCIM
 * service provider reached over HTTP: a user or a group deleted there behind our back is made again; an
 * answer without an id, or a 409 whose lookup finds nothing, is given up with its reason; ids are kept as
 * text whatever their JSON type; a rename alone is one PATCH of the name on a PATCH target and one PUT on a
 * PUT target.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createDevScimServer, type DevScimServer } from '../dev/scim/dev-scim.js';
import { EntityRegistry } from '../registry/entity-registry.js';
import { buildApp } from '../app.js';
import { addMember, addUser, apiApp, insertRole } from '../test/api-kit.js';
import { testConfig } from '../test/helper.js';
import { freshTestDb } from '../test/template-db.js';
import { scimTarget, targetRegistry } from '../test/registry.fixture.js';
import { SCIM_PATCH_SCHEMA, SCIM_USER_SCHEMA as USER_SCHEMA } from '../domain/scim.js';
import { deliverGroup, deliverUsers, type DeliveryContext } from './deliver.js';
import { ScimError, scimClient, type ScimClient } from './scim-client.js';

let scim: DevScimServer;
let http: Server;
let port: number;
/** Answers a request instead of the provider when it returns true (a test's own behaviour). */
let intercept: (req: IncomingMessage, res: ServerResponse) => Promise<boolean> = async () => false;

const target = (id: string, tenant: string, fields: Record<string, unknown> = {}) =>
  scimTarget(id, `http://127.0.0.1:${port}/${tenant}/v2`, fields);

let app: FastifyInstance;

beforeAll(async () => {
  scim = createDevScimServer({ mount: '', tenants: { patch: { bearer: 'b' }, put: { bearer: 'b' } } });
  http = createServer((req, res) => {
    void intercept(req, res).then((done) => {
      if (!done) scim.handle(req, res);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  port = (http.address() as AddressInfo).port;
  app = await apiApp({
    registry: registry(),
    env: {
      PROVISIONING_MAX_ATTEMPTS: '2',
      PROVISIONING_RETRY_BASE: '1ms',
      PROVISIONING_RETRY_MAX: '1ms',
    },
  });
});
afterAll(async () => {
  await app.close();
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
});
beforeEach(() => {
  intercept = async () => false;
});

function registry(): EntityRegistry {
  return targetRegistry(() => [
    target('prov-patch', 'patch'),
    target('prov-put', 'put', { scim_update_role_put_method: true }),
  ]);
}

/** Deletes a resource at the target as someone else would. */
async function deleteThere(tenant: string, collection: 'Users' | 'Groups', id: string): Promise<void> {
  const answer = await fetch(`http://127.0.0.1:${port}/${tenant}/v2/${collection}/${id}`, {
    method: 'DELETE',
    headers: { authorization: 'Bearer b' },
  });
  expect(answer.status).toBe(204);
}
const userThere = (tenant: string, userName: string) =>
  scim.snapshot(tenant).users.find((u) => u.userName === userName);
const groupThere = (tenant: string, name: string) =>
  scim.snapshot(tenant).groups.find((g) => g.displayName === name);
const membersThere = (tenant: string, name: string) =>
  (groupThere(tenant, name)?.members ?? []).map((m) => m.display).sort();
const methodsSince = (tenant: string, from: number) =>
  scim
    .requestLog(tenant)
    .slice(from)
    .map(
      (r) => `${r.method} ${r.path.split('?')[0]!.replace(/^(\/(Users|Groups))\/.+$/, '$1/id')} ${r.status}`,
    );
async function queueRow(kind: string, localId: number) {
  const { rows } = await app.db.query<{
    status: string;
    last_status: number | null;
    last_error: string | null;
  }>('SELECT status, last_status, last_error FROM provisioning_queue WHERE kind = $1 AND local_id = $2', [
    kind,
    localId,
  ]);
  return rows;
}
/** Queues a delivery again with nothing changed (as a resync or a second planner would). */
async function queueAgain(kind: 'user' | 'group', localId: number, targets = ['prov-patch', 'prov-put']) {
  for (const target of targets) {
    await app.db.query(
      "INSERT INTO provisioning_queue (target, kind, local_id, seq) VALUES ($1, $2, $3, nextval('provisioning_queue_seq'))",
      [target, kind, localId],
    );
  }
}
async function remoteIdOf(target: string, kind: 'user' | 'group', localId: number): Promise<string | null> {
  const { rows } = await app.db.query<{ remote_id: string }>(
    'SELECT remote_id FROM scim_resources WHERE target = $1 AND kind = $2 AND local_id = $3',
    [target, kind, localId],
  );
  return rows[0]?.remote_id ?? null;
}
/** A request's body as text. */
async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
const logLengths = () => ({ patch: scim.requestLog('patch').length, put: scim.requestLog('put').length });
/**
 * One delivery's context at a target, as the delivery loop makes it, with every call the target is sent
 * recorded (method, path, body); `refuse` answers a call in the target's place when it returns an error.
 */
async function recorded(
  targetId: string,
  refuse: (path: string, body: unknown) => Error | null = () => null,
) {
  const target = (await app.registry.scimTargets()).find((t) => t.id === targetId)!;
  const real = scimClient(target, { timeoutMs: 10_000 });
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const client: ScimClient = {
    async send(method, path, body) {
      const refused = refuse(path, body);
      if (refused) throw refused;
      calls.push({ method, path, body });
      return real.send(method, path, body);
    },
  };
  const ctx: DeliveryContext = { db: app.db, target, client };
  return { ctx, calls };
}

describe('a resource deleted at the target behind our back', () => {
  it('is a user made again, with its change, on its next delivery', async () => {
    const role = await insertRole(app, 'User Gone', ['app-wiki']);
    const userId = await addUser(app, 'gone.user@example.org');
    await addMember(app, userId, role, 'GUEST');
    await app.provisioning.drain();
    const userName = 'urn:test:gone.user@example.org';
    for (const tenant of ['patch', 'put'])
      await deleteThere(tenant, 'Users', userThere(tenant, userName)!.id);

    const from = scim.requestLog('patch').length;
    await app.db.query("UPDATE users SET given_name = 'Back' WHERE id = $1", [userId]);
    await app.provisioning.drain();
    for (const tenant of ['patch', 'put']) expect(userThere(tenant, userName)?.name?.givenName).toBe('Back');
    expect(methodsSince('patch', from)).toEqual(
      expect.arrayContaining(['PUT /Users/id 404', 'POST /Users 201']),
    );
    expect(await queueRow('user', userId)).toEqual([]);
    // Their groups there lost them with the user: named in them again.
    for (const tenant of ['patch', 'put']) expect(membersThere(tenant, 'User Gone')).toEqual([userName]);

    // Recorded under the id it was made with: a later change is one PUT there.
    const again = { patch: scim.requestLog('patch').length, put: scim.requestLog('put').length };
    await app.db.query("UPDATE users SET given_name = 'Again' WHERE id = $1", [userId]);
    await app.provisioning.drain();
    for (const tenant of ['patch', 'put'] as const) {
      expect(methodsSince(tenant, again[tenant])).toEqual(['PUT /Users/id 200']);
      expect(await remoteIdOf(`prov-${tenant}`, 'user', userId)).toBe(userThere(tenant, userName)!.id);
      expect(userThere(tenant, userName)?.name?.givenName).toBe('Again');
    }
  });

  it('is a group made again, whole, on its next delivery, on a PATCH and a PUT target', async () => {
    const role = await insertRole(app, 'Group Gone', ['app-wiki']);
    await addMember(app, await addUser(app, 'first.member@example.org'), role, 'GUEST');
    await app.provisioning.drain();
    for (const tenant of ['patch', 'put'])
      await deleteThere(tenant, 'Groups', groupThere(tenant, 'Group Gone')!.id);

    await addMember(app, await addUser(app, 'second.member@example.org'), role, 'GUEST');
    await app.provisioning.drain();
    for (const tenant of ['patch', 'put']) {
      expect(membersThere(tenant, 'Group Gone')).toEqual([
        'urn:test:first.member@example.org',
        'urn:test:second.member@example.org',
      ]);
    }
    expect(await queueRow('group', role)).toEqual([]);

    // Its memberships were recorded afresh: a member leaving is taken out of the group made again.
    await app.db.query(
      "DELETE FROM user_roles WHERE role_id = $1 AND user_id = (SELECT id FROM users WHERE email = 'first.member@example.org')",
      [role],
    );
    await app.provisioning.drain();
    for (const tenant of ['patch', 'put'])
      expect(membersThere(tenant, 'Group Gone')).toEqual(['urn:test:second.member@example.org']);
  });
});

describe('a group update the target does not take', () => {
  it('is given up with its answer when refused, tried again when the target is busy; the group there as it was', async () => {
    const role = await insertRole(app, 'Not Taken', ['app-wiki']);
    await addMember(app, await addUser(app, 'kept.member@example.org'), role, 'GUEST');
    await app.provisioning.drain();
    intercept = async (req, res) => {
      const refused = req.method === 'PATCH' && req.url!.startsWith('/patch/v2/Groups/');
      const busy = req.method === 'PUT' && req.url!.startsWith('/put/v2/Groups/');
      if (!refused && !busy) return false;
      res.writeHead(refused ? 400 : 503, { 'content-type': 'application/scim+json' });
      res.end(JSON.stringify({ status: refused ? '400' : '503', detail: refused ? 'read-only' : 'busy' }));
      return true;
    };
    await addMember(app, await addUser(app, 'new.member@example.org'), role, 'GUEST');
    await app.provisioning.drain();
    const { rows } = await app.db.query<{
      target: string;
      status: string;
      attempts: number;
      last_error: string;
    }>(
      "SELECT target, status, attempts, last_error FROM provisioning_queue WHERE kind = 'group' AND local_id = $1 ORDER BY target",
      [role],
    );
    expect(rows).toEqual([
      {
        target: 'prov-patch',
        status: 'failed',
        attempts: 1,
        last_error: expect.stringMatching(/^PATCH \/Groups\/.+: HTTP 400: read-only$/),
      },
      {
        target: 'prov-put',
        status: 'waiting',
        attempts: 1,
        last_error: expect.stringMatching(/^PUT \/Groups\/.+: HTTP 503: busy$/),
      },
    ]);
    for (const tenant of ['patch', 'put']) {
      expect(scim.snapshot(tenant).groups.filter((g) => g.displayName === 'Not Taken')).toHaveLength(1);
      expect(membersThere(tenant, 'Not Taken')).toEqual(['urn:test:kept.member@example.org']);
    }
  });
});

describe('a member deleted at the target who then leaves the role', () => {
  it('is sent only the DELETE, found gone: the group there dropped them with the user, and is sent nothing', async () => {
    const role = await insertRole(app, 'Left Behind', ['app-wiki']);
    const leaving = await addUser(app, 'leaving.member@example.org');
    await addMember(app, leaving, role, 'GUEST');
    await addMember(app, await addUser(app, 'staying.member@example.org'), role, 'GUEST');
    await app.provisioning.drain();
    for (const tenant of ['patch', 'put'])
      await deleteThere(tenant, 'Users', userThere(tenant, 'urn:test:leaving.member@example.org')!.id);

    const from = { patch: scim.requestLog('patch').length, put: scim.requestLog('put').length };
    await app.db.query('DELETE FROM user_roles WHERE user_id = $1', [leaving]);
    await app.provisioning.drain();
    // The user's DELETE finds it gone (404: already so), and their memberships are forgotten with them.
    for (const tenant of ['patch', 'put'] as const)
      expect(methodsSince(tenant, from[tenant])).toEqual(['DELETE /Users/id 404']);
    for (const tenant of ['patch', 'put'])
      expect(membersThere(tenant, 'Left Behind')).toEqual(['urn:test:staying.member@example.org']);
    expect(await queueRow('group', role)).toEqual([]);
  });
});

describe('a person made at the target after their group was sent', () => {
  it('is named in the group by their own delivery queueing it again', async () => {
    let busy = true;
    intercept = async (req, res) => {
      if (!busy || req.method !== 'POST' || !req.url!.startsWith('/patch/v2/Users')) return false;
      busy = false;
      res.writeHead(503, { 'content-type': 'application/scim+json' });
      res.end(JSON.stringify({ status: '503' }));
      return true;
    };
    const role = await insertRole(app, 'Named Later', ['app-wiki']);
    const userId = await addUser(app, 'named.later@example.org');
    await addMember(app, userId, role, 'GUEST');
    await app.provisioning.drain();
    // The person is to be tried again; the group went without them.
    expect(await queueRow('user', userId)).toEqual([
      expect.objectContaining({ status: 'waiting', last_status: 503 }),
    ]);
    expect(groupThere('patch', 'Named Later')).toBeDefined();
    expect(membersThere('patch', 'Named Later')).toEqual([]);

    await app.provisioning.drain();
    expect(membersThere('patch', 'Named Later')).toEqual(['urn:test:named.later@example.org']);
    expect(await queueRow('user', userId)).toEqual([]);
    expect(await queueRow('group', role)).toEqual([]);
  });
});

describe('a group sent as changes (PATCH) or whole (PUT)', () => {
  it('is recorded as sent: after a member joins, and after one leaves, delivering it again sends nothing', async () => {
    const role = await insertRole(app, 'Recorded Whole', ['app-wiki']);
    const first = await addUser(app, 'first.whole@example.org');
    await addMember(app, first, role, 'GUEST');
    // A guest of another role there too: the user stays at the target when they leave this one.
    await addMember(app, first, await insertRole(app, 'Elsewhere Whole', ['app-wiki']), 'GUEST');
    await app.provisioning.drain();
    const untouched = async () => {
      // The group queued again with nothing changed (as a resync or a second planner would).
      for (const target of ['prov-patch', 'prov-put']) {
        await app.db.query(
          "INSERT INTO provisioning_queue (target, kind, local_id, seq) VALUES ($1, 'group', $2, nextval('provisioning_queue_seq'))",
          [target, role],
        );
      }
      const from = { patch: scim.requestLog('patch').length, put: scim.requestLog('put').length };
      await app.provisioning.drain();
      return [...methodsSince('patch', from.patch), ...methodsSince('put', from.put)];
    };

    await addMember(app, await addUser(app, 'second.whole@example.org'), role, 'GUEST');
    await app.provisioning.drain();
    for (const tenant of ['patch', 'put']) {
      expect(membersThere(tenant, 'Recorded Whole')).toEqual([
        'urn:test:first.whole@example.org',
        'urn:test:second.whole@example.org',
      ]);
    }
    expect(await untouched()).toEqual([]);

    await app.db.query('DELETE FROM user_roles WHERE user_id = $1 AND role_id = $2', [first, role]);
    await app.provisioning.drain();
    for (const tenant of ['patch', 'put'])
      expect(membersThere(tenant, 'Recorded Whole')).toEqual(['urn:test:second.whole@example.org']);
    expect(await untouched()).toEqual([]);
  });
});

describe('a group the target has already (409 on create)', () => {
  it('is looked up by its name, adopted, and sent whole over it', async () => {
    for (const tenant of ['patch', 'put']) {
      const made = await fetch(`http://127.0.0.1:${port}/${tenant}/v2/Groups`, {
        method: 'POST',
        headers: { authorization: 'Bearer b', 'content-type': 'application/scim+json' },
        body: JSON.stringify({
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
          displayName: 'Made Elsewhere',
        }),
      });
      expect(made.status).toBe(201);
    }
    const role = await insertRole(app, 'Made Elsewhere', ['app-wiki']);
    await addMember(app, await addUser(app, 'adopted.member@example.org'), role, 'GUEST');
    await app.provisioning.drain();
    for (const tenant of ['patch', 'put']) {
      expect(scim.snapshot(tenant).groups.filter((g) => g.displayName === 'Made Elsewhere')).toHaveLength(1);
      expect(membersThere(tenant, 'Made Elsewhere')).toEqual(['urn:test:adopted.member@example.org']);
    }
    expect(await queueRow('group', role)).toEqual([]);
  });
});

describe('a role no longer on the target', () => {
  it('has its group deleted there, and its guests with nothing else there', async () => {
    const role = await insertRole(app, 'Going Away', ['app-wiki']);
    await addMember(app, await addUser(app, 'going.away@example.org'), role, 'GUEST');
    await app.provisioning.drain();
    const from = { patch: scim.requestLog('patch').length, put: scim.requestLog('put').length };
    await app.db.query('DELETE FROM application_usages WHERE role_id = $1', [role]);
    await app.provisioning.drain();
    for (const tenant of ['patch', 'put'] as const) {
      expect(methodsSince(tenant, from[tenant]).sort()).toEqual([
        'DELETE /Groups/id 204',
        'DELETE /Users/id 204',
      ]);
      expect(groupThere(tenant, 'Going Away')).toBeUndefined();
    }
    const { rows } = await app.db.query(
      "SELECT 1 FROM scim_resources WHERE kind = 'group' AND local_id = $1",
      [role],
    );
    expect(rows).toEqual([]);
  });
});

describe('a rename alone', () => {
  it('is one PATCH of the name on a PATCH target, and one PUT of the group on a PUT target', async () => {
    const role = await insertRole(app, 'Old Name', ['app-wiki']);
    await addMember(app, await addUser(app, 'renamed.member@example.org'), role, 'GUEST');
    await app.provisioning.drain();
    const from = { patch: scim.requestLog('patch').length, put: scim.requestLog('put').length };
    await app.db.query("UPDATE roles SET name = 'New Name' WHERE id = $1", [role]);
    await app.provisioning.drain();
    expect(methodsSince('patch', from.patch)).toEqual(['PATCH /Groups/id 200']);
    expect(methodsSince('put', from.put)).toEqual(['PUT /Groups/id 200']);
    for (const tenant of ['patch', 'put']) {
      expect(groupThere(tenant, 'Old Name')).toBeUndefined();
      expect(membersThere(tenant, 'New Name')).toEqual(['urn:test:renamed.member@example.org']);
    }
  });
});

describe('answers the target should not give', () => {
  /** Answers POST /Users on the PATCH target with `status` and `body`; everything else as the provider. */
  function answerCreate(status: number, body: unknown) {
    intercept = async (req, res) => {
      if (req.method !== 'POST' || !req.url?.startsWith('/patch/v2/Users')) return false;
      res.writeHead(status, { 'content-type': 'application/scim+json' });
      res.end(JSON.stringify(body));
      return true;
    };
  }

  it('gives a user up when its creation is answered without an id', async () => {
    answerCreate(201, { userName: 'no.id@example.org' });
    const role = await insertRole(app, 'No Id', ['app-wiki']);
    const userId = await addUser(app, 'no.id@example.org');
    await addMember(app, userId, role, 'GUEST');
    await app.provisioning.drain();
    const rows = await app.db.query<{ target: string; status: string; last_error: string }>(
      "SELECT target, status, last_error FROM provisioning_queue WHERE kind = 'user' AND local_id = $1",
      [userId],
    );
    expect(rows.rows).toEqual([
      { target: 'prov-patch', status: 'failed', last_error: 'POST /Users: the answer has no id' },
    ]);
    // Given up, audited: which target, what, and why.
    const audited = await app.db.query<{ after: unknown }>(
      "SELECT after FROM audit_logs WHERE entity_type = 'provisioning' AND action = 'fail' AND (after->>'userId')::bigint = $1",
      [userId],
    );
    expect(audited.rows.map((r) => r.after)).toEqual([
      {
        target: 'prov-patch',
        kind: 'user',
        userId,
        status: null,
        reason: 'POST /Users: the answer has no id',
      },
    ]);
  });

  it('gives a user up when its creation is answered with no body at all', async () => {
    answerCreate(201, undefined);
    const role = await insertRole(app, 'No Body', ['app-wiki']);
    const userId = await addUser(app, 'no.body@example.org');
    await addMember(app, userId, role, 'GUEST');
    await app.provisioning.drain();
    expect(await queueRow('user', userId)).toEqual([
      { status: 'failed', last_status: null, last_error: 'POST /Users: the answer has no id' },
    ]);
  });

  it('gives a user the target refuses up at once, with its answer, without looking it up there', async () => {
    answerCreate(400, { status: '400', scimType: 'invalidValue', detail: 'no such attribute' });
    const role = await insertRole(app, 'Refused User', ['app-wiki']);
    const userId = await addUser(app, 'refused.user@example.org');
    await addMember(app, userId, role, 'GUEST');
    const from = scim.requestLog('patch').length;
    await app.provisioning.drain();
    expect(await queueRow('user', userId)).toEqual([
      {
        status: 'failed',
        last_status: 400,
        last_error: 'POST /Users: HTTP 400: invalidValue: no such attribute',
      },
    ]);
    expect(methodsSince('patch', from).filter((m) => m.startsWith('GET'))).toEqual([]);
  });

  it('keeps an id given as a number, as text', async () => {
    answerCreate(201, { id: 4242, userName: 'number.id@example.org' });
    const role = await insertRole(app, 'Number Id', ['app-wiki']);
    const userId = await addUser(app, 'number.id@example.org');
    await addMember(app, userId, role, 'GUEST');
    await app.provisioning.drain();
    const { rows } = await app.db.query<{ remote_id: string }>(
      "SELECT remote_id FROM scim_resources WHERE target = 'prov-patch' AND kind = 'user' AND local_id = $1",
      [userId],
    );
    expect(rows).toEqual([{ remote_id: '4242' }]);
  });

  it('gives a user up on a 409 whose lookup finds no such user there, with the 409 as the reason', async () => {
    answerCreate(409, { status: '409', detail: 'uniqueness' });
    const role = await insertRole(app, 'Conflict', ['app-wiki']);
    const userId = await addUser(app, 'conflict@example.org');
    await addMember(app, userId, role, 'GUEST');
    await app.provisioning.drain();
    const rows = await queueRow('user', userId);
    expect(rows).toEqual([
      expect.objectContaining({
        status: 'failed',
        last_status: 409,
        last_error: expect.stringMatching(/^POST \/Users: HTTP 409/),
      }),
    ]);
    // The lookup was made, by userName.
    expect(scim.requestLog('patch').some((r) => r.method === 'GET' && r.path.includes('userName'))).toBe(
      true,
    );
  });

  it('gives a user up on a 409 whose lookup answers no list, a user without an id, or nothing, with the 409', async () => {
    const lookups = new Map<string, unknown>([
      ['no.list@example.org', { totalResults: 1 }],
      ['no.id.there@example.org', { totalResults: 1, Resources: [{ userName: 'urn:test:no.id.there' }] }],
      // An answer with no body at all.
      ['no.body.there@example.org', null],
    ]);
    intercept = async (req, res) => {
      // A bulk request's every operation is refused as there already too: each then goes on its own.
      if (req.url === '/patch/v2/Bulk') {
        const { Operations } = JSON.parse(await bodyOf(req)) as { Operations: Array<{ bulkId: string }> };
        res.writeHead(200, { 'content-type': 'application/scim+json' });
        res.end(
          JSON.stringify({
            Operations: Operations.map(({ bulkId }) => ({ method: 'POST', bulkId, status: '409' })),
          }),
        );
        return true;
      }
      if (!req.url?.startsWith('/patch/v2/Users')) return false;
      if (req.method === 'POST') {
        res.writeHead(409, { 'content-type': 'application/scim+json' });
        res.end(JSON.stringify({ status: '409', detail: 'uniqueness' }));
        return true;
      }
      if (req.method === 'GET') {
        const email = [...lookups.keys()].find((e) => decodeURIComponent(req.url!).includes(e));
        res.writeHead(200, { 'content-type': 'application/scim+json' });
        const answer = lookups.get(email!);
        res.end(answer === null ? '' : JSON.stringify(answer ?? { totalResults: 0, Resources: [] }));
        return true;
      }
      return false;
    };
    const role = await insertRole(app, 'Odd Lookups', ['app-wiki']);
    const userIds: number[] = [];
    for (const email of lookups.keys()) {
      const userId = await addUser(app, email);
      await addMember(app, userId, role, 'GUEST');
      userIds.push(userId);
    }
    await app.provisioning.drain();
    for (const userId of userIds) {
      expect(await queueRow('user', userId)).toEqual([
        { status: 'failed', last_status: 409, last_error: 'POST /Users: HTTP 409: uniqueness' },
      ]);
    }
  });

  it('adopts the user the target has already (409), found by userName, and puts our version over it', async () => {
    const made = await fetch(`http://127.0.0.1:${port}/patch/v2/Users`, {
      method: 'POST',
      headers: { authorization: 'Bearer b', 'content-type': 'application/scim+json' },
      body: JSON.stringify({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: 'urn:test:there.before@example.org',
      }),
    });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const role = await insertRole(app, 'There Before', ['app-wiki']);
    const userId = await addUser(app, 'there.before@example.org');
    await addMember(app, userId, role, 'GUEST');
    const from = scim.requestLog('patch').length;
    await app.provisioning.drain();
    expect(methodsSince('patch', from).filter((m) => m.includes('/Users'))).toEqual([
      'POST /Users 409',
      'GET /Users 200',
      'PUT /Users/id 200',
    ]);
    const { rows } = await app.db.query<{ remote_id: string }>(
      "SELECT remote_id FROM scim_resources WHERE target = 'prov-patch' AND kind = 'user' AND local_id = $1",
      [userId],
    );
    expect(rows).toEqual([{ remote_id: id }]);
    expect(userThere('patch', 'urn:test:there.before@example.org')?.emails).toEqual([
      expect.objectContaining({ value: 'there.before@example.org' }),
    ]);
  });

  it('adopts the user a 409 lookup finds under an id given as a number', async () => {
    const userName = 'urn:test:adopted.number@example.org';
    intercept = async (req, res) => {
      if (!req.url?.startsWith('/patch/v2/Users')) return false;
      if (req.method === 'POST') {
        res.writeHead(409, { 'content-type': 'application/scim+json' });
        res.end(JSON.stringify({ status: '409' }));
        return true;
      }
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/scim+json' });
        res.end(JSON.stringify({ totalResults: 1, Resources: [{ id: 77, userName }] }));
        return true;
      }
      if (req.method === 'PUT') {
        // Our version is put over it, under that id.
        const ok = req.url === '/patch/v2/Users/77';
        res.writeHead(ok ? 200 : 400, { 'content-type': 'application/scim+json' });
        res.end(JSON.stringify({ id: 77, userName }));
        return true;
      }
      return false;
    };
    const role = await insertRole(app, 'Adopted Number', ['app-wiki']);
    const userId = await addUser(app, 'adopted.number@example.org');
    await addMember(app, userId, role, 'GUEST');
    await app.provisioning.drain();
    const { rows } = await app.db.query<{ remote_id: string }>(
      "SELECT remote_id FROM scim_resources WHERE target = 'prov-patch' AND kind = 'user' AND local_id = $1",
      [userId],
    );
    expect(rows).toEqual([{ remote_id: '77' }]);
    expect(await queueRow('user', userId)).toEqual([]);
  });
});

describe('a delivery cut short by the server closing', () => {
  it('is not an attempt: its lease goes back, and it waits for the next start', async () => {
    const db = await freshTestDb();
    try {
      // The worker on: closing the server stops it.
      const closing = await buildApp({
        config: testConfig({ PROVISIONING: 'true' }),
        db,
        registry: registry(),
        logger: false,
      });
      await closing.ready();
      let reached!: () => void;
      const sending = new Promise<void>((resolve) => (reached = resolve));
      // The target takes the person in and never answers.
      intercept = async (req) => {
        if (req.method !== 'POST' || !req.url?.startsWith('/patch/v2/Users')) return false;
        reached();
        return new Promise<boolean>(() => undefined);
      };
      const role = await insertRole(closing, 'Cut Short', ['app-wiki']);
      const userId = await addUser(closing, 'cut.short@example.org');
      await addMember(closing, userId, role, 'GUEST');
      const drained = closing.provisioning.drain().catch(() => undefined);
      await sending;
      await closing.close();
      await drained;
      const { rows } = await db.query<{ target: string; status: string; attempts: number; leased: boolean }>(
        `SELECT target, status, attempts, leased_until IS NOT NULL AS leased FROM provisioning_queue
          WHERE kind = 'user' AND local_id = $1 ORDER BY target`,
        [userId],
      );
      expect(rows.find((r) => r.target === 'prov-patch')).toEqual({
        target: 'prov-patch',
        status: 'waiting',
        attempts: 0,
        leased: false,
      });
      // Whatever else was claimed went back too: nothing is left leased.
      expect(rows.filter((r) => r.leased)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

describe('a person at the target', () => {
  it('changed, is sent one PUT and recorded: delivered again unchanged, nothing is sent, nor to their groups', async () => {
    const role = await insertRole(app, 'Person Changed', ['app-wiki']);
    const userId = await addUser(app, 'person.changed@example.org');
    await addMember(app, userId, role, 'GUEST');
    await app.provisioning.drain();

    let from = logLengths();
    await app.db.query("UPDATE users SET given_name = 'Changed' WHERE id = $1", [userId]);
    await app.provisioning.drain();
    for (const tenant of ['patch', 'put'] as const) {
      // Their groups there name them already: not sent again.
      expect(methodsSince(tenant, from[tenant])).toEqual(['PUT /Users/id 200']);
      expect(userThere(tenant, 'urn:test:person.changed@example.org')?.name?.givenName).toBe('Changed');
    }
    expect(await queueRow('user', userId)).toEqual([]);

    from = logLengths();
    await queueAgain('user', userId);
    await app.provisioning.drain();
    expect([...methodsSince('patch', from.patch), ...methodsSince('put', from.put)]).toEqual([]);
    expect(await queueRow('user', userId)).toEqual([]);
  });

  it('set aside by a resync, is sent again and named in their groups again', async () => {
    const role = await insertRole(app, 'Set Aside', ['app-wiki']);
    const userId = await addUser(app, 'set.aside@example.org');
    await addMember(app, userId, role, 'GUEST');
    await app.provisioning.drain();
    // As a resync leaves them (setAsideSent): what was sent forgotten, and their memberships there.
    await app.db.query("UPDATE scim_resources SET sent_digest = NULL WHERE kind = 'user' AND local_id = $1", [
      userId,
    ]);
    await app.db.query('DELETE FROM scim_group_members WHERE user_id = $1', [userId]);

    const from = logLengths();
    await queueAgain('user', userId);
    await app.provisioning.drain();
    // (The group there names them still: the provider answers the add 204, nothing changed.)
    expect(methodsSince('patch', from.patch)).toEqual(['PUT /Users/id 200', 'PATCH /Groups/id 204']);
    expect(methodsSince('put', from.put)).toEqual(['PUT /Users/id 200', 'PUT /Groups/id 200']);
    const { rows } = await app.db.query<{ target: string }>(
      'SELECT target FROM scim_group_members WHERE role_id = $1 AND user_id = $2 ORDER BY target',
      [role, userId],
    );
    expect(rows).toEqual([{ target: 'prov-patch' }, { target: 'prov-put' }]);
    expect(membersThere('patch', 'Set Aside')).toEqual(['urn:test:set.aside@example.org']);
  });

  it('never sent and a guest of nothing there, is sent nothing, and their delivery is done', async () => {
    const userId = await addUser(app, 'never.sent@example.org');
    const from = logLengths();
    await queueAgain('user', userId);
    await app.provisioning.drain();
    expect([...methodsSince('patch', from.patch), ...methodsSince('put', from.put)]).toEqual([]);
    expect(await queueRow('user', userId)).toEqual([]);
    expect(await remoteIdOf('prov-patch', 'user', userId)).toBeNull();
  });

  it('whose PUT the target is too busy for, is tried again later, never made anew', async () => {
    const role = await insertRole(app, 'Busy Put', ['app-wiki']);
    const userId = await addUser(app, 'busy.put@example.org');
    await addMember(app, userId, role, 'GUEST');
    await app.provisioning.drain();
    const remoteId = await remoteIdOf('prov-patch', 'user', userId);
    let busy = true;
    intercept = async (req, res) => {
      if (!busy || req.method !== 'PUT' || !req.url!.startsWith('/patch/v2/Users/')) return false;
      busy = false;
      res.writeHead(503, { 'content-type': 'application/scim+json' });
      res.end(JSON.stringify({ status: '503', detail: 'busy' }));
      return true;
    };
    const from = logLengths();
    await app.db.query("UPDATE users SET given_name = 'Busy' WHERE id = $1", [userId]);
    await app.provisioning.drain();
    // The busy PUT was answered in the target's place: nothing else reached it.
    expect(methodsSince('patch', from.patch)).toEqual([]);
    expect(await queueRow('user', userId)).toEqual([
      {
        status: 'waiting',
        last_status: 503,
        last_error: `PUT /Users/${remoteId}: HTTP 503: busy`,
      },
    ]);

    await app.provisioning.drain();
    expect(methodsSince('patch', from.patch)).toEqual(['PUT /Users/id 200']);
    expect(await remoteIdOf('prov-patch', 'user', userId)).toBe(remoteId);
    expect(await queueRow('user', userId)).toEqual([]);
  });

  it('deleted and made again at the target by someone else, is found by userName and adopted under its new id', async () => {
    const userName = 'urn:test:made.elsewhere@example.org';
    const role = await insertRole(app, 'Remade Elsewhere', ['app-wiki']);
    const userId = await addUser(app, 'made.elsewhere@example.org');
    await addMember(app, userId, role, 'GUEST');
    await app.provisioning.drain();
    await deleteThere('patch', 'Users', userThere('patch', userName)!.id);
    const made = await fetch(`http://127.0.0.1:${port}/patch/v2/Users`, {
      method: 'POST',
      headers: { authorization: 'Bearer b', 'content-type': 'application/scim+json' },
      body: JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName }),
    });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };

    const from = scim.requestLog('patch').length;
    await app.db.query("UPDATE users SET given_name = 'Adopted' WHERE id = $1", [userId]);
    await app.provisioning.drain();
    expect(methodsSince('patch', from).filter((m) => m.includes('/Users'))).toEqual([
      'PUT /Users/id 404',
      'POST /Users 409',
      'GET /Users 200',
      'PUT /Users/id 200',
    ]);
    expect(await remoteIdOf('prov-patch', 'user', userId)).toBe(id);
    expect(userThere('patch', userName)).toEqual(
      expect.objectContaining({ id, name: expect.objectContaining({ givenName: 'Adopted' }) }),
    );
    expect(await queueRow('user', userId)).toEqual([]);
  });

  it('whose 409 lookup the target is too busy for, is tried again later with the lookup as the reason', async () => {
    let busy = true;
    intercept = async (req, res) => {
      if (!busy || !req.url!.startsWith('/patch/v2/Users')) return false;
      if (req.method === 'GET') busy = false;
      const conflict = req.method === 'POST';
      res.writeHead(conflict ? 409 : 503, { 'content-type': 'application/scim+json' });
      res.end(JSON.stringify({ status: conflict ? '409' : '503', detail: conflict ? 'uniqueness' : 'busy' }));
      return true;
    };
    const role = await insertRole(app, 'Busy Lookup', ['app-wiki']);
    const userId = await addUser(app, 'busy.lookup@example.org');
    await addMember(app, userId, role, 'GUEST');
    await app.provisioning.drain();
    expect(await queueRow('user', userId)).toEqual([
      {
        status: 'waiting',
        last_status: 503,
        last_error: `GET /Users?filter=${encodeURIComponent('userName eq "urn:test:busy.lookup@example.org"')}: HTTP 503: busy`,
      },
    ]);
    await app.provisioning.drain();
    expect(await queueRow('user', userId)).toEqual([]);
  });

  it('is answered for by deliverUsers: each person asked, null when delivered, the error when not, no one else', async () => {
    const role = await insertRole(app, 'Answered For', ['app-wiki']);
    const delivered = await addUser(app, 'answered.delivered@example.org');
    const refused = await addUser(app, 'answered.refused@example.org');
    for (const userId of [delivered, refused]) await addMember(app, userId, role, 'GUEST');
    const refusal = new ScimError('POST /Users: HTTP 400: invalidValue', 400, false);
    const { ctx, calls } = await recorded('prov-patch', (_path, body) =>
      JSON.stringify(body).includes('answered.refused') ? refusal : null,
    );
    // More lanes than people.
    const answers = await deliverUsers(ctx, [delivered, refused], 4);
    expect(answers).toEqual(
      new Map<number, unknown>([
        [delivered, null],
        [refused, refusal],
      ]),
    );
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /Users']);
    expect(await remoteIdOf('prov-patch', 'user', delivered)).toBe(
      userThere('patch', 'urn:test:answered.delivered@example.org')!.id,
    );
    expect(await remoteIdOf('prov-patch', 'user', refused)).toBeNull();
    // Their group is queued for the one made there.
    const { rows } = await app.db.query(
      "SELECT 1 FROM provisioning_queue WHERE target = 'prov-patch' AND kind = 'group' AND local_id = $1",
      [role],
    );
    expect(rows).toHaveLength(1);
    await app.provisioning.drain();
  });
});

describe('people new to a target that takes bulk requests', () => {
  it('are made in one bulk request, recorded as held, and named in their group; sent again, nothing goes', async () => {
    const from = logLengths();
    const role = await insertRole(app, 'Bulk Made', ['app-wiki']);
    const userIds: number[] = [];
    for (const name of ['bulk.ann', 'bulk.bob', 'bulk.cat']) {
      const userId = await addUser(app, `${name}@example.org`);
      await addMember(app, userId, role, 'GUEST');
      userIds.push(userId);
    }
    await app.provisioning.drain();
    expect(methodsSince('patch', from.patch)).toEqual([
      'GET /ServiceProviderConfig 200',
      'POST /Bulk 200',
      'POST /Groups 201',
    ]);
    for (const userId of userIds) {
      const remoteId = await remoteIdOf('prov-patch', 'user', userId);
      expect(scim.snapshot('patch').users.find((u) => u.id === remoteId)?.userName).toMatch(
        /^urn:test:bulk\./,
      );
    }
    expect(membersThere('patch', 'Bulk Made')).toEqual([
      'urn:test:bulk.ann@example.org',
      'urn:test:bulk.bob@example.org',
      'urn:test:bulk.cat@example.org',
    ]);
    expect(membersThere('put', 'Bulk Made')).toHaveLength(3);
    const again = logLengths();
    for (const userId of userIds) await queueAgain('user', userId);
    await app.provisioning.drain();
    expect(logLengths()).toEqual(again);
  });

  it('leave one a bulk operation did not make to a call of its own: one there already is adopted', async () => {
    const made = await fetch(`http://127.0.0.1:${port}/patch/v2/Users`, {
      method: 'POST',
      headers: { authorization: 'Bearer b', 'content-type': 'application/scim+json' },
      body: JSON.stringify({ schemas: [USER_SCHEMA], userName: 'urn:test:bulk.there@example.org' }),
    });
    expect(made.status).toBe(201);
    const thereId = ((await made.json()) as { id: string }).id;
    const from = logLengths();
    const role = await insertRole(app, 'Bulk Partly', ['app-wiki']);
    const there = await addUser(app, 'bulk.there@example.org');
    const fresh = await addUser(app, 'bulk.fresh@example.org');
    for (const userId of [there, fresh]) await addMember(app, userId, role, 'GUEST');
    await app.provisioning.drain();
    expect(methodsSince('patch', from.patch)).toEqual([
      'GET /ServiceProviderConfig 200',
      'POST /Bulk 200',
      'POST /Users 409',
      'GET /Users 200',
      'PUT /Users/id 200',
      'POST /Groups 201',
    ]);
    expect(await remoteIdOf('prov-patch', 'user', there)).toBe(thereId);
    expect(membersThere('patch', 'Bulk Partly')).toEqual([
      'urn:test:bulk.fresh@example.org',
      'urn:test:bulk.there@example.org',
    ]);
  });

  it('go each by a call of their own when the target says it takes none, or refuses the bulk request whole', async () => {
    intercept = async (req, res) => {
      if (req.url === '/patch/v2/ServiceProviderConfig') {
        res.writeHead(200, { 'content-type': 'application/scim+json' });
        res.end(JSON.stringify({ bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 } }));
        return true;
      }
      if (req.url === '/put/v2/Bulk') {
        res.writeHead(501, { 'content-type': 'application/scim+json' });
        res.end(JSON.stringify({ status: '501', detail: 'Endpoint Not Implemented' }));
        return true;
      }
      return false;
    };
    const from = logLengths();
    const role = await insertRole(app, 'No Bulk', ['app-wiki']);
    for (const name of ['nobulk.ann', 'nobulk.bob']) {
      await addMember(app, await addUser(app, `${name}@example.org`), role, 'GUEST');
    }
    await app.provisioning.drain();
    // The intercepted answers are not in the provider's log: what it was sent besides.
    expect(methodsSince('patch', from.patch)).toEqual([
      'POST /Users 201',
      'POST /Users 201',
      'POST /Groups 201',
    ]);
    expect(methodsSince('put', from.put)).toEqual([
      'GET /ServiceProviderConfig 200',
      'POST /Users 201',
      'POST /Users 201',
      'POST /Groups 201',
    ]);
    expect(membersThere('patch', 'No Bulk')).toHaveLength(2);
    expect(membersThere('put', 'No Bulk')).toHaveLength(2);
  });
});

describe('a group, as the target is sent it', () => {
  it('of a role the target never had, is sent nothing, and its delivery is done', async () => {
    const role = await insertRole(app, 'Never There', ['app-mail']);
    const from = logLengths();
    await queueAgain('group', role);
    await app.provisioning.drain();
    expect([...methodsSince('patch', from.patch), ...methodsSince('put', from.put)]).toEqual([]);
    expect(await queueRow('group', role)).toEqual([]);
  });

  it('is sent a member joining as one PATCH that adds them, and nothing else', async () => {
    const role = await insertRole(app, 'Joined', ['app-wiki']);
    const first = await addUser(app, 'joined.first@example.org');
    const joining = await addUser(app, 'joined.later@example.org');
    await addMember(app, first, role, 'GUEST');
    // At the target already, through another role.
    await addMember(app, joining, await insertRole(app, 'Joined Elsewhere', ['app-wiki']), 'GUEST');
    await app.provisioning.drain();
    await addMember(app, joining, role, 'GUEST');

    const { ctx, calls } = await recorded('prov-patch');
    await deliverGroup(ctx, role);
    expect(calls).toEqual([
      {
        method: 'PATCH',
        path: `/Groups/${groupThere('patch', 'Joined')!.id}`,
        body: {
          schemas: [SCIM_PATCH_SCHEMA],
          Operations: [
            {
              op: 'add',
              path: 'members',
              value: [{ value: await remoteIdOf('prov-patch', 'user', joining) }],
            },
          ],
        },
      },
    ]);
    expect(membersThere('patch', 'Joined')).toEqual([
      'urn:test:joined.first@example.org',
      'urn:test:joined.later@example.org',
    ]);
    await app.provisioning.drain();
  });

  it('names no member whose user the bookkeeping no longer holds, and is sent nothing for one leaving', async () => {
    // As an earlier version left a member deleted at the target: the membership kept, the user's record gone.
    const role = await insertRole(app, 'Left Long Ago', ['app-wiki']);
    const staying = await addUser(app, 'long.staying@example.org');
    const left = await addUser(app, 'long.left@example.org');
    for (const userId of [staying, left]) await addMember(app, userId, role, 'GUEST');
    await app.provisioning.drain();
    await app.db.query('DELETE FROM user_roles WHERE user_id = $1', [left]);
    await app.db.query(
      "DELETE FROM scim_resources WHERE target = 'prov-patch' AND kind = 'user' AND local_id = $1",
      [left],
    );

    const { ctx, calls } = await recorded('prov-patch');
    await deliverGroup(ctx, role);
    expect(calls).toEqual([]);
    const { rows } = await app.db.query<{ user_id: string }>(
      "SELECT user_id FROM scim_group_members WHERE target = 'prov-patch' AND role_id = $1",
      [role],
    );
    expect(rows.map((r) => Number(r.user_id))).toEqual([staying]);
    await app.provisioning.drain();
  });

  it('sent whole, names no member a resync set aside until they are sent again', async () => {
    const role = await insertRole(app, 'Whole Aside', ['app-wiki']);
    const kept = await addUser(app, 'whole.kept@example.org');
    const aside = await addUser(app, 'whole.aside@example.org');
    for (const userId of [kept, aside]) await addMember(app, userId, role, 'GUEST');
    await app.provisioning.drain();
    // As a resync leaves them at the PUT target (setAsideSent), before they are sent again.
    await app.db.query(
      "UPDATE scim_resources SET sent_digest = NULL WHERE target = 'prov-put' AND kind = 'user' AND local_id = $1",
      [aside],
    );
    await app.db.query("DELETE FROM scim_group_members WHERE target = 'prov-put' AND user_id = $1", [aside]);
    await app.db.query("UPDATE roles SET name = 'Whole Aside Renamed' WHERE id = $1", [role]);

    const { ctx, calls } = await recorded('prov-put');
    await deliverGroup(ctx, role);
    const groupId = groupThere('put', 'Whole Aside Renamed')!.id;
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: `/Groups/${groupId}`,
        body: expect.objectContaining({
          id: groupId,
          displayName: 'Whole Aside Renamed',
          members: [{ value: await remoteIdOf('prov-put', 'user', kept) }],
        }),
      },
    ]);
    await app.provisioning.drain();
  });
});
