import type { FastifyInstance } from 'fastify';
import { apiApp, call, count } from '../../test/api-kit.js';
import { loginAs } from '../../test/helper.js';
import { seedDevelopmentData } from './dev-seed.js';
import { performanceSeed, SHORT_NAME_PREFIX, SUB_PREFIX } from './performance-seed.js';

describe('development seed', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await apiApp();
  });
  afterAll(() => app.close());

  it('fills an empty database once, so every persona sees something', async () => {
    const first = await seedDevelopmentData(app);
    expect(first).toEqual(expect.objectContaining({ seeded: true, roles: 7 }));
    expect((await seedDevelopmentData(app)).seeded).toBe(false);

    const admin = await loginAs(app, 'admin');
    expect((await call(app, admin, 'GET', '/api/v1/roles')).json().totalElements).toBe(7);
    expect(
      (await call(app, admin, 'GET', '/api/v1/system/unknown-roles'))
        .json()
        .map((r: { name: string }) => r.name),
    ).toEqual(['Legacy Archive Readers']);
    expect((await call(app, admin, 'GET', '/api/v1/system/expiry-user-roles')).json().length).toBeGreaterThan(
      0,
    );
    const statuses = (await call(app, admin, 'GET', '/api/v1/invitations/search?pageSize=100'))
      .json()
      .content.map((i: { status: string }) => i.status);
    expect(new Set(statuses)).toEqual(new Set(['OPEN', 'ACCEPTED', 'EXPIRED']));

    const manager = await loginAs(app, 'manager');
    const managerRoles = (await call(app, manager, 'GET', '/api/v1/roles')).json().content;
    expect(managerRoles.length).toBeGreaterThanOrEqual(3);
    expect((await call(app, manager, 'GET', '/api/v1/tokens')).json()).toHaveLength(1);

    const ia = await loginAs(app, 'institution-admin');
    const iaRoles = (await call(app, ia, 'GET', '/api/v1/roles'))
      .json()
      .content.map((r: { name: string }) => r.name);
    expect(iaRoles).toEqual(
      expect.arrayContaining(['Research Wiki Editors', 'Course Teachers', 'Code Forge Developers']),
    );

    const inviter = await loginAs(app, 'inviter');
    expect((await call(app, inviter, 'GET', '/api/v1/roles')).json().content.length).toBeGreaterThanOrEqual(
      2,
    );
    const me = (await call(app, await loginAs(app, 'guest'), 'GET', '/api/v1/users/me')).json();
    expect(me.userRoles.length).toBeGreaterThanOrEqual(2);
  });
});

describe('development seed started twice at once (two instances on one empty database)', () => {
  it('seeds once and fails neither', async () => {
    const app = await apiApp();
    try {
      const results = await Promise.all([seedDevelopmentData(app), seedDevelopmentData(app)]);
      expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
      const { rows } = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM roles');
      expect(rows[0].n).toBe(7);
    } finally {
      await app.close();
    }
  });
});

/** The roles whose kept member count (migrations 038, 040) is not their memberships counted. */
async function miscounted(app: Awaited<ReturnType<typeof apiApp>>): Promise<number> {
  const { rows } = await app.db.query<{ wrong: number }>(
    `SELECT count(*)::int AS wrong FROM roles r
      WHERE COALESCE((SELECT sum(c.n) FROM role_member_counts c WHERE c.role_id = r.id), 0)
            <> (SELECT count(*) FROM user_roles ur WHERE ur.role_id = r.id)`,
  );
  return rows[0].wrong;
}

