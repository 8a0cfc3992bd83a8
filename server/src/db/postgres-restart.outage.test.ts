/**
 * PostgreSQL really stopped and started under a running server (issue 39 item 6): while it is down every
 * API call answers 503 with Retry-After, never 500; once it is back the same calls answer 200 with no
 * restart of the server, and a write cut off by the stop was not kept.
 *
 * Not part of the normal run (jest.config.cjs leaves `*.outage.test.ts` out): stopping the database under
 * the other test files, which run in parallel, would fail them. `npm run test:outage -w server` runs it
 * alone, with TEST_DATABASE_URL and the commands that stop and start that server:
 *
 *   TEST_DATABASE_URL=postgres://portal:portal@127.0.0.1:5432/portal_test \
 *   PG_STOP="pg_ctlcluster 15 main stop" PG_START="pg_ctlcluster 15 main start" npm run test:outage -w server
 */
import { exec } from 'node:child_process';
import { promisify } from 'node:util';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildTestApp, loginAs, type TestSession } from '../test/helper.js';
import { anyone } from '../plugins/permissions.js';
import { RETRY_AFTER_SECONDS } from './outage.js';

const run = promisify(exec);
const { TEST_DATABASE_URL: url, PG_STOP: stopCommand, PG_START: startCommand } = process.env;
const configured = Boolean(url && stopCommand && startCommand);
if (!configured) {
  console.warn(
    'SKIPPED: the PostgreSQL restart test needs TEST_DATABASE_URL, PG_STOP and PG_START ' +
      '(e.g. PG_STOP="pg_ctlcluster 15 main stop" PG_START="pg_ctlcluster 15 main start").',
  );
}

type LogLine = { level: number; msg: string; [key: string]: unknown };
const UNAVAILABLE = 'database unavailable: calls that need it are answered 503 until it is back';
const AVAILABLE = 'database available again';

async function until(condition: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/** Whether PostgreSQL takes a new connection, asked outside the app (its own pool is what is tested). */
async function accepting(): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

(configured ? describe : describe.skip)('PostgreSQL stopped and started under a running server', () => {
  let app: FastifyInstance;
  let admin: TestSession;
  let manager: TestSession;
  let guest: TestSession;
  let stopped = false;
  const token = 'a-super-user-token-for-the-restart-test';
  const log: LogLine[] = [];

  beforeAll(async () => {
    app = await buildTestApp({
      logger: {
        level: 'info',
        stream: { write: (line: string) => void log.push(JSON.parse(line) as LogLine) },
      },
      routes: (instance) => {
        // A write still running when the database stops: its transaction must not be reported as done.
        instance.get('/api/v1/test/slow-write', { preHandler: anyone }, async () => {
          await instance.db.tx(async (q) => {
            await q.query(
              "INSERT INTO roles (name, short_name, urn) VALUES ('Slow', 'slow', 'urn:test:slow')",
            );
            await q.query('SELECT pg_sleep(30)');
          });
          return { written: true };
        });
      },
    });
    admin = await loginAs(app, 'admin');
    manager = await loginAs(app, 'manager');
    guest = await loginAs(app, 'guest');
    await app.db.query(
      "INSERT INTO api_tokens (hashed_value, description, owner_id, super_user_token) VALUES (encode(sha256($1), 'hex'), 'restart test', $2, true)",
      [Buffer.from(token), admin.userId],
    );
  });
  afterAll(async () => {
    // Whatever failed, the database is left running for what comes after.
    if (stopped) await run(startCommand!);
    await until(accepting, 60_000);
    await app?.close();
  });

  /** Reads (session, token, handler) and a write, each as a caller makes it. */
  const calls: Array<[string, () => InjectOptions]> = [
    [
      'users/me (the session hook)',
      () => ({ method: 'GET', url: '/api/v1/users/me', headers: admin.headers }),
    ],
    ['roles (a list)', () => ({ method: 'GET', url: '/api/v1/roles', headers: manager.headers })],
    [
      "roles on the external API (the token's authentication)",
      () => ({ method: 'GET', url: '/api/external/v1/roles', headers: { 'x-api-token': token } }),
    ],
    [
      "the guest's user (a search by id)",
      () => ({ method: 'GET', url: `/api/v1/users/other/${guest.userId}`, headers: admin.headers }),
    ],
  ];
  const deleteGuest = (): InjectOptions => ({
    method: 'DELETE',
    url: `/api/v1/users/${guest.userId}`,
    headers: admin.headers,
  });

  const statuses = async () =>
    Object.fromEntries(
      await Promise.all(
        calls.map(async ([name, options]) => [name, (await app.inject(options())).statusCode]),
      ),
    );

  function expectRefused(response: LightMyRequestResponse, what: string): void {
    expect({ what, status: response.statusCode, retryAfter: response.headers['retry-after'] }).toEqual({
      what,
      status: 503,
      retryAfter: String(RETRY_AFTER_SECONDS),
    });
    expect(response.json()).toMatchObject({
      status: 503,
      error: 'Service Unavailable',
      reference: expect.any(Number),
    });
  }

  it('answers 503 with Retry-After while it is down, and 200 again once it is back', async () => {
    const allOk = Object.fromEntries(calls.map(([name]) => [name, 200]));
    expect(await statuses()).toEqual(allOk);

    const slowWrite = app.inject({ method: 'GET', url: '/api/v1/test/slow-write', headers: admin.headers });
    const sleeping = await until(async () => {
      const { rows } = await app.db.query(
        "SELECT 1 FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(30)' AND state = 'active'",
      );
      return rows.length > 0;
    }, 10_000);
    expect(sleeping).toBe(true);

    const sinceStop = log.length;
    stopped = true;
    await run(stopCommand!);

    // The write in flight when the database stopped.
    expectRefused(await slowWrite, 'the write cut off by the stop');
    // Every call while it is down, twice (a pool's broken connections, then refused connects).
    for (let round = 0; round < 2; round++) {
      for (const [name, options] of calls) expectRefused(await app.inject(options()), name);
      expectRefused(await app.inject(deleteGuest()), 'deleting the guest');
    }

    await run(startCommand!);
    stopped = false;
    expect(await until(accepting, 60_000)).toBe(true);

    // The same server, the same calls: its pool connects again by itself.
    expect(await statuses()).toEqual(allOk);
    // Nothing refused was done: the guest is still there, the cut-off write left no role.
    const { rows } = await app.db.query("SELECT 1 FROM roles WHERE short_name = 'slow'");
    expect(rows).toHaveLength(0);
    const guestNow = await app.inject(calls[3][1]());
    expect(guestNow.json()).toMatchObject({ id: guest.userId });

    // The operator's view: one line when it went, one when it came back; no 500, no stack per call.
    expect(await until(() => log.some((line) => line.msg === AVAILABLE), 10_000)).toBe(true);
    const outageLines = log.slice(sinceStop);
    expect(outageLines.filter((line) => line.level >= 40).map((line) => line.msg)).toEqual([UNAVAILABLE]);
    expect(outageLines.filter((line) => line.msg === 'request failed')).toEqual([]);
    expect(log.find((line) => line.msg === AVAILABLE)).toMatchObject({ refusedCalls: 11 });
  }, 180_000);
});
