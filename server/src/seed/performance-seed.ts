/**
 * The performance seed: 500 roles, 75,000 users, a user role for every other user and an invitation for
 * every user, in set-based SQL (generate_series). Earlier performance-seed data is replaced, not doubled.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/types.js';

export interface PerformanceSeedResult {
  roles: number;
  users: number;
  userRoles: number;
  invitations: number;
  /** Milliseconds the seed took. */
  ms: number;
}

export interface PerformanceSeedOptions {
  roles?: number;
  users?: number;
  /** The registry application every seeded role points at. */
  manageId?: string;
  manageType?: string;
  groupUrnPrefix?: string;
  /** Told when a step starts, so the system area can show how far the seed is. */
  onProgress?: (step: PerformanceSeedStep) => void;
}

/** The steps of the seed, in order; the route adds its own after them. */
export const PERFORMANCE_SEED_STEPS = [
  'clear',
  'roles',
  'users',
  'userRoles',
  'invitations',
  'statistics',
] as const;
export type PerformanceSeedStep = (typeof PERFORMANCE_SEED_STEPS)[number];

export const SUB_PREFIX = 'urn:collab:person:perf.example.org:';
export const SHORT_NAME_PREFIX = 'perf_role_';

export async function performanceSeed(
  db: Db,
  options: PerformanceSeedOptions = {},
): Promise<PerformanceSeedResult> {
  const roles = options.roles ?? 500;
  const users = options.users ?? 75_000;
  const manageId = options.manageId ?? 'app-wiki';
  const manageType = options.manageType ?? 'saml20_sp';
  const prefix = options.groupUrnPrefix ?? 'urn:mace:surf.nl:test.surfaccess.nl';
  // One random salt per run keeps invitation hashes unguessable without one random call per row.
  const salt = randomBytes(16).toString('hex');
  const started = Date.now();
  const progress = options.onProgress ?? (() => undefined);
  const counts = await db.tx(async (q) => {
    progress('clear');
    await q.query("DELETE FROM invitations WHERE email LIKE '%@perf.example.org'");
    await q.query('DELETE FROM users WHERE sub LIKE $1', [`${SUB_PREFIX}%`]);
    await q.query('DELETE FROM roles WHERE short_name LIKE $1', [`${SHORT_NAME_PREFIX}%`]);
    progress('roles');
    const r = await q.query(
      `INSERT INTO roles (name, short_name, urn, description, organization_guid, created_by)
       SELECT 'Performance role ' || g, '${SHORT_NAME_PREFIX}' || g, $1 || ':${SHORT_NAME_PREFIX}' || g,
              'Role ' || g || ' of the performance seed', NULL, 'performance-seed'
       FROM generate_series(1, $2::int) g`,
      [prefix, roles],
    );
    await q.query(
      `INSERT INTO application_usages (role_id, manage_id, manage_type, landing_page)
       SELECT id, $1, $2, 'https://wiki.uni-harderwijk.example.org/welcome' FROM roles WHERE short_name LIKE $3`,
      [manageId, manageType, `${SHORT_NAME_PREFIX}%`],
    );
    progress('users');
    const u = await q.query(
      `INSERT INTO users (sub, email, given_name, family_name, name, eduperson_principal_name, schac_home_organization)
       SELECT $1 || g, 'perf.user' || g || '@perf.example.org', 'Perf', 'User ' || g, 'Perf User ' || g,
              'perf.user' || g || '@perf.example.org', 'perf.example.org'
       FROM generate_series(1, $2::int) g`,
      [SUB_PREFIX, users],
    );
    progress('userRoles');
    // Role ids as one array: picking by index keeps both joins linear (a join on row numbers was quadratic).
    const ur = await q.query(
      `WITH r AS (SELECT array_agg(id ORDER BY id) AS ids FROM roles WHERE short_name LIKE $2),
            u AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE sub LIKE $1)
       INSERT INTO user_roles (user_id, role_id, authority, end_date)
       SELECT u.id, r.ids[1 + ((u.n / 2) % $3)::int],
              CASE WHEN u.n % 20 = 0 THEN 'MANAGER' WHEN u.n % 10 = 0 THEN 'INVITER' ELSE 'GUEST' END,
              now() + make_interval(days => (u.n % 400)::int)
       FROM u, r WHERE u.n % 2 = 0`,
      [`${SUB_PREFIX}%`, `${SHORT_NAME_PREFIX}%`, roles],
    );
    progress('invitations');
    const inv = await q.query(
      `WITH r AS (SELECT array_agg(id ORDER BY id) AS ids FROM roles WHERE short_name LIKE $3),
            ins AS (
              INSERT INTO invitations (hash, email, intended_authority, expiry_date, message)
              SELECT md5($1 || u.id) || md5(u.id || $1), u.email, 'GUEST', now() + interval '30 days', 'Performance seed'
              FROM users u WHERE u.sub LIKE $2
              RETURNING id)
       INSERT INTO invitation_roles (invitation_id, role_id)
       SELECT ins.id, r.ids[1 + (ins.id % $4)::int] FROM ins, r`,
      [salt, `${SUB_PREFIX}%`, `${SHORT_NAME_PREFIX}%`, roles],
    );
    return { roles: r.rowCount, users: u.rowCount, userRoles: ur.rowCount, invitations: inv.rowCount };
  });
  progress('statistics');
  // PGlite has no autovacuum: without fresh statistics the planner guesses the bulk-loaded tables empty
  // and picks plans that scan all 75,000 rows, and without a visibility map a role's member count reads
  // every membership row instead of the index only.
  await db.query(
    'VACUUM (ANALYZE) users, roles, user_roles, invitations, invitation_roles, application_usages',
  );
  return { ...counts, ms: Date.now() - started };
}
