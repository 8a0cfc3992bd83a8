/**
 * The rules the delivery queue holds, on whichever database the suite runs (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL): a delivery is given up after its last attempt; a change made while a delivery is under
 * way is delivered again after it; a leased row is claimed by no one else until its lease runs out, and
 * only rows that are due are claimed.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createDevScimServer, type DevScimServer } from '../dev/scim/dev-scim.js';
import { LOCK_KEYS, withJobLock } from '../db/locks.js';
import type { Db, QueryOptions } from '../db/types.js';
import { EntityRegistry } from '../registry/entity-registry.js';
import { planChanges } from '../stores/provisioning-plan.store.js';
import {
  claimDue,
  databaseNow,
  markDelivered,
  markFailed,
  pendingSince,
  releaseAllLeases,
  releaseLeases,
} from '../stores/provisioning-queue.store.js';
import { addMember, addUser, apiApp, insertRole } from '../test/api-kit.js';
import { planPending, plannedTargets, resendWholeTargets } from './planner.js';
import { scimTarget, targetRegistry } from '../test/registry.fixture.js';

let scim: DevScimServer;
let http: Server;
let port: number;
/** Answers a request instead of the provider when it returns true (a test's own behaviour). */
let intercept: (req: IncomingMessage, res: ServerResponse) => Promise<boolean> = async () => false;

function registry(): EntityRegistry {
  return targetRegistry(() => [
    scimTarget('prov-rules', `http://127.0.0.1:${port}/rules/v2`, { scim_user_provisioning_only: true }),
  ]);
}

let app: FastifyInstance;

beforeAll(async () => {
  scim = createDevScimServer({ mount: '', tenants: { rules: { bearer: 'b' } } });
  http = createServer((req, res) => {
    void intercept(req, res).then((done) => {
      if (!done) scim.handle(req, res);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  port = (http.address() as AddressInfo).port;
  app = await apiApp({
    registry: registry(),
    // Four calls at once: the rules hold with deliveries in parallel too.
    env: {
      PROVISIONING_MAX_ATTEMPTS: '2',
      PROVISIONING_RETRY_BASE: '1ms',
      PROVISIONING_RETRY_MAX: '1ms',
      PROVISIONING_PARALLEL: '4',
    },
  });
});
afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => http.close(() => resolve()));
});
beforeEach(async () => {
  intercept = async () => false;
  scim.reset();
  await app.db.query('DELETE FROM provisioning_queue');
  await app.db.query('DELETE FROM provisioning_changes');
});

async function queueRow(userId: number) {
  const { rows } = await app.db.query<{ status: string; attempts: number; last_error: string | null }>(
    "SELECT status, attempts, last_error FROM provisioning_queue WHERE kind = 'user' AND local_id = $1",
    [userId],
  );
  return rows[0] ?? null;
}

describe('the last attempt', () => {
  it('is given up, with the number of attempts in the reason; the one before it is tried again', async () => {
    intercept = async (req, res) => {
      if (req.method !== 'POST') return false;
      res.writeHead(503, { 'content-type': 'application/scim+json' });
      res.end(JSON.stringify({ status: '503', detail: 'down for maintenance' }));
      return true;
    };
    const role = await insertRole(app, 'Attempts', ['app-wiki']);
    const userId = await addUser(app, 'attempts@example.org');
    await addMember(app, userId, role, 'GUEST');

    await app.provisioning.drain();
    // The first of two attempts failed: waiting for the next one.
    expect(await queueRow(userId)).toEqual(expect.objectContaining({ status: 'waiting', attempts: 1 }));

    await app.db.query('UPDATE provisioning_queue SET next_attempt_at = now()');
    await app.provisioning.drain();
    expect(await queueRow(userId)).toEqual({
      status: 'failed',
      attempts: 2,
      last_error: expect.stringMatching(/^gave up after 2 attempts: POST \/Users: HTTP 503/),
    });
    const { rows } = await app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_logs WHERE entity_type = 'provisioning' AND action = 'fail'",
    );
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(1);
    expect(scim.snapshot('rules').users).toEqual([]);
  });
});

