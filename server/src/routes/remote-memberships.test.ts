import type { FastifyInstance } from 'fastify';
import { addMember, addUser, apiApp, DAY, insertRole } from '../test/api-kit.js';

const REMOTE_USERS = JSON.stringify([
  { username: 'voot', password: 'voot-secret-1', scopes: ['voot'] },
  { username: 'aa', password: 'aa-secret-12', scopes: ['attribute_aggregation'] },
]);
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const VOOT = basic('voot', 'voot-secret-1');
const AA = basic('aa', 'aa-secret-12');

let app: FastifyInstance;
let sub: string;
let userId: number;

beforeAll(async () => {
  app = await apiApp({ env: { REMOTE_USERS } });
  const wiki = await insertRole(app, 'Wiki Readers', ['app-wiki']);
  const canvas = await insertRole(app, 'Canvas Guests', ['app-canvas']);
  const managed = await insertRole(app, 'Managed Only', ['app-wiki']);
  const ended = await insertRole(app, 'Ended Role', ['app-wiki']);
  userId = await addUser(app, 'ann@example.org');
  sub = 'urn:test:ann@example.org';
  await addMember(app, userId, wiki, 'GUEST');
  await addMember(app, userId, canvas, 'GUEST', new Date(Date.now() + 5 * DAY * 1000));
  await addMember(app, userId, managed, 'MANAGER');
  await addMember(app, userId, ended, 'GUEST', new Date(Date.now() - DAY * 1000));
  await app.db.query("UPDATE users SET last_activity = now() - interval '10 days' WHERE id = $1", [userId]);
});
afterAll(() => app.close());

const get = (url: string, authorization?: string) =>
  app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

describe('voot', () => {
  it("answers a person's current guest memberships as urn and name, and records their activity", async () => {
    const res = await get(`/api/external/v1/voot/${encodeURIComponent(sub)}`, VOOT);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { urn: 'urn:test:canvas_guests', name: 'Canvas Guests' },
      { urn: 'urn:test:wiki_readers', name: 'Wiki Readers' },
    ]);
    const { rows } = await app.db.query<{ recent: boolean }>(
      "SELECT last_activity > now() - interval '1 minute' AS recent FROM users WHERE id = $1",
      [userId],
    );
    expect(rows[0]!.recent).toBe(true);
  });

  it('answers an empty list for an unknown subject', async () => {
    expect((await get('/api/external/v1/voot/urn:nobody', VOOT)).json()).toEqual([]);
  });

  it('refuses without credentials and with wrong ones (401), and an account without the scope (403)', async () => {
    for (const authorization of [
      undefined,
      basic('voot', 'wrong-password'),
      basic('nobody', 'voot-secret-1'),
    ]) {
      const res = await get(`/api/external/v1/voot/${encodeURIComponent(sub)}`, authorization);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Basic/);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.json().detail).toMatch(/voot/);
    }
    const unscoped = await get(`/api/external/v1/voot/${encodeURIComponent(sub)}`, AA);
    expect(unscoped.statusCode).toBe(403);
    expect(unscoped.json().detail).toBe('This service account lacks the scope voot');
  });
});

describe('attribute aggregation', () => {
  it("answers the person's memberships of roles on the service as ids (urns)", async () => {
    const res = await get(
      `/api/external/v1/aa/${encodeURIComponent(sub)}?SPentityID=${encodeURIComponent('https://wiki.uni-harderwijk.example.org')}`,
      AA,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: 'urn:test:wiki_readers' }]);
  });

  it('answers an empty list for an unknown service or subject', async () => {
    expect(
      (
        await get(`/api/external/v1/aa/${encodeURIComponent(sub)}?SPentityID=https://nowhere.example.org`, AA)
      ).json(),
    ).toEqual([]);
    expect(
      (
        await get('/api/external/v1/aa/urn:nobody?SPentityID=https://wiki.uni-harderwijk.example.org', AA)
      ).json(),
    ).toEqual([]);
  });

  it('needs the service and the scope', async () => {
    expect((await get(`/api/external/v1/aa/${encodeURIComponent(sub)}`, AA)).statusCode).toBe(400);
    expect(
      (
        await get(
          `/api/external/v1/aa/${encodeURIComponent(sub)}?SPentityID=https://wiki.uni-harderwijk.example.org`,
          VOOT,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('refuses a session or an API token in place of a service account', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/external/v1/voot/${encodeURIComponent(sub)}`,
      headers: { 'x-api-token': 'anything' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('REMOTE_USERS', () => {
  it('is refused at start when it is not an array of accounts with known scopes', async () => {
    const { loadConfig } = await import('../config.js');
    const base = { DATA_DIR: 'memory', DEV_IDP: 'true' };
    expect(() => loadConfig({ ...base, REMOTE_USERS: '{' })).toThrow(/REMOTE_USERS/);
    expect(() =>
      loadConfig({ ...base, REMOTE_USERS: '[{"username":"x","password":"short","scopes":["voot"]}]' }),
    ).toThrow(/REMOTE_USERS\[0\]/);
    expect(() =>
      loadConfig({ ...base, REMOTE_USERS: '[{"username":"x","password":"long-enough","scopes":["admin"]}]' }),
    ).toThrow(/scopes/);
    expect(loadConfig({ ...base, REMOTE_USERS }).remoteUsers).toHaveLength(2);
    const production = {
      DATA_DIR: 'memory',
      NODE_ENV: 'production',
      OIDC_ISSUER: 'https://idp.example.org',
      OIDC_CLIENT_ID: 'portal',
      OIDC_CLIENT_SECRET: 'secret',
      SESSION_SECRET: 'a-session-secret-of-length',
    };
    expect(loadConfig(production).devScim).toBe(false);
    expect(() => loadConfig({ ...production, DEV_SCIM: 'true' })).toThrow(/DEV_SCIM/);
  });
});
