/**
 * The database gone under a running server, over PGlite: the statements fail as node-postgres fails them
 * when PostgreSQL is stopped, from a switch in front of the real database. (The same against a real
 * PostgreSQL stopped and started: db/postgres-restart.outage.test.ts, in CI's PostgreSQL pass.)
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from './app.js';
import { anyone } from './plugins/permissions.js';
import type { Db, Queryable, QueryOptions } from './db/types.js';
import { RETRY_AFTER_SECONDS } from './db/outage.js';
import { fileRegistry } from './registry/file-registry.js';
import { loginAs, testConfig, type TestSession } from './test/helper.js';
import { freshTestDb } from './test/template-db.js';

/** What a backend says to its clients when PostgreSQL is stopped (fast shutdown) or restarted. */
function adminShutdown(): Error {
  return Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
    severity: 'FATAL',
  });
}

/** What connecting says while PostgreSQL is down. */
function refused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
    code: 'ECONNREFUSED',
    syscall: 'connect',
  });
}

/** The real database behind a switch: while `failing` says so for a statement, it fails with `error()`. */
function switchable(real: Db) {
  let failing: ((sql: string) => boolean) | null = null;
  let error: () => Error = refused;
  const guard = (sql: string) => {
    if (failing?.(sql)) throw error();
  };
  const through = (q: Queryable): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[], options?: QueryOptions) {
      guard(sql);
      return q.query<T>(sql, params, options);
    },
  });
  const db: Db = {
    ...real,
    ...through(real),
    async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
      guard('BEGIN');
      return real.tx((q) => fn(through(q)));
    },
  };
  return {
    db,
    down(as: () => Error = refused, when: (sql: string) => boolean = () => true) {
      error = as;
      failing = when;
    },
    up() {
      failing = null;
    },
  };
}

type LogLine = { level: number; msg: string; [key: string]: unknown };

let real: Db;
let sw: ReturnType<typeof switchable>;
let app: FastifyInstance;
let admin: TestSession;
let manager: TestSession;
const token = 'a-super-user-token-made-for-this-test';
/** This test's lines, and every line of the file (outages begun and ended span tests). */
const log: LogLine[] = [];
const all: LogLine[] = [];
const UNAVAILABLE = 'database unavailable: calls that need it are answered 503 until it is back';
const AVAILABLE = 'database available again';

async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

beforeAll(async () => {
  real = await freshTestDb();
  sw = switchable(real);
  app = await buildApp({
    config: testConfig(),
    db: sw.db,
    registry: fileRegistry(),
    logger: {
      level: 'debug',
      stream: {
        write: (line: string) => {
          const parsed = JSON.parse(line) as LogLine;
          log.push(parsed);
          all.push(parsed);
        },
      },
    },
  });
  // A write whose connection is lost between its statements, as when PostgreSQL stops mid-transaction.
  app.get('/api/v1/test/lost-mid-write', { preHandler: anyone }, async () => {
    await app.db.tx(async (q) => {
      await q.query("INSERT INTO roles (name, short_name, urn) VALUES ('Half', 'half', 'urn:test:half')");
      sw.down(adminShutdown);
      await q.query('SELECT 1');
    });
    return { written: true };
  });
  // Changes the session only: the write happens when the answer is sent (the session plugin's onSend).
  app.get('/api/v1/test/session-change', { preHandler: anyone }, async (request) => {
    request.session.set('impersonated', [1]);
    return { changed: true };
  });
  await app.ready();
  admin = await loginAs(app, 'admin');
  manager = await loginAs(app, 'manager');
  await real.query(
    "INSERT INTO api_tokens (hashed_value, description, owner_id, super_user_token) VALUES (encode(sha256($1), 'hex'), 'test', $2, true)",
    [Buffer.from(token), admin.userId],
  );
});
afterAll(async () => {
  await app.close();
  await real.close();
});
beforeEach(async () => {
  sw.up();
  // An outage of the test before ends when the probe (once a second) finds the database again.
  const count = (msg: string) => all.filter((line) => line.msg === msg).length;
  await until(() => count(UNAVAILABLE) === count(AVAILABLE));
  expect(count(AVAILABLE)).toBe(count(UNAVAILABLE));
  log.length = 0;
});

