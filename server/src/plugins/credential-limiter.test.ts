/**
 * One limiter for every credential, counted in the database (issue 51 item 5): failed HTTP Basic logins
 * per account and per address, unknown API tokens per address, the external API's calls per token owner
 * across instances; and the refusals it answers in the audit trail.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app.js';
import { runCleanup } from '../jobs/cleanup.job.js';
import type { Db, QueryOptions } from '../db/types.js';
import { fileRegistry } from '../registry/file-registry.js';
import { apiApp, loginPersonas } from '../test/api-kit.js';
import { testConfig } from '../test/helper.js';
import { freshSharedPostgresDb, freshTestDb } from '../test/template-db.js';
import { EXT, makeToken } from '../routes/external/external-test-kit.js';

const REMOTE_USERS = JSON.stringify([
  { username: 'voot', password: 'voot-secret-1', scopes: ['voot'] },
  { username: 'aa', password: 'aa-secret-12', scopes: ['attribute_aggregation'] },
  { username: 'aa-two', password: 'aa-two-secret', scopes: ['attribute_aggregation'] },
]);
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const VOOT = basic('voot', 'voot-secret-1');
const VOOT_URL = '/api/external/v1/voot/urn:nobody';

let app: FastifyInstance;

beforeAll(async () => {
  app = await apiApp({ env: { REMOTE_USERS } });
});
afterAll(() => app.close());

function voot(authorization: string | undefined, remoteAddress: string, extra: Partial<InjectOptions> = {}) {
  return app.inject({
    method: 'GET',
    url: VOOT_URL,
    remoteAddress,
    headers: authorization ? { authorization } : {},
    ...extra,
  });
}

/** Moves the window of `key` `seconds` back in time: it then has `60 - seconds` left. */
async function windowBegunAgo(db: FastifyInstance['db'], key: string, seconds: number) {
  const { rowCount } = await db.query(
    'UPDATE credential_limits SET window_start = now() - make_interval(secs => $2) WHERE key = $1',
    [key, seconds],
  );
  expect(rowCount).toBe(1);
}

/** Every count but the audit trail's own (plugins/refusal-audit.ts), by key. */
async function allCounts() {
  const { rows } = await app.db.query<{ key: string; count: number }>(
    "SELECT key, count FROM credential_limits WHERE key NOT LIKE 'audited-refusals:%' ORDER BY key",
  );
  return new Map(rows.map((row) => [row.key, Number(row.count)]));
}

async function deniedRows(address: string) {
  const { rows } = await app.db.query<{
    actor_name: string;
    user_id: string | null;
    after: Record<string, unknown>;
  }>(
    "SELECT actor_name, user_id, after FROM audit_logs WHERE action = 'denied' AND after->>'address' = $1 ORDER BY id",
    [address],
  );
  return rows;
}

