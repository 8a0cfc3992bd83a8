/**
 * The performance seed: 500 roles, 75,000 users, a user role for every other user and an invitation for
 * every user, in set-based SQL (generate_series). Earlier performance-seed data is replaced, not doubled.
 *
 * It works in batches, each its own short statement: PGlite runs one statement at a time (on its own
 * thread, db/pglite-thread.ts), so one big statement (or one transaction) held up every other request's
 * queries for seconds. Between batches the connection goes back to the pool, and the queries that came
 * while a batch ran go first.
 * A seed cut off half way leaves part of its data, which the next run replaces.
 */
import { randomBytes } from 'node:crypto';
import { analyzeInParts } from '../../db/analyze-in-parts.js';
import type { Db, Queryable } from '../../db/types.js';
import { deleteInBatches } from '../../stores/batched-delete.js';
import type { PerformanceSeedProgress, PerformanceSeedResult } from '../../jobs/performance-seed-run.js';

export type { PerformanceSeedProgress, PerformanceSeedResult };

export interface PerformanceSeedOptions {
  roles?: number;
  users?: number;
  /** The registry application every seeded role points at. */
  manageId?: string;
  manageType?: string;
  groupUrnPrefix?: string;
  /** Users (with their user roles and invitations) written per statement. */
  batchSize?: number;
  onProgress?: (progress: PerformanceSeedProgress) => void;
}

export const SUB_PREFIX = 'urn:collab:person:perf.example.org:';
/** The domain every seeded e-mail address ends in (each at an institution's subdomain of it, below). */
export const EMAIL_DOMAIN = 'perf.example.org';
/**
 * The institutions the seeded people come from: user g's home organisation and address are at
 * `inst<k>.perf.example.org`, k log-uniform over [0, INSTITUTIONS) (a hash of g: P(k) ∝ ln((k+2)/(k+1)), a
 * few large institutions and many small ones, as in a federation), the smallest holding about 0.07 % of
 * the people.
 *
 * Why: PostgreSQL estimates a search text's last word, a prefix, from the most common words its statistics
 * sampled, and with fewer than 100 of them it takes any prefix for 2 % of the rows. When every seeded
 * person held the same four words and two of their own (perf, user, example, org; 4711, user4711), a
 * hundred times the volume planned the narrow search "perf user 4711" (1,111 users) as a sequential scan
 * that stops after the searches' cap, and it read all 7.5 million users (18.5 s). With the institutions'
 * words the statistics hold 250 common words, and a prefix none of them begins with is estimated at half
 * the rarest one's frequency, as PostgreSQL does for a real directory of people.
 */
const INSTITUTIONS = 250;
export const SHORT_NAME_PREFIX = 'perf_role_';
/**
 * Users a statement, so that a request that comes meanwhile waits one statement at most. With the inviters'
 * words (a third word index) a batch of 1000 held PGlite long enough for a users/config during the seed to
 * pass seed-responsiveness.test.ts's bound, and on a slower machine so did one of 500; at 250 it stays well
 * under it there, and the seed takes no longer. A multiple of INVITATIONS_PER_INVITER, so that every
 * invitation has its inviter.
 */
const DEFAULT_BATCH = 250;
/**
 * Users a statement on PostgreSQL: every request has a connection of its own there, and a batch holds up
 * none of them (the seed-responsiveness bound above is PGlite's), so the batches are as large as keeps a
 * statement to a second or so: at a hundred times the volume (7.5 million users) 250 a statement made
 * 30,000 statements. A multiple of INVITATIONS_PER_INVITER too.
 */
const POSTGRES_BATCH = 5000;
/** Roles a statement, each with its application usage: 100 held PGlite too long on that slower machine. */
const ROLE_BATCH = 50;
/** Roles a statement when a previous seed is cleared: each takes its memberships (75) with it. */
const ROLES_PER_DELETE = 25;
const STATISTICS_TARGET = 30;
/**
 * The GIN indexes the seed fills: the word indexes of the user and invitation searches (migrations 008, 009,
 * 017) and the roles' names (001). Each takes new rows into its pending list, at most 64 kB (migrations 047,
 * 049), merged into the index when the list passes that limit: a bulk load merges in pieces, far cheaper
 * than putting each row into the index as it comes (without the lists, migration 048, a seed into an empty
 * database at one times the volume took 12.6-13.1 s instead of 8.4-8.6 on PGlite, 7.5-8.0 instead of
 * 5.2-6.2 on PostgreSQL). What is left in the lists is merged after the load (performanceSeed).
 */
const SEARCH_INDEXES = [
  'users_search_words',
  'invitations_search_words',
  'invitations_inviter_words',
  'roles_name_trgm',
];

