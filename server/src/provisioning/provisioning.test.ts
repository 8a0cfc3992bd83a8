/**
 * Provisioning against a real SCIM service provider (the development one, scimmy validating every request
 * against the RFC schemas), reached over HTTP: what a target holds after memberships, renames and deletes
 * made through the API or straight in the database; a target that is down; one that refuses; adoption after
 * a 409; PUT and PATCH targets, Basic and Bearer; no secret in any answer.
 */
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createDevScimServer, type DevScimServer } from '../dev/scim/dev-scim.js';
import { DEFAULT_REGISTRY_DIR, fileRegistry } from '../registry/file-registry.js';
import {
  addMember,
  addUser,
  apiApp,
  call,
  count,
  insertRole,
  loginPersonas,
  type Sessions,
} from '../test/api-kit.js';

const SECRET_PASSWORD = 'patch-target-password-do-not-show';
const SECRET_TOKEN = 'put-target-bearer-token-do-not-show';
const USERS_TOKEN = 'users-only-bearer-token-do-not-show';

let scim: DevScimServer;
let http: Server;
let port: number;
let dir: string;
let app: FastifyInstance;
let s: Sessions;
const logLines: string[] = [];

async function listen(p = 0): Promise<number> {
  http = createServer((req, res) => scim.handle(req, res));
  await new Promise<void>((resolve) => http.listen(p, '127.0.0.1', resolve));
  return (http.address() as AddressInfo).port;
}
const stopScim = () => new Promise<void>((resolve) => http.close(() => resolve()));

function provisioning(id: string, tenant: string, apps: string[], fields: Record<string, unknown>) {
  return {
    id,
    type: 'provisioning',
    data: {
      entityid: `https://${id}.example.org`,
      metaDataFields: {
        provisioning_type: 'scim',
        'name:en': id,
        'name:nl': id,
        scim_url: `http://127.0.0.1:${port}/${tenant}/v2`,
        ...fields,
      },
      applications: apps.map((a) => ({ id: a, type: 'saml20_sp' })),
    },
  };
}

const snapshot = (tenant: string) => scim.snapshot(tenant);
const userNames = (tenant: string) =>
  snapshot(tenant)
    .users.map((u) => u.userName)
    .sort();
const group = (tenant: string, name: string) => snapshot(tenant).groups.find((g) => g.displayName === name);
const memberNames = (tenant: string, name: string) =>
  (group(tenant, name)?.members ?? []).map((m) => m.display).sort();