describe('HTTP Basic service accounts', () => {
  it('are locked per address after 5 failed logins a minute: 429 with Retry-After, the right password too', async () => {
    const address = '198.51.100.1';
    // Five different account names: the address is what is counted here.
    for (let i = 1; i <= 5; i += 1) {
      const res = await voot(basic(`guess-${i}`, 'wrong-password'), address);
      expect(res.statusCode).toBe(401);
    }
    const sixth = await voot(basic('guess-6', 'wrong-password'), address);
    expect(sixth.statusCode).toBe(429);
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(sixth.json().detail).toMatch(
      /^Too many failed logins with this account or from this address; try again in \d+ seconds$/,
    );
    // Locked: the right credentials from there get no answer either.
    expect((await voot(VOOT, address)).statusCode).toBe(429);
    // Another address is not locked.
    expect((await voot(VOOT, '198.51.100.2')).statusCode).toBe(200);
  });

  it('are locked per account after 5 failed logins a minute, whatever the addresses', async () => {
    for (let i = 1; i <= 5; i += 1) {
      expect((await voot(basic('aa', `wrong-${i}`), `203.0.113.${i}`)).statusCode).toBe(401);
    }
    expect((await voot(basic('aa', 'wrong-6'), '203.0.113.6')).statusCode).toBe(429);
    // The right password of that account, from a fresh address: still locked.
    const right = await app.inject({
      method: 'GET',
      url: '/api/external/v1/aa/urn:nobody?SPentityID=https://nowhere.example.org',
      remoteAddress: '203.0.113.7',
      headers: { authorization: basic('aa', 'aa-secret-12') },
    });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another account from the same addresses is not.
    expect((await voot(VOOT, '203.0.113.1')).statusCode).toBe(200);
  });

  it('lock out the right password once an address reached the limit of failures, not before', async () => {
    for (let i = 1; i <= 4; i += 1) await voot(basic(`near-${i}`, 'wrong-password'), '198.51.100.50');
    expect((await voot(VOOT, '198.51.100.50')).statusCode).toBe(200);
    for (let i = 1; i <= 5; i += 1) await voot(basic(`at-${i}`, 'wrong-password'), '198.51.100.51');
    // Retry-After is what is left of the address's window: 10 seconds of it, once 50 went.
    await windowBegunAgo(app.db, 'failed:address:198.51.100.51', 50);
    const locked = await voot(VOOT, '198.51.100.51');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(1);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(10);
  });

  it('counts a failed login under its address and its account name, undecodable credentials under the address only, a right one not at all', async () => {
    const before = await allCounts();
    const added = async () => {
      const now = await allCounts();
      return [...now].filter(([key, count]) => before.get(key) !== count).map(([key]) => key);
    };
    await voot(basic('counted-name', 'wrong-password'), '198.51.100.70');
    expect(await added()).toEqual(['failed:address:198.51.100.70', 'failed:basic:counted-name']);
    for (const [key, count] of await allCounts()) before.set(key, count);
    await voot('Basic !!!', '198.51.100.71');
    expect(await added()).toEqual(['failed:address:198.51.100.71']);
    for (const [key, count] of await allCounts()) before.set(key, count);
    expect((await voot(VOOT, '198.51.100.72')).statusCode).toBe(200);
    expect(await added()).toEqual([]);
  });

  it('audits the lockout of an account when its address was locked already', async () => {
    const address = '198.51.100.80';
    for (let i = 1; i <= 6; i += 1) await voot(basic(`locks-address-${i}`, 'wrong-password'), address);
    for (let i = 1; i <= 5; i += 1)
      await voot(basic('late-account', 'wrong-password'), `198.51.100.${80 + i}`);
    // The address's seventh failure (its lockout audited before), the account's sixth: a new lockout.
    expect((await voot(basic('late-account', 'wrong-password'), address)).statusCode).toBe(429);
    const rows = await deniedRows(address);
    expect(rows.map((row) => [row.actor_name, row.after.status])).toEqual([
      ...Array.from({ length: 5 }, (_, i) => [`service account locks-address-${i + 1}`, 401]),
      ['service account locks-address-6', 429],
      ['service account late-account', 429],
    ]);
  });

  it('answers the right password without the scope with 403 and a reason, not counted as a failure', async () => {
    const address = '198.51.100.20';
    for (let i = 0; i < 7; i += 1) {
      const res = await voot(basic('aa-two', 'aa-two-secret'), address);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('This service account lacks the scope voot');
    }
    expect((await voot(VOOT, address)).statusCode).toBe(200);
    // Audited as refusals, with the account as actor.
    const rows = await deniedRows(address);
    expect(rows[0]).toEqual(
      expect.objectContaining({
        actor_name: 'service account aa-two',
        after: expect.objectContaining({ status: 403, reason: 'This service account lacks the scope voot' }),
      }),
    );
  });

  it('answers another scheme or undecodable credentials with 401, never a 500', async () => {
    for (const authorization of [
      'Bearer some-token',
      'Basic !!!',
      `Basic ${Buffer.from('no-colon').toString('base64')}`,
    ]) {
      const res = await voot(authorization, '198.51.100.60');
      expect([authorization, res.statusCode]).toEqual([authorization, 401]);
    }
  });

  it('counts no bare call without credentials', async () => {
    const address = '198.51.100.30';
    for (let i = 0; i < 7; i += 1) expect((await voot(undefined, address)).statusCode).toBe(401);
    expect((await voot(VOOT, address)).statusCode).toBe(200);
    // Nor are such calls audited: they carried no credential.
    expect(await deniedRows(address)).toEqual([]);
  });

  it('leaves one audit row per failed login and one for the lockout, none for the 429s after it', async () => {
    const address = '198.51.100.40';
    for (let i = 1; i <= 8; i += 1) await voot(basic(`who-${i}`, 'wrong-password'), address);
    const rows = await deniedRows(address);
    expect(rows.map((row) => row.after.status)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(rows[0]).toEqual({
      actor_name: 'service account who-1',
      user_id: null,
      after: {
        method: 'GET',
        route: '/api/external/v1/voot/:sub',
        status: 401,
        reason: 'HTTP Basic credentials of a service account with the scope voot are required',
        credential: 'basic',
        address,
      },
    });
  });
});

describe('API tokens', () => {
  it('lock an address after 5 unknown tokens a minute, a known token from there too; other addresses go on', async () => {
    const s = await loginPersonas(app);
    const { secret } = await makeToken(app, s.admin, 'Known');
    const call = (token: string, remoteAddress: string) =>
      app.inject({ method: 'GET', url: `${EXT}/roles`, remoteAddress, headers: { 'x-api-token': token } });
    const address = '192.0.2.10';
    for (let i = 1; i <= 5; i += 1) expect((await call(`guessed-${i}`, address)).statusCode).toBe(401);
    const sixth = await call('guessed-6', address);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await call(secret, address)).statusCode).toBe(429);
    expect((await call(secret, '192.0.2.11')).statusCode).toBe(200);
    const rows = await deniedRows(address);
    expect(rows.map((row) => [row.actor_name, row.after.status, row.after.route])).toEqual([
      ...Array(5).fill(['unknown API token', 401, '/api/external/v1/roles']),
      ['unknown API token', 429, '/api/external/v1/roles'],
    ]);
  });
});

