/**
 * The lifecycle API (issue 54 item 4): the SURF lifecycle format for a preview, a dry run and a removal;
 * the removal takes the person, their memberships and sessions in one transaction, audited with the
 * service account as actor, and the SCIM target that held them removes them after delivery.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createDevScimServer, type DevScimServer } from '../dev/scim/dev-scim.js';
import { DEFAULT_REGISTRY_DIR, fileRegistry } from '../registry/file-registry.js';
import { addMember, apiApp, call, insertRole } from '../test/api-kit.js';
import { loginAs } from '../test/helper.js';

const REMOTE_USERS = JSON.stringify([
  { username: 'lifecycle', password: 'lifecycle-secret-1', scopes: ['lifecycle'] },
  { username: 'voot', password: 'voot-secret-1', scopes: ['voot'] },
]);
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const LIFECYCLE = basic('lifecycle', 'lifecycle-secret-1');
const VOOT = basic('voot', 'voot-secret-1');
const SCIM_TOKEN = 'lifecycle-test-scim-token';

let scim: DevScimServer;
let http: Server;
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  scim = createDevScimServer({ mount: '', tenants: { t: { bearer: SCIM_TOKEN } } });
  http = createServer((req, res) => scim.handle(req, res));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  dir = await mkdtemp(path.join(tmpdir(), 'registry-'));
  await mkdir(path.join(dir, 'logos'));
  for (const file of ['applications.json', 'identity-providers.json']) {
    await writeFile(path.join(dir, file), await readFile(path.join(DEFAULT_REGISTRY_DIR, file)));
  }
  await writeFile(
    path.join(dir, 'provisionings.json'),
    JSON.stringify([
      {
        id: 'prov-t',
        type: 'provisioning',
        data: {
          entityid: 'https://prov-t.example.org',
          metaDataFields: {
            provisioning_type: 'scim',
            'name:en': 'T',
            'name:nl': 'T',
            scim_url: `http://127.0.0.1:${port}/t/v2`,
            scim_bearer_token: SCIM_TOKEN,
          },
          applications: [{ id: 'app-wiki', type: 'saml20_sp' }],
        },
      },
    ]),
  );
  app = await apiApp({ registry: fileRegistry(dir), env: { REMOTE_USERS } });
});

afterAll(async () => {
  await app?.close();
  await new Promise<void>((resolve) => http.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

const url = (sub: string, tail = '') => `/api/external/v1/deprovision/${encodeURIComponent(sub)}${tail}`;
const send = (method: 'GET' | 'DELETE', target: string, authorization?: string) =>
  app.inject({ method, url: target, headers: authorization ? { authorization } : {} });

async function rowCount(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) x`, params);
  return Number(rows[0]!.n);
}

/** A person logged in (a session of their own), a guest of a wiki role and a manager of another. */
async function person(local: string) {
  const email = `${local}@uni-harderwijk.example.org`;
  const session = await loginAs(app, email);
  const { rows } = await app.db.query<{ sub: string }>('SELECT sub FROM users WHERE id = $1', [
    session.userId,
  ]);
  const wiki = await insertRole(app, `Wiki ${local}`, ['app-wiki']);
  const canvas = await insertRole(app, `Canvas ${local}`, ['app-canvas']);
  await addMember(app, session.userId, wiki, 'GUEST');
  await addMember(app, session.userId, canvas, 'MANAGER');
  return { email, session, sub: rows[0]!.sub, wiki, canvas, userId: session.userId };
}

