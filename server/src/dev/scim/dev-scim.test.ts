import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { BULK_LIMITS, createDevScimServer, type DevScimServer } from './dev-scim.js';
import { devScimPlugin } from './dev-scim.plugin.js';
import { portFromEnv, startDevScim, tenantsFromEnv } from './standalone.js';
import { apiApp } from '../../test/api-kit.js';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

const BASIC = 'Basic ' + Buffer.from('portal:s3cret').toString('base64');
const BEARER = 'Bearer token-of-leiden';

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Headers;
}

describe('the development SCIM service provider', () => {
  let scim: DevScimServer;
  let http: Server;
  let origin: string;

  beforeAll(async () => {
    scim = createDevScimServer({
      tenants: {
        harderwijk: { basic: { username: 'portal', password: 's3cret' } },
        leiden: { bearer: 'token-of-leiden' },
      },
    });
    http = createServer((req, res) => scim.handle(req, res));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    scim.close();
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  });
  beforeEach(() => scim.reset());

  async function call(
    method: string,
    path: string,
    body?: unknown,
    authorization: string | null = BASIC,
  ): Promise<Answer> {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {
        ...(authorization ? { authorization } : {}),
        ...(body !== undefined ? { 'content-type': 'application/scim+json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }

  const H = '/dev-scim/harderwijk/v2';
  const L = '/dev-scim/leiden/v2';

  async function createUser(userName: string, extra: Record<string, unknown> = {}, base = H, auth = BASIC) {
    const res = await call('POST', `${base}/Users`, { schemas: [USER], userName, ...extra }, auth);
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  async function createGroup(displayName: string, memberIds: string[]) {
    const res = await call('POST', `${H}/Groups`, {
      schemas: [GROUP],
      displayName,
      externalId: `urn:collab:group:${displayName}`,
      members: memberIds.map((value) => ({ value })),
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  const memberIds = (group: { members?: { value: string }[] }) =>
    (group.members ?? []).map((m) => m.value).sort();

  it('creates a user with a server-made id and keeps what was sent', async () => {
    const res = await call('POST', `${H}/Users`, {
      schemas: [USER],
      userName: 'jdoe@example.org',
      externalId: 'jdoe@example.org',
      name: { givenName: 'John', familyName: 'Doe' },
      displayName: 'John Doe',
      emails: [{ value: 'john@example.org', primary: true }],
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toContain('application/scim+json');
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.meta.location).toBe(`${origin}${H}/Users/${res.body.id}`);
    const read = await call('GET', `${H}/Users/${res.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      userName: 'jdoe@example.org',
      externalId: 'jdoe@example.org',
      name: { givenName: 'John', familyName: 'Doe' },
      displayName: 'John Doe',
      emails: [{ value: 'john@example.org', primary: true }],
    });
    expect(scim.snapshot('harderwijk').users).toEqual([
      expect.objectContaining({ id: res.body.id, userName: 'jdoe@example.org', displayName: 'John Doe' }),
    ]);
  });

  it('refuses a taken userName with 409 uniqueness, whatever its case', async () => {
    await createUser('taken@example.org');
    const again = await call('POST', `${H}/Users`, { schemas: [USER], userName: 'Taken@Example.org' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });
    expect(scim.snapshot('harderwijk').users).toHaveLength(1);
  });

  it('frees a userName when its user is renamed or deleted, and keeps it for the user itself', async () => {
    const id = await createUser('first@example.org');
    const same = await call('PUT', `${H}/Users/${id}`, { schemas: [USER], userName: 'First@Example.org' });
    expect(same.status).toBe(200);
    const renamed = await call('PUT', `${H}/Users/${id}`, {
      schemas: [USER],
      userName: 'second@example.org',
    });
    expect(renamed.status).toBe(200);
    expect(
      (await call('POST', `${H}/Users`, { schemas: [USER], userName: 'first@example.org' })).status,
    ).toBe(201);
    expect(
      (await call('POST', `${H}/Users`, { schemas: [USER], userName: 'Second@example.org' })).status,
    ).toBe(409);
    expect((await call('DELETE', `${H}/Users/${id}`)).status).toBe(204);
    expect(
      (await call('POST', `${H}/Users`, { schemas: [USER], userName: 'second@example.org' })).status,
    ).toBe(201);
    scim.reset();
    expect(
      (await call('POST', `${H}/Users`, { schemas: [USER], userName: 'first@example.org' })).status,
    ).toBe(201);
  });

  it("tells a group's size by its displayName, whatever its case, and null for no such group", async () => {
    const ann = await createUser('ann');
    const bob = await createUser('bob');
    await createGroup('Readers', [ann, bob]);
    expect(scim.groupSize('harderwijk', 'readers')).toBe(2);
    expect(scim.groupSize('harderwijk', 'Writers')).toBeNull();
    expect(scim.groupSize('leiden', 'Readers')).toBeNull();
    expect(() => scim.groupSize('nowhere', 'Readers')).toThrow(/No development SCIM tenant/);
  });

  it('finds users by a userName or externalId filter', async () => {
    const ann = await createUser('ann', { externalId: 'ext-ann' });
    await createUser('bob', { externalId: 'ext-bob' });
    const byName = await call('GET', `${H}/Users?filter=${encodeURIComponent('userName eq "ann"')}`);
    expect(byName.status).toBe(200);
    expect(byName.body.totalResults).toBe(1);
    expect(byName.body.Resources[0].id).toBe(ann);
    const byExternal = await call(
      'GET',
      `${H}/Users?filter=${encodeURIComponent('externalId eq "ext-bob"')}`,
    );
    expect(byExternal.body.Resources.map((u: { userName: string }) => u.userName)).toEqual(['bob']);
    // userName is caseExact false (RFC 7643): found whatever its case, as its uniqueness is checked.
    const anyCase = await call('GET', `${H}/Users?filter=${encodeURIComponent('userName eq "ANN"')}`);
    expect(anyCase.body.Resources.map((u: { id: string }) => u.id)).toEqual([ann]);
    const externalIsExact = await call(
      'GET',
      `${H}/Users?filter=${encodeURIComponent('externalId eq "EXT-BOB"')}`,
    );
    expect(externalIsExact.body.totalResults).toBe(0);
    const either = await call(
      'GET',
      `${H}/Users?filter=${encodeURIComponent('userName eq "bob" or externalId eq "ext-ann"')}`,
    );
    expect(either.body.totalResults).toBe(2);
    const none = await call('GET', `${H}/Users?filter=${encodeURIComponent('userName eq "nobody"')}`);
    expect(none.body).toMatchObject({ totalResults: 0 });
    expect(none.body.Resources ?? []).toEqual([]);
    expect((await call('GET', `${H}/Users`)).body.totalResults).toBe(2);
  });

  it('replaces a user on PUT (an attribute left out is gone) and keeps its id', async () => {
    const id = await createUser('carol', { displayName: 'Carol', emails: [{ value: 'carol@example.org' }] });
    const put = await call('PUT', `${H}/Users/${id}`, {
      schemas: [USER],
      userName: 'carol',
      name: { givenName: 'Carol', familyName: 'Singer' },
    });
    expect(put.status).toBe(200);
    expect(put.body.id).toBe(id);
    const read = await call('GET', `${H}/Users/${id}`);
    expect(read.body.name).toEqual({ givenName: 'Carol', familyName: 'Singer' });
    expect(read.body.displayName).toBeUndefined();
    expect(read.body.emails).toBeUndefined();
    const other = await createUser('dave');
    const clash = await call('PUT', `${H}/Users/${other}`, { schemas: [USER], userName: 'carol' });
    expect(clash.status).toBe(409);
    const missing = await call('PUT', `${H}/Users/00000000-0000-0000-0000-000000000000`, {
      schemas: [USER],
      userName: 'ghost',
    });
    expect(missing.status).toBe(404);
  });

  it('creates a group with members, refuses a second one of that displayName', async () => {
    const ann = await createUser('ann');
    const bob = await createUser('bob');
    const group = await createGroup('Wiki Editors', [ann, bob]);
    const read = await call('GET', `${H}/Groups/${group}`);
    expect(read.body).toMatchObject({
      displayName: 'Wiki Editors',
      externalId: 'urn:collab:group:Wiki Editors',
    });
    expect(memberIds(read.body)).toEqual([ann, bob].sort());
    const again = await call('POST', `${H}/Groups`, { schemas: [GROUP], displayName: 'wiki editors' });
    expect(again.status).toBe(409);
    expect(again.body.scimType).toBe('uniqueness');
    const found = await call(
      'GET',
      `${H}/Groups?filter=${encodeURIComponent('displayName eq "Wiki Editors"')}`,
    );
    expect(found.body.Resources.map((g: { id: string }) => g.id)).toEqual([group]);
    const snapshot = scim.snapshot('harderwijk');
    expect(snapshot.groups[0].members.map((m) => m.display).sort()).toEqual(['ann', 'bob']);
  });

  it('refuses a member that is not a user of the tenant with 400 invalidValue', async () => {
    const elsewhere = await createUser('elsewhere', {}, L, BEARER);
    const res = await call('POST', `${H}/Groups`, {
      schemas: [GROUP],
      displayName: 'Strangers',
      members: [{ value: elsewhere }],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ schemas: [ERROR], scimType: 'invalidValue' });
    expect(scim.snapshot('harderwijk').groups).toEqual([]);
    const group = await createGroup('Known', []);
    const patch = await call('PATCH', `${H}/Groups/${group}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'add', path: 'members', value: [{ value: 'no-such-user' }] }],
    });
    expect(patch.status).toBe(400);
    expect(patch.body.scimType).toBe('invalidValue');
    expect(scim.snapshot('harderwijk').groups[0].members).toEqual([]);
  });

  it('adds and removes members by PATCH, in both remove forms of RFC 7644 §3.5.2', async () => {
    const ann = await createUser('ann');
    const bob = await createUser('bob');
    const cees = await createUser('cees');
    const group = await createGroup('Team', [ann]);
    const patch = (operations: unknown[]) =>
      call('PATCH', `${H}/Groups/${group}`, { schemas: [PATCH_OP], Operations: operations });

    const add = await patch([{ op: 'add', path: 'members', value: [{ value: bob }, { value: cees }] }]);
    expect(add.status).toBe(200);
    expect(memberIds(add.body)).toEqual([ann, bob, cees].sort());

    const byFilter = await patch([{ op: 'remove', path: `members[value eq "${bob}"]` }]);
    expect(byFilter.status).toBe(200);
    expect(memberIds(byFilter.body)).toEqual([ann, cees].sort());

    const byValue = await patch([{ op: 'remove', path: 'members', value: [{ value: ann }] }]);
    expect(byValue.status).toBe(200);
    expect(memberIds((await call('GET', `${H}/Groups/${group}`)).body)).toEqual([cees]);
  });

  it('replaces a group on PUT and deletes it', async () => {
    const ann = await createUser('ann');
    const bob = await createUser('bob');
    const group = await createGroup('Old name', [ann]);
    const put = await call('PUT', `${H}/Groups/${group}`, {
      schemas: [GROUP],
      displayName: 'New name',
      members: [{ value: bob }],
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: group, displayName: 'New name' });
    expect(put.body.externalId).toBeUndefined();
    expect(memberIds(put.body)).toEqual([bob]);
    expect((await call('DELETE', `${H}/Groups/${group}`)).status).toBe(204);
    expect((await call('GET', `${H}/Groups/${group}`)).status).toBe(404);
    expect((await call('DELETE', `${H}/Groups/${group}`)).status).toBe(404);
  });

  it('deletes a user and takes it out of every group of the tenant', async () => {
    const ann = await createUser('ann');
    const bob = await createUser('bob');
    const one = await createGroup('One', [ann, bob]);
    const two = await createGroup('Two', [ann]);
    expect((await call('DELETE', `${H}/Users/${ann}`)).status).toBe(204);
    expect((await call('GET', `${H}/Users/${ann}`)).status).toBe(404);
    expect(memberIds((await call('GET', `${H}/Groups/${one}`)).body)).toEqual([bob]);
    expect(memberIds((await call('GET', `${H}/Groups/${two}`)).body)).toEqual([]);
  });

  it('takes Basic on a Basic tenant and Bearer on a Bearer tenant; 401 with a SCIM error otherwise', async () => {
    expect((await call('GET', `${H}/Users`, undefined, BASIC)).status).toBe(200);
    expect((await call('GET', `${L}/Users`, undefined, BEARER)).status).toBe(200);
    const refused: [string, string | null][] = [
      [H, null],
      [H, 'Basic ' + Buffer.from('portal:wrong').toString('base64')],
      [H, 'Basic ' + Buffer.from('other:s3cret').toString('base64')],
      [H, BEARER],
      [L, null],
      [L, 'Bearer wrong'],
      [L, BASIC],
    ];
    for (const [base, authorization] of refused) {
      const res = await call(
        'POST',
        `${base}/Users`,
        { schemas: [USER], userName: 'intruder' },
        authorization,
      );
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ schemas: [ERROR], status: '401' });
      expect(res.headers.get('www-authenticate')).toMatch(base === H ? /^Basic / : /^Bearer /);
    }
    expect(scim.snapshot('harderwijk').users).toEqual([]);
    expect(scim.snapshot('leiden').users).toEqual([]);
  });

  it('keeps tenants apart and counts each one its requests by method', async () => {
    const ann = await createUser('ann');
    await createUser('ann', {}, L, BEARER);
    expect(scim.snapshot('harderwijk').users).toHaveLength(1);
    expect(scim.snapshot('leiden').users).toHaveLength(1);
    expect((await call('GET', `${L}/Users/${ann}`, undefined, BEARER)).status).toBe(404);
    expect((await call('DELETE', `${L}/Users/${ann}`, undefined, BEARER)).status).toBe(404);
    expect(scim.snapshot('harderwijk').users.map((u) => u.id)).toEqual([ann]);
    expect(scim.requests('harderwijk')).toEqual({ POST: 1 });
    expect(scim.requests('leiden')).toEqual({ POST: 1, GET: 1, DELETE: 1 });
    expect(scim.requestLog('leiden').map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'POST /Users 201',
      `GET /Users/${ann} 404`,
      `DELETE /Users/${ann} 404`,
    ]);
    expect(scim.tenants()).toEqual(['harderwijk', 'leiden']);
    expect((await call('GET', '/dev-scim/nowhere/v2/Users')).status).toBe(404);
  });

  it('serves the discovery endpoints, naming both authentication schemes', async () => {
    const config = await call('GET', `${H}/ServiceProviderConfig`);
    expect(config.status).toBe(200);
    expect(config.body.patch.supported).toBe(true);
    expect(config.body.filter.supported).toBe(true);
    expect(config.body.authenticationSchemes.map((s: { type: string }) => s.type).sort()).toEqual([
      'httpbasic',
      'oauthbearertoken',
    ]);
    const types = await call('GET', `${H}/ResourceTypes`);
    expect(types.body.Resources.map((t: { name: string }) => t.name).sort()).toEqual(['Group', 'User']);
    const schemas = await call('GET', `${H}/Schemas`);
    expect(schemas.body.Resources.map((s: { id: string }) => s.id)).toEqual(
      expect.arrayContaining([USER, GROUP]),
    );
  });

  it("takes bulk requests within the limits it gives, each operation under the tenant's rules", async () => {
    const config = await call('GET', `${H}/ServiceProviderConfig`);
    expect(config.body.bulk).toEqual(expect.objectContaining({ supported: true, ...BULK_LIMITS }));
    const taken = 'urn:test:bulk.taken@example.org';
    await createUser(taken);
    const bulk = await call('POST', `${H}/Bulk`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:BulkRequest'],
      Operations: [
        {
          method: 'POST',
          path: '/Users',
          bulkId: 'a',
          data: { schemas: [USER], userName: 'urn:test:bulk.a' },
        },
        { method: 'POST', path: '/Users', bulkId: 'b', data: { schemas: [USER], userName: taken } },
      ],
    });
    expect(bulk.status).toBe(200);
    const [made, refused] = bulk.body.Operations;
    expect(made).toEqual(expect.objectContaining({ bulkId: 'a', status: '201' }));
    const madeId = String(made.location).split('/').pop();
    expect(scim.snapshot('harderwijk').users.find((u) => u.id === madeId)?.userName).toBe('urn:test:bulk.a');
    // A userName held already: refused as a single POST would be.
    expect(refused).toEqual(expect.objectContaining({ bulkId: 'b', status: '409' }));
    expect(scim.userCount('harderwijk')).toBe(2);
    expect(scim.userCount('leiden')).toBe(0);
    expect(scim.requests('harderwijk')).toEqual({ GET: 1, POST: 2 });
    // More operations than it takes: refused whole.
    const many = Array.from({ length: BULK_LIMITS.maxOperations + 1 }, (_, i) => ({
      method: 'POST',
      path: '/Users',
      bulkId: `m${i}`,
      data: { schemas: [USER], userName: `urn:test:many.${i}` },
    }));
    const tooMany = await call('POST', `${H}/Bulk`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:BulkRequest'],
      Operations: many,
    });
    expect(tooMany.status).toBe(413);
    expect(scim.userCount('harderwijk')).toBe(2);
  });

  it('answers a request body that is not JSON, or not a user, with 400', async () => {
    const res = await fetch(`${origin}${H}/Users`, {
      method: 'POST',
      headers: { authorization: BASIC, 'content-type': 'application/scim+json' },
      body: '{not json',
    });
    expect(res.status).toBe(400);
    const noUserName = await call('POST', `${H}/Users`, { schemas: [USER], displayName: 'No name' });
    expect(noUserName.status).toBe(400);
    expect(scim.snapshot('harderwijk').users).toEqual([]);
  });
});

describe('the development SCIM plugin', () => {
  let app: FastifyInstance;
  const AUTH = 'Bearer dev-token';

  beforeAll(async () => {
    app = Fastify();
    await app.register(devScimPlugin, {
      tenants: { harderwijk: { bearer: 'dev-token' }, utrecht: { bearer: 'u' } },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const scimCall = (method: 'POST' | 'PATCH', url: string, payload: unknown) =>
    app.inject({
      method,
      url,
      headers: { authorization: AUTH, 'content-type': 'application/scim+json' },
      payload: JSON.stringify(payload),
    });

  it('serves SCIM under /dev-scim/<tenant>/v2 with the body read by the SCIM router', async () => {
    const res = await scimCall('POST', '/dev-scim/harderwijk/v2/Users', {
      schemas: [USER],
      userName: 'via-fastify',
    });
    expect(res.statusCode).toBe(201);
    expect(JSON.parse(res.body).userName).toBe('via-fastify');
    const unauthorised = await app.inject({ method: 'GET', url: '/dev-scim/harderwijk/v2/Users' });
    expect(unauthorised.statusCode).toBe(401);
  });

  it('lists each tenant its users and its groups with their members, escaped, newest first, not cached', async () => {
    const ids: string[] = [];
    for (const userName of ['older@example.org', 'newer <b>@example.org']) {
      const res = await scimCall('POST', '/dev-scim/harderwijk/v2/Users', {
        schemas: [USER],
        userName,
        displayName: `Name of ${userName}`,
        emails: [{ value: 'mail-' + userName }],
      });
      ids.push(JSON.parse(res.body).id);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const group = await scimCall('POST', '/dev-scim/harderwijk/v2/Groups', {
      schemas: [GROUP],
      displayName: 'Wiki Editors',
      members: [{ value: ids[0] }],
    });
    expect(group.statusCode).toBe(201);

    const page = await app.inject({ method: 'GET', url: '/dev-scim' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<a href="/dev-mailbox">');
    expect(page.body).toContain('<h2>harderwijk</h2>');
    expect(page.body).toContain('<h2>utrecht</h2>');
    expect(page.body).toContain('Name of older@example.org');
    expect(page.body).toContain('mail-older@example.org');
    expect(page.body).not.toContain('<b>');
    const newer = page.body.indexOf('newer &lt;b&gt;@example.org');
    const older = page.body.indexOf('<td>older@example.org</td>');
    expect(newer).toBeGreaterThan(-1);
    expect(older).toBeGreaterThan(newer);
    expect(page.body).toMatch(/<td>Wiki Editors<\/td><td><\/td><td>older@example.org<\/td>/);
    expect(page.body).not.toContain('dev-token');
  });

  it('is linked from the development mailbox', async () => {
    const { mailboxPage } = await import('../mailbox/dev-mailbox.pages.js');
    expect(mailboxPage([])).toContain('<a href="/dev-scim">');
  });
});

describe('the development SCIM plugin in the portal app', () => {
  let app: FastifyInstance;
  let origin: string;
  const scim = createDevScimServer({
    tenants: { harderwijk: { basic: { username: 'portal', password: 'pw' } } },
  });
  const AUTH = 'Basic ' + Buffer.from('portal:pw').toString('base64');

  beforeAll(async () => {
    app = await apiApp({
      routes: async (portal) => void (await portal.register(devScimPlugin, { server: scim })),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    scim.close();
  });

  it('takes SCIM writes over HTTP past the portal hooks (no session, no CSRF token) and shows them', async () => {
    const user = await fetch(`${origin}/dev-scim/harderwijk/v2/Users`, {
      method: 'POST',
      headers: { authorization: AUTH, 'content-type': 'application/scim+json' },
      body: JSON.stringify({ schemas: [USER], userName: 'guest@example.org', displayName: 'Guest' }),
    });
    expect(user.status).toBe(201);
    const { id } = (await user.json()) as { id: string };
    const group = await fetch(`${origin}/dev-scim/harderwijk/v2/Groups`, {
      method: 'POST',
      headers: { authorization: AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ schemas: [GROUP], displayName: 'Wiki', members: [{ value: id }] }),
    });
    expect(group.status).toBe(201);
    const patch = await fetch(
      `${origin}/dev-scim/harderwijk/v2/Groups/${((await group.json()) as { id: string }).id}`,
      {
        method: 'PATCH',
        headers: { authorization: AUTH, 'content-type': 'application/scim+json' },
        body: JSON.stringify({
          schemas: [PATCH_OP],
          Operations: [{ op: 'remove', path: `members[value eq "${id}"]` }],
        }),
      },
    );
    expect(patch.status).toBe(200);
    expect(scim.snapshot('harderwijk').groups[0].members).toEqual([]);
    expect(scim.requests('harderwijk')).toEqual({ POST: 2, PATCH: 1 });
    const page = await fetch(`${origin}/dev-scim`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<td>guest@example.org</td><td>Guest</td>');
  });
});

describe('the development SCIM service provider on a port of its own (main.ts)', () => {
  it('reads its tenants and port from the environment, refusing what it cannot use', () => {
    expect(tenantsFromEnv('{"a":{"bearer":"t"},"b":{"basic":{"username":"u","password":"p"}}}')).toEqual({
      a: { bearer: 't' },
      b: { basic: { username: 'u', password: 'p' } },
    });
    expect(() => tenantsFromEnv(undefined)).toThrow('DEV_SCIM_TENANTS is not set');
    expect(() => tenantsFromEnv('{a')).toThrow('DEV_SCIM_TENANTS is not JSON');
    expect(() => tenantsFromEnv('[]')).toThrow('must be a JSON object');
    expect(() => tenantsFromEnv('{"a":{"basic":{"username":"u"}}}')).toThrow('tenant "a" must be');
    expect(() => tenantsFromEnv('{"a":{"bearer":1}}')).toThrow('tenant "a" must be');
    expect(() => createDevScimServer({ tenants: { 'a/b': {} } })).toThrow('one plain path segment');
    expect(portFromEnv(undefined)).toBe(0);
    expect(portFromEnv('9090')).toBe(9090);
    for (const bad of ['-1', '70000', 'abc', '80.5'])
      expect(() => portFromEnv(bad)).toThrow('PORT is not a port');
  });

  it('listens, is gone when closed, and starts again on the same port empty', async () => {
    const tenants = { harderwijk: { bearer: 'b' } };
    const first = await startDevScim({ port: 0, host: '127.0.0.1', tenants });
    const port = Number(new URL(first.url).port);
    const post = (url: string) =>
      fetch(`${url}/dev-scim/harderwijk/v2/Users`, {
        method: 'POST',
        headers: { authorization: 'Bearer b', 'content-type': 'application/scim+json' },
        body: JSON.stringify({ schemas: [USER], userName: 'once' }),
      });
    expect((await post(first.url)).status).toBe(201);
    await first.close();
    await expect(post(first.url)).rejects.toThrow();
    const second = await startDevScim({ port, host: '127.0.0.1', tenants });
    try {
      expect(second.url).toBe(first.url);
      expect(second.scim.snapshot('harderwijk').users).toEqual([]);
      expect((await post(second.url)).status).toBe(201);
    } finally {
      await second.close();
    }
  });
});