/**
 * A batch's settings where the database lets the seed choose them (PGlite; a PostgreSQL superuser):
 * - triggers (foreign-key checks, the search words' triggers) skipped, see below;
 * - (GIN's pending lists are merged at each index's own limit of 64 kB, migration 047: a session's setting,
 *   512 kB here before it, no longer counts; with the default 4 MB every few dozen batches one spent long
 *   merging, one statement holding PGlite's only connection);
 * - new WAL segments not zero-filled first: filling one now and then held a batch up, for nothing on
 *   PGlite's file system.
 */
const BULK_SETTINGS = `SET LOCAL session_replication_role = replica; SET LOCAL wal_init_zero = off`;

/**
 * Set in every transaction that writes or clears seeded rows: the seed's people and roles are made up and
 * reach no application (migration 024; without it a one-time seed queued 37,500 guests for SCIM).
 */
const NOT_PROVISIONED = "SET LOCAL portal.provisioning = 'off'";

/** `db`, each statement in a transaction of its own that writes no provisioning change (NOT_PROVISIONED). */
function withoutProvisioning(db: Db): Queryable {
  return {
    query: (sql, params, options) =>
      db.tx(async (q) => {
        await q.query(NOT_PROVISIONED);
        return q.query(sql, params, options);
      }),
  };
}

/** Lets queued requests run between two batches. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Invitations sent by one inviter: each run of this many users is invited by the tenth of them (an INVITER
 * or MANAGER of a role), 300 inviters in all, as in a console many people invite with. (Without inviters a
 * search never paid for matching them: migration 017.) A run that a batch cuts in two (a batch size not a
 * multiple of this) has its invitations without an inviter in the batch that lacks that user.
 */
const INVITATIONS_PER_INVITER = 250;

/**
 * One batch: users [from, to], every other one a member of a role, each one invited (by an inviter, above). The roles are $4
 * (their ids, in order). Each row's search words (migrations 008-010; the inviter's, 017) are written with it: they are known
 * from how the row is made, and a batch run where triggers are skipped (below) would otherwise have none; so is
 * whether a user is without a membership (migration 022).
 * The seed test holds them equal to what the triggers compute.
 */
const BATCH_SQL = `
WITH u AS (
       INSERT INTO users (sub, email, given_name, family_name, name, eduperson_principal_name, schac_home_organization,
                          search_words, without_roles_since)
       SELECT $3 || g, 'perf.user' || g || '@' || inst || '.perf.example.org', 'Perf', 'User ' || g, 'Perf User ' || g,
              'perf.user' || g || '@' || inst || '.perf.example.org', inst || '.perf.example.org',
              array_to_tsvector(ARRAY['perf', 'user', g::text, 'user' || g, inst, 'example', 'org']),
              -- the members (below) hold a membership: no mark, as migration 022's trigger would leave it
              CASE WHEN g % 2 = 0 THEN NULL ELSE now() END
       FROM generate_series($1::int, $2::int) g,
            -- the institution (INSTITUTIONS): k = floor((INSTITUTIONS + 1) ^ u) - 1 for u in [0, 1) hashed from g
            LATERAL (SELECT 'inst' || (floor(exp(((g::bigint * 2654435761) % 4294967296)::float8 / 4294967296
                                                 * ln(${INSTITUTIONS + 1})))::int - 1) AS inst) i
       RETURNING id, email, substring(sub FROM length($3) + 1)::int AS n,
                 split_part(schac_home_organization, '.', 1) AS inst),
     ur AS (
       INSERT INTO user_roles (user_id, role_id, authority, end_date)
       SELECT u.id, ($4::bigint[])[1 + ((u.n / 2) % cardinality($4::bigint[]))::int],
              CASE WHEN u.n % 20 = 0 THEN 'MANAGER' WHEN u.n % 10 = 0 THEN 'INVITER' ELSE 'GUEST' END,
              now() + make_interval(days => (u.n % 400)::int)
       FROM u WHERE u.n % 2 = 0
       RETURNING 1),
     inv AS (
       INSERT INTO invitations (hash, email, intended_authority, expiry_date, message, inviter_id, search_words,
                                inviter_words)
       SELECT md5($5 || u.id) || md5(u.id || $5), u.email, 'GUEST', now() + interval '30 days', 'Performance seed',
              inviter.id, array_to_tsvector(ARRAY['perf', 'user' || u.n, u.inst, 'example', 'org']),
              CASE WHEN inviter.id IS NOT NULL
                THEN array_to_tsvector(ARRAY['perf', 'user', inviter.n::text, 'user' || inviter.n, inviter.inst, 'example',
                                             'org']) END
       FROM u
       LEFT JOIN u AS inviter ON inviter.n = ((u.n - 1) / ${INVITATIONS_PER_INVITER}) * ${INVITATIONS_PER_INVITER} + 10
       RETURNING id),
     ir AS (
       INSERT INTO invitation_roles (invitation_id, role_id)
       SELECT inv.id, ($4::bigint[])[1 + (inv.id % cardinality($4::bigint[]))::int] FROM inv
       RETURNING 1)
SELECT (SELECT count(*) FROM u)::int AS users, (SELECT count(*) FROM ur)::int AS user_roles,
       (SELECT count(*) FROM inv)::int AS invitations`;