describe('performance seed', () => {
  it('inserts roles, users, user roles for every other user and an invitation per user, set-based and repeatable', async () => {
    const app = await apiApp({ config: { performanceSeedAllowed: true } });
    try {
      const result = await performanceSeed(app.db, { roles: 20, users: 400 });
      expect(result).toEqual({
        roles: 20,
        users: 400,
        userRoles: 200,
        invitations: 400,
        ms: expect.any(Number),
      });
      // The search words the seed writes itself are the ones the triggers would have computed.
      const words = async () =>
        (
          await app.db.query<{
            users: number;
            invitations: number;
            inviters: number;
            invited: number;
            sent: number;
          }>(
            `SELECT (SELECT count(*) FROM users
                      WHERE strip(search_words) IS DISTINCT FROM strip(user_search_words(name, email, schac_home_organization)))::int AS users,
                    (SELECT count(*) FROM invitations
                      WHERE strip(search_words) IS DISTINCT FROM strip(address_search_words(email)))::int AS invitations,
                    (SELECT count(*) FROM invitations i LEFT JOIN users u ON u.id = i.inviter_id
                      WHERE strip(i.inviter_words) IS DISTINCT FROM strip(u.search_words))::int AS inviters,
                    (SELECT count(DISTINCT inviter_id) FROM invitations)::int AS invited,
                    (SELECT count(*) FROM invitations WHERE inviter_id IS NOT NULL)::int AS sent`,
          )
        ).rows[0];
      // Users 1-250 are invited by user 10, 251-400 by user 260.
      expect(await words()).toEqual({ users: 0, invitations: 0, inviters: 0, invited: 2, sent: 400 });
      // Whether a user holds no membership (migration 022) is written as its trigger would leave it.
      const unmarked = await app.db.query<{ wrong: number }>(
        `SELECT count(*)::int AS wrong FROM users u
          WHERE (u.without_roles_since IS NULL) <> EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = u.id)`,
      );
      expect(unmarked.rows[0].wrong).toBe(0);
      // The roles' member counts (migration 038), which a batch run as 'replica' skips the triggers of.
      expect(await miscounted(app)).toBe(0);
      // Every column of the loaded tables has its statistics (PGlite has no autovacuum to take them).
      const unanalysed = await app.db.query<{ column: string }>(
        `SELECT c.relname || '.' || a.attname AS column
           FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
          WHERE c.relname IN ('roles', 'application_usages', 'users', 'user_roles', 'invitations', 'invitation_roles')
            AND c.relnamespace = 'public'::regnamespace AND a.attnum > 0 AND NOT a.attisdropped
            AND NOT EXISTS (SELECT 1 FROM pg_statistic s WHERE s.starelid = a.attrelid AND s.staattnum = a.attnum)`,
      );
      expect(unanalysed.rows).toEqual([]);
      // The people come from many institutions, a few large and many small (the searches' word statistics
      // hold their words as common ones), each with an address at their institution's domain.
      const institutions = await app.db.query<{ n: number; largest: number; elsewhere: number }>(
        `SELECT count(*)::int AS n, max(c)::int AS largest,
                (SELECT count(*) FROM users WHERE sub LIKE $1 AND email NOT LIKE '%@' || schac_home_organization)::int AS elsewhere
           FROM (SELECT count(*) AS c FROM users WHERE sub LIKE $1 GROUP BY schac_home_organization) per`,
        [`${SUB_PREFIX}%`],
      );
      expect(institutions.rows[0]).toEqual({
        n: expect.any(Number),
        largest: expect.any(Number),
        elsewhere: 0,
      });
      expect(institutions.rows[0].n).toBeGreaterThan(100);
      expect(institutions.rows[0].largest).toBeLessThan(80);
      // Batches that cut the runs of one inviter's invitees: those in a batch without their inviter are
      // invited without one (151-250 and 301-400 here).
      const again = await performanceSeed(app.db, { roles: 20, users: 400, batchSize: 150 });
      expect(await words()).toEqual({ users: 0, invitations: 0, inviters: 0, invited: 2, sent: 200 });
      expect(await miscounted(app)).toBe(0);
      expect(again.users).toBe(400);
      expect(await count(app, 'users')).toBe(400);
      expect(await count(app, 'invitation_roles')).toBe(400);
      const admin = await loginAs(app, 'admin');
      let answered = false;
      const running = call(app, admin, 'PUT', '/api/v1/system/performance-seed').finally(() => {
        answered = true;
      });
      // While it runs, its progress can be read and a second run is refused. Asked until it says it runs
      // (or the run has already answered, which fails below).
      let progress = (await call(app, admin, 'GET', '/api/v1/system/performance-seed')).json();
      while (!progress.running && !answered) {
        await new Promise((resolve) => setImmediate(resolve));
        progress = (await call(app, admin, 'GET', '/api/v1/system/performance-seed')).json();
      }
      expect(progress).toEqual(expect.objectContaining({ running: true, stepsTotal: 5, result: null }));
      const second = await call(app, admin, 'PUT', '/api/v1/system/performance-seed');
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe('The performance seed is already running');
      const res = await running;
      expect(res.statusCode).toBe(200);
      const counts = {
        roles: 500,
        users: 75_000,
        userRoles: 37_500,
        invitations: 75_000,
        auditLogs: 500 + 37_500 + 75_000,
        ms: expect.any(Number),
        auditTrailMs: expect.any(Number),
      };
      expect(res.json()).toEqual(counts);
      // The audit trail's part is a part of the whole.
      expect(res.json().auditTrailMs).toBeLessThanOrEqual(res.json().ms);
      const done = (await call(app, admin, 'GET', '/api/v1/system/performance-seed')).json();
      expect(done).toEqual(expect.objectContaining({ running: false, stepsDone: 5, result: counts }));
      const search = await call(app, admin, 'GET', '/api/v1/roles?query=performance%20role%2042&pageSize=10');
      expect(search.json().content[0]).toEqual(
        expect.objectContaining({ name: 'Performance role 42', userRoleCount: 75 }),
      );
    } finally {
      await app.close();
    }
  }, 120_000);
});