describe('API tokens from an address', () => {
  it('are refused once the address reached the limit of unknown tokens, a known one too, not before', async () => {
    const s = await loginPersonas(app);
    const { secret } = await makeToken(app, s.admin, 'Known at the limit');
    const call = (token: string, remoteAddress: string) =>
      app.inject({ method: 'GET', url: `${EXT}/roles`, remoteAddress, headers: { 'x-api-token': token } });
    for (let i = 1; i <= 4; i += 1) await call(`near-${i}`, '192.0.2.20');
    expect((await call(secret, '192.0.2.20')).statusCode).toBe(200);
    for (let i = 1; i <= 5; i += 1) await call(`at-${i}`, '192.0.2.21');
    await windowBegunAgo(app.db, 'failed:address:192.0.2.21', 50);
    const locked = await call(secret, '192.0.2.21');
    // Retry-After is what is left of the address's window.
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(1);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(10);
    expect([locked.statusCode, locked.json().detail]).toEqual([
      429,
      expect.stringMatching(
        /^Too many failed logins with this account or from this address; try again in \d+ seconds$/,
      ),
    ]);
  });
});

describe('the counts', () => {
  it('of windows that ended over an hour ago are removed by the cleanup job; running ones stay', async () => {
    await app.db.query(
      "INSERT INTO credential_limits (key, window_start, count) VALUES ('failed:address:old', now() - interval '2 hours', 9)",
    );
    await voot(basic('purge-check', 'wrong-password'), '198.51.100.90');
    await runCleanup(app.db);
    const { rows } = await app.db.query<{ key: string }>(
      "SELECT key FROM credential_limits WHERE key IN ('failed:address:old', 'failed:address:198.51.100.90')",
    );
    expect(rows.map((row) => row.key)).toEqual(['failed:address:198.51.100.90']);
  });
});

describe('the external API limit per token owner, across two instances over one database', () => {
  let dbs: Db[];
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL;
    // PostgreSQL: two pools, as two server processes have; PGlite: one database handed to both apps.
    dbs = url ? await freshSharedPostgresDb(url, 2) : [await freshTestDb()];
    const build = (db: Db) =>
      buildApp({
        config: testConfig({}, { externalApiRateLimit: 4 }),
        db,
        registry: fileRegistry(),
        logger: false,
      }).then(async (built) => {
        await built.ready();
        return built;
      });
    [a, b] = await Promise.all([build(dbs[0]!), build(dbs[1] ?? dbs[0]!)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await Promise.all((dbs ?? []).map((db) => db.close()));
  });

  it('counts the calls of all tokens of one owner on both instances together', async () => {
    const s = await loginPersonas(a);
    const one = (await makeToken(a, s.admin, 'First')).secret;
    const two = (await makeToken(a, s.admin, 'Second')).secret;
    const get = (app: FastifyInstance, token: string) =>
      app.inject({ method: 'GET', url: `${EXT}/roles`, headers: { 'x-api-token': token } });
    // 4 calls allowed a minute: two through each instance, with each token.
    const answers = [await get(a, one), await get(b, two), await get(b, one), await get(a, two)];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    // Each answer says the limit, what is left of it and when the window ends.
    expect(
      answers.map((res) => [res.headers['x-ratelimit-limit'], res.headers['x-ratelimit-remaining']]),
    ).toEqual([
      ['4', '3'],
      ['4', '2'],
      ['4', '1'],
      ['4', '0'],
    ]);
    for (const res of answers) {
      expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(60);
    }
    const fifth = await get(b, one);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().detail).toMatch(/at most 4 calls a minute per token owner/);
    expect((await get(a, two)).statusCode).toBe(429);
    expect((await get(b, two)).statusCode).toBe(429);
    // Of the three calls over the limit, the first is in the audit trail: one row a window.
    const audited = await a.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_logs WHERE action = 'denied' AND (after ->> 'status')::int = 429",
    );
    expect(audited.rows).toEqual([{ n: 1 }]);
    // Another owner is not held back.
    const other = (await makeToken(a, s.institutionAdmin, 'Other owner')).secret;
    expect((await get(b, other)).statusCode).toBe(200);
    // X-RateLimit-Reset is what is left of the owner's window: 10 seconds of it, once 50 went.
    await windowBegunAgo(a.db, `calls:owner:${s.institutionAdmin.userId}`, 50);
    const reset = Number((await get(a, other)).headers['x-ratelimit-reset']);
    expect(reset).toBeGreaterThan(1);
    expect(reset).toBeLessThanOrEqual(10);
  });
});