function expectRefused(response: LightMyRequestResponse): void {
  expect({ status: response.statusCode, retryAfter: response.headers['retry-after'] }).toEqual({
    status: 503,
    retryAfter: String(RETRY_AFTER_SECONDS),
  });
  const body = response.json();
  expect(body).toEqual({
    status: 503,
    error: 'Service Unavailable',
    message: `The database cannot be reached; try again in a few seconds; reference ${body.reference}`,
    reference: expect.any(Number),
  });
  // An answer of the application itself, not of a proxy in between (spec §4).
  expect(response.headers['x-session-alive']).toBe('true');
}

const lines = (level: number) => log.filter((line) => line.level >= level);

describe('the database unreachable: 503 with Retry-After, never a 500', () => {
  it('refuses a call whose session cannot be read (the session hook, onRequest)', async () => {
    sw.down();
    expectRefused(await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: admin.headers }));
  });

  it('refuses an external API call whose token cannot be checked', async () => {
    sw.down();
    const response = await app.inject({
      method: 'GET',
      url: '/api/external/v1/roles',
      headers: { 'x-api-token': token },
    });
    expectRefused(response);
  });

  it('refuses a call whose handler loses the database, and keeps the session and its cookie', async () => {
    // The session reads, the route's statements fail: a restart between the two.
    sw.down(adminShutdown, (sql) => !/FROM sessions/.test(sql));
    const response = await app.inject({ method: 'GET', url: '/api/v1/roles', headers: manager.headers });
    expectRefused(response);
    expect(response.headers['set-cookie']).toBeUndefined();
    sw.up();
    const after = await app.inject({ method: 'GET', url: '/api/v1/roles', headers: manager.headers });
    expect(after.statusCode).toBe(200);
  });

  it('does not report a write lost half-way as done, and nothing of it is kept', async () => {
    expectRefused(
      await app.inject({ method: 'GET', url: '/api/v1/test/lost-mid-write', headers: admin.headers }),
    );
    sw.up();
    const { rows } = await real.query("SELECT 1 FROM roles WHERE short_name = 'half'");
    expect(rows).toHaveLength(0);
  });

  it('refuses a call whose session cannot be saved when it is answered (onSend)', async () => {
    sw.down(refused, (sql) => /^(INSERT INTO|UPDATE|DELETE FROM) sessions/.test(sql.trim()));
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/test/session-change',
      headers: admin.headers,
    });
    expectRefused(response);
  });

  it('logs the outage once, not once per call, and once more when the database is back', async () => {
    // Every call reads its session from the database, so each of them meets the outage.
    const inviter = await loginAs(app, 'inviter');
    sw.down();
    for (let i = 0; i < 5; i++) {
      expectRefused(await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: inviter.headers }));
    }
    const problems = lines(40);
    expect(problems).toEqual([
      expect.objectContaining({
        level: 50,
        msg: UNAVAILABLE,
        reason: 'connect ECONNREFUSED 127.0.0.1:5432',
      }),
    ]);
    // Each refused call is there for whoever asks for debug lines, with its reference and no stack.
    const refusedCalls = log.filter((line) => line.msg === 'refused: database unavailable');
    expect(refusedCalls).toHaveLength(5);
    expect(refusedCalls.every((line) => typeof line.reference === 'number' && !('err' in line))).toBe(true);

    sw.up();
    // The probe (once a second) finds it back, with no call needed.
    await until(() => log.some((line) => line.msg === AVAILABLE));
    expect(log.find((line) => line.msg === AVAILABLE)).toMatchObject({
      level: 30,
      refusedCalls: 5,
      unavailableMs: expect.any(Number),
    });
    const me = await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: inviter.headers });
    expect(me.statusCode).toBe(200);
  });

  it('still answers a 500 with a reference for a statement that fails on its own', async () => {
    sw.down(
      () => Object.assign(new Error('column "infinity" does not exist'), { code: '42703' }),
      (sql) => !/FROM sessions/.test(sql),
    );
    const response = await app.inject({ method: 'GET', url: '/api/v1/roles', headers: manager.headers });
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(lines(50).map((line) => line.msg)).toEqual(['request failed']);
  });
});