describe('a change made while its delivery is under way', () => {
  it('is delivered again after that delivery', async () => {
    const role = await insertRole(app, 'Renamed Meanwhile', ['app-wiki']);
    const userId = await addUser(app, 'meanwhile@example.org');
    let changed = false;
    intercept = async (req) => {
      if (req.method === 'POST' && !changed) {
        // While the person is being sent: their name changes and the change is planned (as another
        // instance's planner would), before the target answers.
        changed = true;
        await app.db.query("UPDATE users SET name = 'Name After', given_name = 'After' WHERE id = $1", [
          userId,
        ]);
        await planPending(app.db, await app.registry.scimTargets());
      }
      return false;
    };
    await app.db.query("UPDATE users SET name = 'Name Before', given_name = 'Before' WHERE id = $1", [
      userId,
    ]);
    await addMember(app, userId, role, 'GUEST');

    await app.provisioning.drain();
    expect(changed).toBe(true);
    const users = scim.snapshot('rules').users as Array<{ userName: string; name?: { givenName?: string } }>;
    expect(users).toHaveLength(1);
    expect(users[0]!.name?.givenName).toBe('After');
    expect(await queueRow(userId)).toBeNull();
  });
});

describe('claiming', () => {
  async function planned(name: string, people: number): Promise<void> {
    const role = await insertRole(app, name, ['app-wiki']);
    for (let i = 0; i < people; i += 1)
      await addMember(app, await addUser(app, `${name.toLowerCase()}${i}@example.org`), role, 'GUEST');
    const targets = plannedTargets(await app.registry.scimTargets());
    await app.db.tx((q) => planChanges(q, targets, 1000));
  }

  it('gives a leased row to no one else until its lease runs out', async () => {
    await planned('Leased', 3);
    const first = await claimDue(app.db, 'prov-rules', 100, 60_000);
    expect(first).toHaveLength(3);
    expect(await claimDue(app.db, 'prov-rules', 100, 60_000)).toEqual([]);

    // One lease runs out (its holder died): that row, and only it, is someone else's.
    await app.db.query(
      "UPDATE provisioning_queue SET leased_until = now() - interval '1 second' WHERE id = $1",
      [first[1]!.id],
    );
    const second = await claimDue(app.db, 'prov-rules', 100, 60_000);
    expect(second.map((i) => i.id)).toEqual([first[1]!.id]);
  });

  it('takes only rows that are due: not one waiting out its backoff, nor one given up', async () => {
    await planned('Due', 3);
    const { rows } = await app.db.query<{ id: string }>('SELECT id FROM provisioning_queue ORDER BY id');
    const [waiting, failed, due] = rows.map((r) => Number(r.id));
    await app.db.query(
      "UPDATE provisioning_queue SET next_attempt_at = now() + interval '1 hour' WHERE id = $1",
      [waiting],
    );
    await app.db.query("UPDATE provisioning_queue SET status = 'failed' WHERE id = $1", [failed]);
    const claimed = await claimDue(app.db, 'prov-rules', 100, 60_000);
    expect(claimed.map((i) => i.id)).toEqual([due]);
  });

  it('takes the oldest first, at most as many as asked', async () => {
    await planned('Oldest', 4);
    const { rows } = await app.db.query<{ id: string }>('SELECT id FROM provisioning_queue ORDER BY id');
    const claimed = await claimDue(app.db, 'prov-rules', 2, 60_000);
    expect(claimed.map((i) => i.id)).toEqual(rows.slice(0, 2).map((r) => Number(r.id)));
  });
});

const changesLeft = async () =>
  Number((await app.db.query<{ n: string }>('SELECT count(*) AS n FROM provisioning_changes')).rows[0]!.n);