describe("the performance seed's made-up people", () => {
  it('reach no application: the seed, and the clearing of an earlier one, queue nothing to provision', async () => {
    const app = await apiApp({ config: { performanceSeedAllowed: true } });
    const waiting = async () =>
      (
        await app.db.query<{ n: number }>(
          `SELECT ((SELECT count(*) FROM provisioning_changes) + (SELECT count(*) FROM provisioning_queue))::int AS n`,
        )
      ).rows[0].n;
    try {
      await app.db.query('DELETE FROM provisioning_changes');
      await app.db.query('DELETE FROM provisioning_queue');
      await performanceSeed(app.db, { roles: 6, users: 60 });
      expect(await count(app, 'user_roles')).toBeGreaterThanOrEqual(30);
      expect(await waiting()).toBe(0);
      // Again: the first seed's roles, members and people are deleted, and new ones written.
      await performanceSeed(app.db, { roles: 6, users: 60, batchSize: 25 });
      expect(await waiting()).toBe(0);
      // Any other write still does: a guest added to a seeded role, then the role renamed.
      const { rows } = await app.db.query<{ role: number; user: number }>(
        `SELECT (SELECT min(id) FROM roles WHERE short_name LIKE $1)::int AS role,
                (SELECT min(id) FROM users WHERE sub LIKE $2 AND without_roles_since IS NOT NULL)::int AS user`,
        [`${SHORT_NAME_PREFIX}%`, `${SUB_PREFIX}%`],
      );
      await app.db.query(
        "INSERT INTO user_roles (user_id, role_id, authority, end_date) VALUES ($1, $2, 'GUEST', now() + interval '1 day')",
        [rows[0].user, rows[0].role],
      );
      await app.db.query("UPDATE roles SET name = name || ' renamed' WHERE id = $1", [rows[0].role]);
      expect(await waiting()).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  }, 60_000);
});

describe('DEV_SEED', () => {
  it('seeds an empty database when the app is ready', async () => {
    const app = await apiApp({ env: { DEV_SEED: 'true' } });
    try {
      expect(await count(app, 'roles')).toBe(7);
      const admin = await loginAs(app, 'admin');
      expect((await call(app, admin, 'GET', '/api/v1/tokens')).json().length).toBe(3);
    } finally {
      await app.close();
    }
  });
});