describe('other limits', () => {
  let own: FastifyInstance;
  beforeAll(async () => {
    own = await apiApp({
      env: { REMOTE_USERS, CREDENTIAL_FAILURE_LIMIT: '2', EXTERNAL_API_RATE_LIMIT: '0' },
    });
  });
  afterAll(() => own.close());

  it('lock out after CREDENTIAL_FAILURE_LIMIT failed logins', async () => {
    const call = (authorization: string) =>
      own.inject({
        method: 'GET',
        url: VOOT_URL,
        remoteAddress: '198.51.100.99',
        headers: { authorization },
      });
    expect((await call(basic('voot', 'wrong-1'))).statusCode).toBe(401);
    expect((await call(basic('voot', 'wrong-2'))).statusCode).toBe(401);
    expect((await call(basic('voot', 'wrong-3'))).statusCode).toBe(429);
  });

  it('with EXTERNAL_API_RATE_LIMIT 0, count no calls and send no rate-limit headers', async () => {
    const s = await loginPersonas(own);
    const { secret } = await makeToken(own, s.admin, 'Unlimited');
    const counts = async () =>
      (await own.db.query('SELECT key, window_start, count FROM credential_limits ORDER BY key')).rows;
    const before = await counts();
    for (let i = 0; i < 3; i += 1) {
      const res = await own.inject({
        method: 'GET',
        url: `${EXT}/roles`,
        headers: { 'x-api-token': secret },
      });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
    }
    // Nothing written: the calls are not counted (the address's failures are only read).
    expect(await counts()).toEqual(before);
  });
});

describe('with the counters unreachable', () => {
  let down: FastifyInstance;
  let real: Db;

  beforeAll(async () => {
    real = await freshTestDb();
    // The database refuses every statement on the counters, as node-postgres fails when PostgreSQL is down.
    const db: Db = {
      ...real,
      async query<T>(sql: string, params?: readonly unknown[], options?: QueryOptions) {
        if (sql.includes('credential_limits')) {
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        }
        return real.query<T>(sql, params, options);
      },
      tx: (fn) => real.tx(fn),
    };
    down = await buildApp({
      config: testConfig({ REMOTE_USERS }),
      db,
      registry: fileRegistry(),
      logger: false,
    });
    await down.ready();
  });
  afterAll(async () => {
    await down?.close();
    await real?.close();
  });

  it('answers 503 with Retry-After, never a 500, where it must count; a refusal stays a refusal', async () => {
    const s = await loginPersonas(down);
    const { secret } = await makeToken(down, s.admin, 'While down');
    for (const headers of [{ authorization: VOOT }, { authorization: basic('voot', 'wrong') }]) {
      const res = await down.inject({ method: 'GET', url: VOOT_URL, headers });
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    for (const token of [secret, 'unknown-token']) {
      const res = await down.inject({
        method: 'GET',
        url: `${EXT}/roles`,
        headers: { 'x-api-token': token },
      });
      expect(res.statusCode).toBe(503);
    }
    // Its audit row cannot be written (the per-address count fails): the guest is refused all the same.
    const refused = await down.inject({ method: 'GET', url: '/api/v1/audit-logs', headers: s.guest.headers });
    expect(refused.statusCode).toBe(403);
  });
});
