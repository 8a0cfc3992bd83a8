/**
 * Migration 047: every GIN index keeps its pending list at most 64 kB, so that a search by it reads a few
 * pages of rows added since the last vacuum, not up to 4 MB of them. Migration 048 took the list from the
 * indexes the console's searches read, and 049 gave it back (each accepted invitation wrote its words into
 * both word indexes directly: provisioning a third slower).
 */
import { freshTestDb } from '../test/template-db.js';
import { performanceSeed } from '../dev/seed/performance-seed.js';
import type { Db } from './types.js';

/** The pending list's limit in kB: the index's own setting. */
const LIMIT_KB = 64;
/** The indexes of the users', invitations' and roles' searches (migrations 048, 049). */
const SEARCH_INDEXES = [
  'invitations_inviter_words',
  'invitations_search_words',
  'roles_name_trgm',
  'users_search_words',
];

/** Each GIN index of the schema with whether it keeps a pending list (GIN's fast update, on by default). */
async function fastUpdates(db: Db): Promise<Record<string, boolean>> {
  const { rows } = await db.query<{ name: string; options: string[] | null }>(
    `SELECT c.relname AS name, c.reloptions AS options
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE a.amname = 'gin' AND n.nspname = 'public' ORDER BY c.relname`,
  );
  // Stored as written: `off` by the migration, `false` by the seed.
  const off = (options: string[] | null) =>
    (options ?? []).some((option) => option === 'fastupdate=off' || option === 'fastupdate=false');
  return Object.fromEntries(rows.map((r) => [r.name, !off(r.options)]));
}

/** The GIN indexes of the schema that keep a pending list. */
const withLists = (updates: Record<string, boolean>) => Object.keys(updates).filter((name) => updates[name]);

/** Pages of an index's pending list, merged into the index by this call. */
async function mergePending(db: Db, index: string): Promise<number> {
  const { rows } = await db.query<{ pages: number }>('SELECT gin_clean_pending_list($1::regclass) AS pages', [
    index,
  ]);
  return Number(rows[0].pages);
}

/** The most pages a pending list of 64 kB holds (pages of 8 kB). */
const MOST_PENDING_PAGES = LIMIT_KB / 8;

describe('GIN pending lists', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshTestDb();
  });
  afterAll(async () => {
    await db.close();
  });

  it('every GIN index of the schema holds its pending list to 64 kB', async () => {
    const { rows } = await db.query<{ name: string; options: string[] | null }>(
      `SELECT c.relname AS name, c.reloptions AS options
         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE a.amname = 'gin' AND n.nspname = 'public' ORDER BY c.relname`,
    );
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['invitations_search_words', 'users_search_words', 'audit_logs_role_ids']),
    );
    for (const row of rows) {
      expect({ index: row.name, options: row.options }).toEqual({
        index: row.name,
        options: expect.arrayContaining([`gin_pending_list_limit=${LIMIT_KB}`]),
      });
    }
  });

  it("keeps a pending list for every GIN index, the searches' among them (migration 049)", async () => {
    const updates = await fastUpdates(db);
    expect(Object.keys(updates)).toEqual(expect.arrayContaining(SEARCH_INDEXES));
    expect(withLists(updates)).toEqual(Object.keys(updates));
  });

  it('after 2,000 new invitations at most 64 kB of them wait unmerged, and a search finds them', async () => {
    // A vacuum-free stretch of inserts, as between two runs of autovacuum: in batches of 100, as the
    // external API's bulk invitations come.
    for (let batch = 0; batch < 20; batch++) {
      await db.query(
        `INSERT INTO invitations (hash, email, intended_authority, expiry_date)
         SELECT 'gin-' || $1 || '-' || g, 'pupil.' || $1 || '.' || g || '@school' || $1 || '.example.org',
                'GUEST', now() + interval '10 days'
           FROM generate_series(1, 100) g`,
        [batch],
      );
    }
    const found = async () =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM invitations WHERE search_words @@ $1::tsquery`,
          ["'pupil' & '19' & 'school19'"],
        )
      ).rows[0].n;
    // The last batch is found whether its words wait in the list or were merged with it…
    expect(await found()).toBe(100);
    // …the list held at most its limit (31 pages with the default 4 MB, here up to 8)…
    for (const index of ['invitations_search_words', 'invitations_inviter_words']) {
      const pages = await mergePending(db, index);
      expect({ index, pages: Math.min(pages, MOST_PENDING_PAGES) }).toEqual({ index, pages });
    }
    // …and once merged as well.
    expect(await found()).toBe(100);
  });

  it('the performance seed leaves nothing pending and the lists as they were, also when it fails half-way', async () => {
    const before = await fastUpdates(db);
    // A seed stopped in its load (by its progress report, as an error of a batch would).
    const stopped = performanceSeed(db, {
      roles: 4,
      users: 40,
      batchSize: 10,
      onProgress: (progress) => {
        if (progress.phase === 'users' && progress.done >= 20) throw new Error('stopped half-way');
      },
    });
    await expect(stopped).rejects.toThrow('stopped half-way');
    expect(await fastUpdates(db)).toEqual(before);
    // A whole seed: nothing left pending in the searches' indexes after it.
    await performanceSeed(db, { roles: 4, users: 40, batchSize: 10 });
    expect(await fastUpdates(db)).toEqual(before);
    for (const index of SEARCH_INDEXES)
      expect({ index, pages: await mergePending(db, index) }).toEqual({ index, pages: 0 });
  });
});
