/**
 * Migration 047: every GIN index keeps its pending list at most 64 kB, so that a search by it reads a few
 * pages of rows added since the last vacuum, not up to 4 MB of them.
 */
import { freshTestDb } from '../test/template-db.js';
import type { Db } from './types.js';

/** The pending list's limit in kB: the index's own setting. */
const LIMIT_KB = 64;
const PAGE_KB = 8;

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

  it('after 2,000 new invitations the word indexes hold at most 64 kB of them unmerged', async () => {
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
    // Merges what is pending, and answers how many pages that was (31 with the default 4 MB limit).
    const { rows } = await db.query<{ pages: number }>(
      "SELECT gin_clean_pending_list('invitations_search_words'::regclass) AS pages",
    );
    expect(Number(rows[0].pages)).toBeLessThanOrEqual(LIMIT_KB / PAGE_KB);
    // …and a text search finds them.
    const found = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM invitations WHERE search_words @@ $1::tsquery`,
      ["'pupil' & '7' & 'school7'"],
    );
    expect(found.rows[0].n).toBe(100);
  });
});