export async function performanceSeed(
  db: Db,
  options: PerformanceSeedOptions = {},
): Promise<PerformanceSeedResult> {
  const roles = options.roles ?? 500;
  const users = options.users ?? 75_000;
  const batch = Math.max(1, options.batchSize ?? (db.kind === 'postgres' ? POSTGRES_BATCH : DEFAULT_BATCH));
  const manageId = options.manageId ?? 'app-wiki';
  const manageType = options.manageType ?? 'saml20_sp';
  const prefix = options.groupUrnPrefix ?? 'urn:mace:surf.nl:test.surfaccess.nl';
  const report = options.onProgress ?? (() => undefined);
  // One random salt per run keeps invitation hashes unguessable without one random call per row.
  const salt = randomBytes(16).toString('hex');
  const started = Date.now();

  const writer = withoutProvisioning(db);

  report({ phase: 'clearing', done: 0, total: users });
  // Ending in the domain: at an institution's subdomain, or (seeded before the institutions) at the domain.
  await deleteInBatches(writer, 'invitations', "email LIKE '%' || $1", EMAIL_DOMAIN);
  // The roles before their members: a role takes its memberships with it (75 each), so a few dozen roles
  // a statement.
  await deleteInBatches(writer, 'roles', 'short_name LIKE $1', `${SHORT_NAME_PREFIX}%`, ROLES_PER_DELETE);
  const cleared = await deleteInBatches(writer, 'users', 'sub LIKE $1', `${SUB_PREFIX}%`);
  // The rows of the previous seed, gone, before the new ones are written: without this the new rows went
  // after the old ones' emptied pages (reclaimed only by a later vacuum), and a broad user search, reading
  // the table from its first page up to its cap (pool-db.ts, SYNCHRONIZED_SCANS_OFF), would walk past them
  // all (a ten-times seed replaced by a one-time one left the new users in the last tenth of the table).
  // Now the new rows fill the emptied pages from the start. One table a statement: on PGlite each holds the
  // only backend.
  for (const table of ['invitation_roles', 'invitations', 'user_roles', 'users']) {
    await yieldToOthers();
    await db.query(`VACUUM ${table}`);
  }

  report({ phase: 'roles', done: 0, total: users });
  // A few roles a statement, each with its application usage in the same statement: the 500 roles in
  // one transaction held the connection for up to a quarter of a second.
  let r = 0;
  for (let from = 1; from <= roles; from += ROLE_BATCH) {
    await yieldToOthers();
    const { rowCount } = await writer.query(
      `WITH ins AS (
         INSERT INTO roles (name, short_name, urn, description, organization_guid, created_by)
         SELECT 'Performance role ' || g, '${SHORT_NAME_PREFIX}' || g, $1 || ':${SHORT_NAME_PREFIX}' || g,
                'Role ' || g || ' of the performance seed', NULL, 'performance-seed'
         FROM generate_series($2::int, $3::int) g
         RETURNING id)
       INSERT INTO application_usages (role_id, manage_id, manage_type, landing_page)
       SELECT id, $4, $5, 'https://wiki.uni-harderwijk.example.org/welcome' FROM ins`,
      [prefix, from, Math.min(roles, from + ROLE_BATCH - 1), manageId, manageType],
    );
    r += rowCount;
  }

  // A batch's rows only reference ids the same statement reads or inserts, so their foreign-key checks
  // (a fifth of a batch's time on PGlite) prove nothing, and it writes the search words the triggers
  // would compute (another fifth): where the role may (PGlite, a superuser), the batches run as
  // 'replica', which skips both. Elsewhere they run as they are.
  const skipChecks = await db
    .tx((q) => q.query(BULK_SETTINGS))
    .then(
      () => true,
      () => false,
    );
  const { rows: seeded } = await db.query<{ ids: string[] }>(
    'SELECT array_agg(id ORDER BY id) AS ids FROM roles WHERE short_name LIKE $1',
    [`${SHORT_NAME_PREFIX}%`],
  );
  const roleIds = seeded[0].ids ?? [];
  const counts = { users: 0, userRoles: 0, invitations: 0 };
  for (let from = 1; from <= users; from += batch) {
    await yieldToOthers();
    const to = Math.min(users, from + batch - 1);
    const params = [from, to, SUB_PREFIX, roleIds, salt];
    type BatchRow = { users: number; user_roles: number; invitations: number };
    const { rows } = skipChecks
      ? await db.tx(async (q) => {
          await q.query(BULK_SETTINGS);
          return q.query<BatchRow>(BATCH_SQL, params, { prepare: true });
        })
      : await writer.query<BatchRow>(BATCH_SQL, params, { prepare: true });
    counts.users += rows[0].users;
    counts.userRoles += rows[0].user_roles;
    counts.invitations += rows[0].invitations;
    report({ phase: 'users', done: counts.users, total: users });
  }
  // The seeded roles' member counts (migrations 038, 040), which the triggers skipped as 'replica' would
  // have kept: counted once, their rows replaced (exact whether the triggers ran or not).
  await writer.query(
    `WITH gone AS (DELETE FROM role_member_counts WHERE role_id = ANY($1::bigint[]))
     INSERT INTO role_member_counts (role_id, shard, n)
       SELECT ur.role_id, 0, count(*) FROM user_roles ur WHERE ur.role_id = ANY($1::bigint[])
        GROUP BY ur.role_id ORDER BY ur.role_id`,
    [roleIds],
  );

  // The number of invitations (migration 043), which the batches skipped as 'replica' would have kept:
  // counted again, the table locked against writers meanwhile.
  if (skipChecks) await writer.query("SELECT row_count_recounted('invitations')");

  // PGlite has no autovacuum: without fresh statistics the planner guesses the bulk-loaded tables empty
  // and picks plans that scan all 75,000 rows. On PGlite a large table a few columns a statement
  // (db/analyze-in-parts.ts), from a smaller sample than the default (enough to choose plans, and each
  // statement stays short).
  report({ phase: 'statistics', done: counts.users, total: users });
  // The bulk load took the search indexes' new rows into their pending lists (SEARCH_INDEXES), merged
  // into the index whenever a list passed its limit: every search reads the whole list, and the planner,
  // counting its pages, preferred a sequential scan for a narrow search when the list held hundreds of
  // pages (the default limit, before migration 047). What the load left there (up to the 64 kB limit) is
  // merged here, so that the first searches read none of it.
  for (const index of SEARCH_INDEXES) {
    await yieldToOthers();
    await db.query(`SELECT gin_clean_pending_list('${index}'::regclass)`);
  }
  for (const table of [
    'roles',
    'application_usages',
    'users',
    'user_roles',
    'invitations',
    'invitation_roles',
  ]) {
    const analyze = async (statement: string) => {
      await yieldToOthers();
      await db.tx(async (q) => {
        await q.query(`SET LOCAL default_statistics_target = ${STATISTICS_TARGET}`);
        await q.query(statement);
      });
    };
    // In parts on PGlite, where each statement holds the only backend (a small table whole); whole on PostgreSQL.
    if (db.kind === 'pglite') await analyzeInParts(db, table, analyze);
    else await analyze(`ANALYZE ${table}`);
  }
  // The bulk-loaded pages marked all-visible, so that counts read an index alone (a role's members: its
  // index entries instead of as many table pages, which the roles page reads), without waiting
  // for autovacuum (PostgreSQL) or the upkeep (PGlite, pglite-db.ts). On PostgreSQL with the full
  // statistics too. On PGlite each holds the only backend, and runs without the indexes' clean-up, which
  // finds nothing to remove after the vacuum before the writes and reads each index whole for its
  // statistics (several times longer with it); the statistics were taken above,
  // from a smaller sample.
  for (const table of ['users', 'user_roles', 'invitations', 'invitation_roles']) {
    await yieldToOthers();
    await db.query(
      db.kind === 'postgres' ? `VACUUM (ANALYZE) ${table}` : `VACUUM (INDEX_CLEANUP OFF) ${table}`,
    );
  }
  if (db.kind === 'postgres' && cleared > users) {
    // A vacuum empties a GIN index's pages but never gives them back: after a ten-times seed was replaced
    // the users' word index kept ten times the pages its users need, and a narrow search read them all.
    // Rebuilt concurrently, it blocks no reader or writer meanwhile; only after a larger seed was
    // replaced (the rebuild of a hundred times the users' word index alone takes minutes). (PGlite
    // cannot rebuild without holding its only backend for the whole rebuild.)
    for (const index of SEARCH_INDEXES) await db.query(`REINDEX INDEX CONCURRENTLY ${index}`);
  }
  // The statements prepared while the tables were half loaded and half analysed are planned afresh.
  await db.replan?.();
  report({ phase: 'done', done: counts.users, total: users });
  return { roles: r, ...counts, ms: Date.now() - started };
}
