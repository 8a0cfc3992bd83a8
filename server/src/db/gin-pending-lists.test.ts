/**
 * Migration 047: every GIN index keeps its pending list at most 64 kB, so that a search by it reads a few
 * pages of rows added since the last vacuum, not up to 4 MB of them. Migration 048: the indexes the
 * console's searches read keep none (the performance seed turns theirs on for its bulk load only).
 */
import { freshTestDb } from '../test/template-db.js';
import { performanceSeed } from '../dev/seed/performance-seed.js';
import type { Db } from './types.js';

/** The pending list's limit in kB: the index's own setting. */
const LIMIT_KB = 64;
/** The indexes of the users', invitations' and roles' searches (migration 048). */
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

  it("keeps no pending list for the searches' indexes, and one for the audit trail's", async () => {
    const updates = await fastUpdates(db);
    expect(Object.keys(updates)).toEqual(expect.arrayContaining(SEARCH_INDEXES));
    expect(withLists(updates)).toEqual(['audit_logs_actor_name_trgm', 'audit_logs_role_ids']);
  });

  it('after 2,000 new invitations the word indexes hold none of them unmerged, and a search finds them', async () => {
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
    // Merges what is pending, and answers how many pages that was (31 with the default 4 MB limit, up to
    // 8 with migration 047's 64 kB).
    for (const index of ['invitations_search_words', 'invitations_inviter_words']) {
      const { rows } = await db.query<{ pages: number }>(
        'SELECT gin_clean_pending_list($1::regclass) AS pages',
        [index],
      );
      expect({ index, pages: Number(rows[0].pages) }).toEqual({ index, pages: 0 });
    }
    // …and a text search finds them.
    const found = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM invitations WHERE search_words @@ $1::tsquery`,
      ["'pupil' & '7' & 'school7'"],
    );
    expect(found.rows[0].n).toBe(100);
  });

  it('the performance seed loads with pending lists and leaves none, also when it fails half-way', async () => {
    // A seed stopped in its load (by its progress report, as an error of a batch would): the lists are
    // off again.
    const stopped = performanceSeed(db, {
      roles: 4,
      users: 40,
      batchSize: 10,
      onProgress: (progress) => {
        if (progress.phase === 'users' && progress.done >= 20) throw new Error('stopped half-way');
      },
    });
    await expect(stopped).rejects.toThrow('stopped half-way');
    expect(withLists(await fastUpdates(db))).toEqual(['audit_logs_actor_name_trgm', 'audit_logs_role_ids']);
    // A whole seed: the lists on while it loads, and nothing left pending in the searches' indexes after.
    let during: Promise<Record<string, boolean>> | null = null;
    await performanceSeed(db, {
      roles: 4,
      users: 40,
      batchSize: 10,
      onProgress: (progress) => {
        if (progress.phase === 'users') during ??= fastUpdates(db);
      },
    });
    expect(during).not.toBeNull();
    expect(withLists(await during!)).toEqual(expect.arrayContaining(SEARCH_INDEXES));
    expect(withLists(await fastUpdates(db))).toEqual(['audit_logs_actor_name_trgm', 'audit_logs_role_ids']);
    for (const index of SEARCH_INDEXES) {
      const { rows } = await db.query<{ pages: number }>(
        'SELECT gin_clean_pending_list($1::regclass) AS pages',
        [index],
      );
      expect({ index, pages: Number(rows[0].pages) }).toEqual({ index, pages: 0 });
    }
  });
});