beforeAll(async () => {
  scim = createDevScimServer({
    mount: '',
    tenants: {
      patch: { basic: { username: 'portal', password: SECRET_PASSWORD } },
      put: { bearer: SECRET_TOKEN },
      users: { bearer: USERS_TOKEN },
    },
  });
  port = await listen();
  dir = await mkdtemp(path.join(tmpdir(), 'registry-'));
  await mkdir(path.join(dir, 'logos'));
  for (const file of ['applications.json', 'identity-providers.json']) {
    await writeFile(path.join(dir, file), await readFile(path.join(DEFAULT_REGISTRY_DIR, file)));
  }
  await writeFile(
    path.join(dir, 'provisionings.json'),
    JSON.stringify([
      provisioning('prov-patch', 'patch', ['app-wiki', 'app-gitlab'], {
        scim_user: 'portal',
        scim_password: SECRET_PASSWORD,
      }),
      provisioning('prov-put', 'put', ['app-canvas'], {
        scim_bearer_token: SECRET_TOKEN,
        scim_update_role_put_method: true,
        scim_user_identifier: 'email',
      }),
      provisioning('prov-users', 'users', ['app-library'], {
        scim_bearer_token: USERS_TOKEN,
        scim_user_provisioning_only: true,
        scim_user_identifier: 'subject_id',
      }),
    ]),
  );
  app = await apiApp({
    registry: fileRegistry(dir),
    env: { PROVISIONING_RETRY_BASE: '50ms', PROVISIONING_RETRY_MAX: '200ms', PROVISIONING_TIMEOUT: '30s' },
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  s = await loginPersonas(app);
});

afterAll(async () => {
  await app?.close();
  await stopScim().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

describe('a role on a PATCH target (Basic)', () => {
  let role: number;

  it('sends the group, the guest and the membership once a guest holds the role', async () => {
    role = await insertRole(app, 'Wiki Readers', ['app-wiki']);
    const ann = await addUser(app, 'ann@example.org');
    await app.db.query("UPDATE users SET eduperson_principal_name = 'ann@example.org' WHERE id = $1", [ann]);
    await addMember(app, ann, role, 'GUEST');
    // A manager without the guest role is not provisioned.
    await addMember(app, await addUser(app, 'boss@example.org'), role, 'MANAGER');
    await app.provisioning.drain();

    const g = group('patch', 'Wiki Readers');
    expect(g).toEqual(expect.objectContaining({ externalId: 'urn:test:wiki_readers' }));
    expect(memberNames('patch', 'Wiki Readers')).toEqual(['ann@example.org']);
    const user = snapshot('patch').users.find((u) => u.userName === 'ann@example.org');
    expect(user).toEqual(
      expect.objectContaining({
        externalId: 'ann@example.org',
        emails: [expect.objectContaining({ value: 'ann@example.org' })],
      }),
    );
    expect(userNames('patch')).not.toContain('urn:test:boss@example.org');
    // Nothing for the other targets: the role is not on their applications.
    expect(snapshot('put').groups).toHaveLength(0);
    expect(await count(app, 'provisioning_queue')).toBe(0);
  });

  it('shows the role as delivered, per target', async () => {
    const states = (await call(app, s.admin, 'GET', `/api/v1/roles/${role}/provisioning`)).json();
    expect(states).toEqual([
      expect.objectContaining({
        target: expect.objectContaining({ id: 'prov-patch', groups: true }),
        status: 'delivered',
        members: 1,
        delivered: 1,
      }),
    ]);
  });

  it('adds a second guest with a PATCH, sends a rename, and sends nothing when nothing changed', async () => {
    const before = scim.requests('patch');
    await addMember(app, await addUser(app, 'bob@example.org'), role, 'GUEST');
    await app.db.query("UPDATE roles SET name = 'Wiki Readers 2' WHERE id = $1", [role]);
    await app.provisioning.drain();
    expect(memberNames('patch', 'Wiki Readers 2')).toEqual(['ann@example.org', 'urn:test:bob@example.org']);
    const after = scim.requests('patch');
    expect((after.PATCH ?? 0) - (before.PATCH ?? 0)).toBe(1);
    expect((after.PUT ?? 0) - (before.PUT ?? 0)).toBe(0);

    // A change that does not concern the target (an end date) sends nothing.
    await app.db.query("UPDATE user_roles SET end_date = now() + interval '9 days' WHERE role_id = $1", [
      role,
    ]);
    const quiet = { ...scim.requests('patch') };
    await app.provisioning.drain();
    expect(scim.requests('patch')).toEqual(quiet);
  });

  it('takes a guest out of the group and deletes them when nothing of theirs is left there', async () => {
    const { rows } = await app.db.query<{ id: string }>(
      "SELECT ur.id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.email = 'bob@example.org'",
    );
    const res = await call(app, s.admin, 'DELETE', `/api/v1/user_roles/${role}/${rows[0]!.id}`);
    expect(res.statusCode).toBeLessThan(300);
    await app.provisioning.drain();
    expect(memberNames('patch', 'Wiki Readers 2')).toEqual(['ann@example.org']);
    expect(userNames('patch')).toEqual(['ann@example.org']);
  });

  it('replaces a user whose attributes changed', async () => {
    await app.db.query(
      "UPDATE users SET given_name = 'Annie', family_name = 'Jansen' WHERE email = 'ann@example.org'",
    );
    await app.provisioning.drain();
    const user = snapshot('patch').users.find((u) => u.userName === 'ann@example.org');
    expect(user?.name).toEqual(expect.objectContaining({ givenName: 'Annie', familyName: 'Jansen' }));
  });

  it('deletes the group with the role, and its guest with it', async () => {
    const res = await call(app, s.admin, 'DELETE', `/api/v1/roles/${role}`);
    expect(res.statusCode).toBe(204);
    await app.provisioning.drain();
    expect(group('patch', 'Wiki Readers 2')).toBeUndefined();
    expect(userNames('patch')).toEqual([]);
    expect(await count(app, 'scim_resources')).toBe(0);
  });
});

describe('a PUT target (Bearer) and a users-only target', () => {
  it('replaces the whole group on each change, users known by e-mail', async () => {
    const role = await insertRole(app, 'Canvas Guests', ['app-canvas']);
    const ids = [];
    for (const name of ['cas', 'dee']) ids.push(await addUser(app, `${name}@example.org`));
    for (const id of ids) await addMember(app, id, role, 'GUEST');
    await app.provisioning.drain();
    expect(memberNames('put', 'Canvas Guests')).toEqual(['cas@example.org', 'dee@example.org']);
    const before = { ...scim.requests('put') };
    await addMember(app, await addUser(app, 'ed@example.org'), role, 'GUEST');
    await app.provisioning.drain();
    expect(memberNames('put', 'Canvas Guests')).toEqual([
      'cas@example.org',
      'dee@example.org',
      'ed@example.org',
    ]);
    expect((scim.requests('put').PUT ?? 0) - (before.PUT ?? 0)).toBe(1);
    await app.db.query('DELETE FROM user_roles WHERE user_id = $1', [ids[0]]);
    await app.provisioning.drain();
    expect(memberNames('put', 'Canvas Guests')).toEqual(['dee@example.org', 'ed@example.org']);
    expect(scim.requests('put').PATCH ?? 0).toBe(0);
  });

  it('sends a guest of a role on two applications of one target once, in one group', async () => {
    const role = await insertRole(app, 'Two Apps', ['app-wiki', 'app-gitlab']);
    await addMember(app, await addUser(app, 'two@example.org'), role, 'GUEST');
    await app.provisioning.drain();
    expect(memberNames('patch', 'Two Apps')).toEqual(['urn:test:two@example.org']);
    expect(await count(app, 'provisioning_queue')).toBe(0);
  });

  it('sends users and no groups to a users-only target', async () => {
    const role = await insertRole(app, 'Library Guests', ['app-library']);
    const id = await addUser(app, 'eve@example.org');
    await addMember(app, id, role, 'GUEST');
    await app.provisioning.drain();
    expect(userNames('users')).toEqual(['urn:test:eve@example.org']);
    expect(snapshot('users').groups).toHaveLength(0);
  });

  it('sends a role to the targets of an application added to it, and takes it from one removed', async () => {
    const role = await insertRole(app, 'Moving Role', ['app-gitlab']);
    await addMember(app, await addUser(app, 'fay@example.org'), role, 'GUEST');
    await app.provisioning.drain();
    expect(memberNames('patch', 'Moving Role')).toEqual(['urn:test:fay@example.org']);
    await app.db.query("UPDATE application_usages SET manage_id = 'app-canvas' WHERE role_id = $1", [role]);
    await app.provisioning.drain();
    expect(group('patch', 'Moving Role')).toBeUndefined();
    expect(userNames('patch')).not.toContain('urn:test:fay@example.org');
    expect(memberNames('put', 'Moving Role')).toEqual(['fay@example.org']);
  });
});

describe('dependable delivery', () => {
  it('keeps 50 acceptances waiting while the target is down, then delivers each once', async () => {
    const role = await insertRole(app, 'Outage Role', ['app-wiki']);
    await stopScim();
    const before = { ...scim.requests('patch') };
    const answeredBefore = scim.requestLog('patch').length;
    const usersBefore = scim.userCount('patch');
    for (let i = 0; i < 50; i += 1) {
      await addMember(app, await addUser(app, `down${i}@example.org`), role, 'GUEST');
    }
    await app.provisioning.drain();
    const waiting = (await call(app, s.admin, 'GET', `/api/v1/roles/${role}/provisioning`)).json();
    expect(waiting[0]).toEqual(expect.objectContaining({ status: 'waiting', delivered: 0, members: 50 }));
    const system = (await call(app, s.admin, 'GET', '/api/v1/system/provisioning?status=waiting')).json();
    expect(system.totalElements).toBeGreaterThanOrEqual(51);
    expect(system.content[0].lastError).toMatch(/ECONNREFUSED|fetch failed/);

    await listen(port);
    // Due again after the (short) backoff of this test.
    await app.db.query('UPDATE provisioning_queue SET next_attempt_at = now()');
    await app.provisioning.drain();
    expect(memberNames('patch', 'Outage Role')).toHaveLength(50);
    const after = scim.requests('patch');
    // The 50 made in bulk requests of up to 16 (BULK_OPERATIONS; the batch of 64 holds them all) and the
    // group in one POST: none twice, none refused as there already.
    expect((after.POST ?? 0) - (before.POST ?? 0)).toBe(5);
    const answered = scim.requestLog('patch').slice(answeredBefore);
    expect(answered.filter((r) => r.method === 'POST').map((r) => `${r.path} ${r.status}`)).toEqual([
      ...Array<string>(4).fill('/Bulk 200'),
      '/Groups 201',
    ]);
    expect(scim.userCount('patch') - usersBefore).toBe(50);
    const done = (await call(app, s.admin, 'GET', `/api/v1/roles/${role}/provisioning`)).json();
    expect(done[0]).toEqual(expect.objectContaining({ status: 'delivered', delivered: 50 }));
    await app.db.query('DELETE FROM roles WHERE id = $1', [role]);
    await app.provisioning.drain();
  });

  it('adopts a user the target already has (409 on create)', async () => {
    const existing = await fetch(`http://127.0.0.1:${port}/patch/v2/Users`, {
      method: 'POST',
      headers: {
        'content-type': 'application/scim+json',
        authorization: `Basic ${Buffer.from(`portal:${SECRET_PASSWORD}`).toString('base64')}`,
      },
      body: JSON.stringify({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: 'urn:test:gus@example.org',
      }),
    });
    expect(existing.status).toBe(201);
    const role = await insertRole(app, 'Adopting Role', ['app-wiki']);
    await addMember(app, await addUser(app, 'gus@example.org'), role, 'GUEST');
    await app.provisioning.drain();
    expect(userNames('patch').filter((n) => n === 'urn:test:gus@example.org')).toHaveLength(1);
    expect(memberNames('patch', 'Adopting Role')).toEqual(['urn:test:gus@example.org']);
  });

  it('gives up on a refusal, keeps the reason, audits it, and tries again on request', async () => {
    // A person without any identifier: the target refuses a user without a userName (400).
    const role = await insertRole(app, 'Refused Role', ['app-wiki']);
    const id = await addUser(app, 'not-an-email');
    await app.db.query("UPDATE users SET sub = '', eduperson_principal_name = NULL WHERE id = $1", [id]);
    await addMember(app, id, role, 'GUEST');
    await app.provisioning.drain();
    const failed = (await call(app, s.admin, 'GET', '/api/v1/system/provisioning?status=failed')).json();
    expect(failed.content.length).toBeGreaterThanOrEqual(1);
    expect(failed.content[0]).toEqual(
      expect.objectContaining({ status: 'failed', lastStatus: 400, lastError: expect.stringMatching(/400/) }),
    );
    const states = (await call(app, s.admin, 'GET', `/api/v1/roles/${role}/provisioning`)).json();
    expect(states[0].status).toBe('failed');
    expect(states[0].failures[0].lastError).toMatch(/400/);
    const audited = await app.db.query("SELECT action FROM audit_logs WHERE entity_type = 'provisioning'");
    expect(audited.rows.map((r) => r.action)).toContain('fail');

    await app.db.query("UPDATE users SET sub = 'urn:test:fixed' WHERE id = $1", [id]);
    await app.provisioning.drain();
    const stillFailed = (await call(app, s.admin, 'GET', '/api/v1/system/provisioning?status=failed')).json();
    for (const item of stillFailed.content) {
      const retry = await call(app, s.admin, 'PUT', `/api/v1/system/provisioning/${item.id}/retry`);
      expect(retry.statusCode).toBe(204);
    }
    await app.provisioning.drain();
    expect(audited.rows.length).toBeGreaterThan(0);
    const retried = await app.db.query(
      "SELECT count(*)::int AS n FROM audit_logs WHERE entity_type = 'provisioning' AND action = 'retry'",
    );
    expect(retried.rows[0]!.n).toBe(stillFailed.content.length);
    expect(memberNames('patch', 'Refused Role')).toEqual(['urn:test:fixed']);
    expect(
      (await call(app, s.admin, 'GET', '/api/v1/system/provisioning?status=failed')).json().totalElements,
    ).toBe(0);
  });

  it('sends a target everything again on request (a full resync), audited', async () => {
    const role = await insertRole(app, 'Resync Role', ['app-wiki']);
    await addMember(app, await addUser(app, 'hal@example.org'), role, 'GUEST');
    await app.provisioning.drain();
    scim.reset();
    expect(group('patch', 'Resync Role')).toBeUndefined();
    const res = await call(app, s.admin, 'PUT', '/api/v1/system/provisioning/targets/prov-patch/resync');
    expect(res.statusCode).toBe(200);
    expect(res.json().queued).toBeGreaterThan(0);
    await app.provisioning.drain();
    expect(memberNames('patch', 'Resync Role')).toEqual(['urn:test:hal@example.org']);
    expect(
      (await call(app, s.admin, 'PUT', '/api/v1/system/provisioning/targets/nope/resync')).statusCode,
    ).toBe(404);
    expect((await call(app, s.manager, 'GET', '/api/v1/system/provisioning')).statusCode).toBe(403);
  });

  it('never shows a secret: not in the API, the audit trail or the log', async () => {
    const answers = [
      await call(app, s.admin, 'GET', '/api/v1/system/provisioning'),
      await call(app, s.admin, 'GET', '/api/v1/manage/provisionings'),
      await call(app, s.admin, 'GET', '/api/v1/manage/applications'),
    ].map((r) => r.body);
    const audit = JSON.stringify((await app.db.query('SELECT * FROM audit_logs')).rows);
    for (const text of [...answers, audit, logLines.join('\n')]) {
      for (const secret of [SECRET_PASSWORD, SECRET_TOKEN, USERS_TOKEN]) expect(text).not.toContain(secret);
      expect(text).not.toContain(Buffer.from(`portal:${SECRET_PASSWORD}`).toString('base64'));
    }
  });
});