describe('the lifecycle API', () => {
  it('previews (GET) and dry-runs (DELETE …/dry-run) in the SURF format, changing nothing', async () => {
    const p = await person('preview');
    for (const [method, target] of [
      ['GET', url(p.sub)],
      ['DELETE', url(p.sub, '/dry-run')],
    ] as const) {
      const res = await send(method, target, LIFECYCLE);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        status: 'OK',
        name: 'access-portal',
        message: 'Dry run: nothing was removed',
      });
      const names = body.data.map((a: { name: string }) => a.name);
      expect(names).toEqual([...names].sort());
      const value = (name: string) =>
        body.data.filter((a: { name: string }) => a.name === name).map((a: { value: string }) => a.value);
      expect(value('membership')).toEqual(['Canvas preview', 'Wiki preview']);
      expect(value('email')).toEqual([p.email]);
      expect(value('urn')).toEqual([p.sub]);
      expect(value('schacHomeOrganization')).toHaveLength(1);
      expect(value('lastLoginDate')[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      // Empty values are left out.
      expect(body.data.every((a: { value: string }) => a.value !== '')).toBe(true);
    }
    expect(await rowCount('SELECT 1 FROM users WHERE id = $1', [p.userId])).toBe(1);
    expect(await rowCount('SELECT 1 FROM user_roles WHERE user_id = $1', [p.userId])).toBe(2);
    expect((await call(app, p.session, 'GET', '/api/v1/users/me')).statusCode).toBe(200);
  });

  it('removes the person, their memberships and sessions, audited; the SCIM target removes them; again: empty data', async () => {
    const p = await person('leaver');
    await app.provisioning.drain();
    expect(scim.snapshot('t').users.map((u) => u.userName)).toContain(p.email);
    expect((await call(app, p.session, 'GET', '/api/v1/users/me')).statusCode).toBe(200);

    // The subject with its colons as it is, not encoded.
    const res = await send('DELETE', `/api/external/v1/deprovision/${p.sub}`, LIFECYCLE);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'OK', message: 'Removed' });
    expect(res.json().data).toContainEqual({ name: 'membership', value: 'Wiki leaver' });

    expect(await rowCount('SELECT 1 FROM users WHERE id = $1', [p.userId])).toBe(0);
    expect(await rowCount('SELECT 1 FROM user_roles WHERE user_id = $1', [p.userId])).toBe(0);
    expect(await rowCount("SELECT 1 FROM sessions WHERE data ->> 'userId' = $1", [String(p.userId)])).toBe(0);
    // Their open session is refused at its next request.
    expect((await call(app, p.session, 'GET', '/api/v1/users/me')).statusCode).toBe(401);

    // Recorded for provisioning in the same transaction: the person and the wiki role's group.
    const { rows: audits } = await app.db.query<{ actor_name: string; before: { email: string } }>(
      "SELECT actor_name, before FROM audit_logs WHERE entity_type = 'user' AND action = 'delete' AND entity_id = $1",
      [String(p.userId)],
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actor_name).toBe('service account lifecycle');
    expect(audits[0]!.before.email).toBe(p.email);
    await app.provisioning.drain();
    expect(scim.snapshot('t').users.map((u) => u.userName)).not.toContain(p.email);
    const group = scim.snapshot('t').groups.find((g) => g.displayName === 'Wiki leaver');
    expect((group?.members ?? []).map((m) => m.display)).not.toContain(p.email);

    const again = await send('DELETE', url(p.sub), LIFECYCLE);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      status: 'OK',
      name: 'access-portal',
      message: 'No such person',
      data: [],
    });
    expect((await send('GET', url('urn:collab:person:nowhere:nobody'), LIFECYCLE)).json().data).toEqual([]);
  });

  it('queues the removal for the targets in the transaction that removes', async () => {
    const p = await person('queued');
    await app.provisioning.drain();
    await app.db.query('DELETE FROM provisioning_changes');
    expect((await send('DELETE', url(p.sub), LIFECYCLE)).statusCode).toBe(200);
    const { rows } = await app.db.query<{ kind: string; local_id: string }>(
      'SELECT kind, local_id FROM provisioning_changes ORDER BY kind, local_id',
    );
    expect(rows.map((r) => `${r.kind} ${r.local_id}`)).toEqual(
      expect.arrayContaining([`group ${p.wiki}`, `user ${p.userId}`]),
    );
  });

  it('refuses no credentials (401), another scope (403) and a bad subject (400), changing nothing', async () => {
    const p = await person('refused');
    const none = await send('DELETE', url(p.sub));
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Basic/);
    const voot = await send('DELETE', url(p.sub), VOOT);
    expect(voot.statusCode).toBe(403);
    expect(voot.json().detail).toBe('This service account lacks the scope lifecycle');
    expect((await send('GET', url(p.sub), VOOT)).statusCode).toBe(403);
    for (const bad of [
      `/api/external/v1/deprovision/${'x'.repeat(513)}`,
      '/api/external/v1/deprovision/urn%00x',
      '/api/external/v1/deprovision/urn%ED%A0%80x',
    ]) {
      const res = await send('DELETE', bad, LIFECYCLE);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    }
    expect(await rowCount('SELECT 1 FROM users WHERE id = $1', [p.userId])).toBe(1);
    const tooLong = await send('GET', url(`urn:collab:person:${'x'.repeat(500)}`), LIFECYCLE);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().detail).toMatch(/sub must NOT have more than 512 characters/);
    // A path no route takes, under the external prefix: problem details too.
    const noRoute = await send('GET', `/api/external/v1/deprovision/${p.sub}/elsewhere`, LIFECYCLE);
    expect(noRoute.statusCode).toBe(404);
    expect(noRoute.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(noRoute.json().detail).toMatch(/^No route for GET \/api\/external\/v1\/deprovision\//);
  });

  it('finds a person by a long subject (past the router’s default parameter length of 100)', async () => {
    const sub = `urn:collab:person:${'faculty-of-long-names.'.repeat(10)}example.org:jdoe`;
    await app.db.query("INSERT INTO users (sub, email, name) VALUES ($1, 'long@example.org', 'Long Name')", [
      sub,
    ]);
    for (const target of [url(sub), `/api/external/v1/deprovision/${sub}`]) {
      const res = await send('GET', target, LIFECYCLE);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toContainEqual({ name: 'urn', value: sub });
    }
  });
});

describe('the external API document', () => {
  it('lists the profile and lifecycle operations with their scope, ids, examples and refusals', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/external/v1/openapi.json' })).json();
    const operations = [
      ['/api/external/v1/profile', 'get', 'profile', 'personProfile'],
      ['/api/external/v1/deprovision/{sub}', 'get', 'lifecycle', 'lifecyclePreview'],
      ['/api/external/v1/deprovision/{sub}/dry-run', 'delete', 'lifecycle', 'lifecycleDryRun'],
      ['/api/external/v1/deprovision/{sub}', 'delete', 'lifecycle', 'lifecycleDeprovision'],
    ] as const;
    for (const [path, method, scope, operationId] of operations) {
      const op = doc.paths[path]?.[method];
      expect(op?.operationId).toBe(operationId);
      expect(op.security).toEqual([{ serviceAccount: [scope] }]);
      expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '403', '429']);
      expect(op.responses['403'].content['application/problem+json'].schema.examples[0].detail).toBe(
        `This service account lacks the scope ${scope}`,
      );
      expect(op.responses['200'].content['application/json'].schema.examples).toHaveLength(1);
    }
  });
});