const queued = async () =>
  (
    await app.db.query<{ id: string; status: string; attempts: number; leased: boolean; seq: string }>(
      'SELECT id, status, attempts, leased_until IS NOT NULL AS leased, seq FROM provisioning_queue ORDER BY id',
    )
  ).rows.map((r) => ({
    id: Number(r.id),
    status: r.status,
    attempts: r.attempts,
    leased: r.leased,
    seq: r.seq,
  }));

describe('planning', () => {
  it('plans every change recorded, batch after batch, and says it did', async () => {
    const role = await insertRole(app, 'Batches', ['app-wiki']);
    for (let i = 0; i < 5; i += 1)
      await addMember(app, await addUser(app, `batch${i}@example.org`), role, 'GUEST');
    expect(await changesLeft()).toBeGreaterThan(4);
    // Two at a time: a full batch is followed by another, until one comes back short.
    expect(await planPending(app.db, await app.registry.scimTargets(), 2)).toBe(true);
    expect(await changesLeft()).toBe(0);
    expect((await queued()).length).toBeGreaterThanOrEqual(5);
  });

  it('queues a whole target again only for the targets whose URL starts with the prefix', async () => {
    const role = await insertRole(app, 'Resent', ['app-wiki']);
    await addMember(app, await addUser(app, 'resent@example.org'), role, 'GUEST');
    await app.db.query('DELETE FROM provisioning_changes');
    const targets = await app.registry.scimTargets();
    await resendWholeTargets(app.db, targets, 'https://elsewhere.example.org/');
    expect(await queued()).toEqual([]);
    await resendWholeTargets(app.db, targets, `http://127.0.0.1:${port}/`);
    const rows = await app.db.query<{ target: string; kind: string }>(
      'SELECT DISTINCT target, kind FROM provisioning_queue',
    );
    expect(rows.rows).toEqual([{ target: 'prov-rules', kind: 'user' }]);
  });
});

// PGlite has one session, where the planner's lock is always granted; PostgreSQL shows another planner.
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
onPostgres('planning while another instance plans', () => {
  it('stops at once (false) and leaves the changes to that instance', async () => {
    const role = await insertRole(app, 'Other Planner', ['app-wiki']);
    await addMember(app, await addUser(app, 'other.planner@example.org'), role, 'GUEST');
    const before = await changesLeft();
    expect(before).toBeGreaterThan(0);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let taken!: () => void;
    const held = new Promise<void>((resolve) => (taken = resolve));
    const otherPlanner = withJobLock(app.db, LOCK_KEYS.provisioningPlan, async () => {
      taken();
      await released;
    });
    await held;
    try {
      expect(await planPending(app.db, await app.registry.scimTargets())).toBe(false);
      expect(await changesLeft()).toBe(before);
    } finally {
      release();
      await otherPlanner;
    }
  });
});

describe('the queue after an attempt', () => {
  async function claimed(name: string, people: number) {
    const role = await insertRole(app, name, ['app-wiki']);
    for (let i = 0; i < people; i += 1)
      await addMember(app, await addUser(app, `${name.toLowerCase()}${i}@example.org`), role, 'GUEST');
    await planPending(app.db, await app.registry.scimTargets());
    return claimDue(app.db, 'prov-rules', 100, 60_000);
  }

  it('gives a row up when it failed, unless a change came meanwhile: then it stays, its lease handed back', async () => {
    const [failing, changed] = await claimed('Given Up', 2);
    expect(await markFailed(app.db, failing!, 400, 'refused')).toBe(true);
    await app.db.query(
      "UPDATE provisioning_queue SET seq = nextval('provisioning_queue_seq') WHERE id = $1",
      [changed!.id],
    );
    expect(await markFailed(app.db, changed!, 400, 'refused')).toBe(false);
    expect((await queued()).map(({ seq: _, ...row }) => row)).toEqual([
      { id: failing!.id, status: 'failed', attempts: 1, leased: false },
      { id: changed!.id, status: 'waiting', attempts: 0, leased: false },
    ]);
  });

  it('delivered: the row goes, unless a change came meanwhile; nothing for no rows', async () => {
    const [sent, changed] = await claimed('Delivered', 2);
    await app.db.query(
      "UPDATE provisioning_queue SET seq = nextval('provisioning_queue_seq') WHERE id = $1",
      [changed!.id],
    );
    await markDelivered(app.db, []);
    expect((await queued()).map((row) => row.id)).toEqual([sent!.id, changed!.id]);
    await markDelivered(app.db, [sent!, changed!]);
    expect((await queued()).map(({ seq: _, ...row }) => row)).toEqual([
      { id: changed!.id, status: 'waiting', attempts: 0, leased: false },
    ]);
  });

  it('hands back the leases asked for, and at a start every lease', async () => {
    const [a, b, c] = await claimed('Leases', 3);
    await releaseLeases(app.db, []);
    expect((await queued()).map((row) => row.leased)).toEqual([true, true, true]);
    await releaseLeases(app.db, [b!.id]);
    expect((await queued()).map((row) => row.leased)).toEqual([true, false, true]);
    expect((await claimDue(app.db, 'prov-rules', 100, 60_000)).map((i) => i.id)).toEqual([b!.id]);
    await releaseAllLeases(app.db);
    expect((await queued()).map((row) => row.leased)).toEqual([false, false, false]);
    expect((await claimDue(app.db, 'prov-rules', 100, 60_000)).map((i) => i.id)).toEqual([
      a!.id,
      b!.id,
      c!.id,
    ]);
  });

  it('asks the database only what it must: no statement for no rows, one for a row given up; the claim, delivered and release prepared', async () => {
    const statements: Array<{ sql: string; prepared: boolean }> = [];
    // The queue's handle, as the delivery loop passes it, with every statement written down.
    const counted: Db = Object.create(app.db, {
      query: {
        value: (sql: string, params?: readonly unknown[], options?: QueryOptions) => {
          statements.push({ sql, prepared: options?.prepare === true });
          return app.db.query(sql, params, options);
        },
      },
    });
    await markDelivered(counted, []);
    await releaseLeases(counted, []);
    expect(statements).toEqual([]);
    const [failing] = await claimed('One Statement', 1);
    expect(await markFailed(counted, failing!, 400, 'refused')).toBe(true);
    expect(statements).toHaveLength(1);
    expect((await queued()).map(({ seq: _, ...row }) => row)).toEqual([
      { id: failing!.id, status: 'failed', attempts: 1, leased: false },
    ]);

    // What every delivery runs is planned once and then only executed (a named prepared statement).
    statements.length = 0;
    await app.db.query("UPDATE provisioning_queue SET status = 'waiting'");
    const [item] = await claimDue(counted, 'prov-rules', 100, 60_000);
    await releaseLeases(counted, [item!.id]);
    await markDelivered(counted, [item!]);
    expect(statements.map((st) => st.prepared)).toEqual([true, true, true]);
    expect(await queued()).toEqual([]);
  });

  it('counts what is left for a drain: changes not planned, and due rows not tried since it began', async () => {
    const role = await insertRole(app, 'Pending', ['app-wiki']);
    await addMember(app, await addUser(app, 'pending0@example.org'), role, 'GUEST');
    const since = await databaseNow(app.db);
    expect(Number.isNaN(Date.parse(since))).toBe(false);
    const changes = await changesLeft();
    expect(changes).toBeGreaterThan(0);
    expect(await pendingSince(app.db, since)).toBe(changes);
    await planPending(app.db, await app.registry.scimTargets());
    const rows = await queued();
    expect(await pendingSince(app.db, since)).toBe(rows.length);
    // Tried after the drain began: not counted again.
    await app.db.query('UPDATE provisioning_queue SET last_attempt_at = clock_timestamp() WHERE id = $1', [
      rows[0]!.id,
    ]);
    expect(await pendingSince(app.db, since)).toBe(rows.length - 1);
  });
});
