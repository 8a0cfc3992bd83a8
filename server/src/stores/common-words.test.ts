/**
 * The words most rows hold are left out of what a word index is asked (common-words.ts, search-query.ts
 * searchCondition), and the rows a search answers stay those whose words match the whole text, whichever
 * words are held common.
 */
import { performanceSeed } from '../dev/seed/performance-seed.js';
import type { Db, Queryable } from '../db/types.js';
import { freshTestDb } from '../test/template-db.js';
import { commonWords, readCommonWordsNow } from './common-words.js';
import { searchCondition } from './search-query.js';
import { searchUsers } from './user-search.store.js';

let db: Db;
beforeAll(async () => {
  db = await freshTestDb();
  await performanceSeed(db, { roles: 4, users: 1200 });
  // Some people whose words the seeded ones do not share, one holding "perf" and "user" in a name.
  await db.query(
    `INSERT INTO users (sub, name, email, schac_home_organization)
     VALUES ('urn:test:w1', 'Élise Perf', 'elise@uni.example', 'uni.example'),
            ('urn:test:w2', 'User Perfect', 'user.perfect@college.example', 'college.example'),
            ('urn:test:w3', 'Perf User', 'pu@perf.example.org', 'perf.example.org')`,
  );
  await db.query('ANALYZE users');
  await db.query('ANALYZE invitations');
  await readCommonWordsNow(db);
});
afterAll(() => db.close());

const TEXTS = [
  'perf user 47',
  'perf.user47',
  'perf user',
  'user perf',
  'perf perf',
  'org perf user 1',
  'Perf User 1000',
  'élise perf',
  'perfect user',
  'user',
  'perf',
  '..',
];

/** The ids of `table`'s rows matching `condition`, sorted. */
async function ids(q: Queryable, table: string, condition: string, params: unknown[]): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT t.id::text AS id FROM ${table} WHERE ${condition} ORDER BY t.id`,
    params,
  );
  return rows.map((row) => row.id);
}

it('holds the words most rows hold, read from the statistics', async () => {
  const users = await commonWords(db, 'users');
  expect([...users].sort()).toEqual(['example', 'org', 'perf', 'user']);
  const invitations = await commonWords(db, 'invitations');
  expect(invitations.has('perf')).toBe(true);
  expect(invitations.has('user47')).toBe(false);
  // Not on a transaction's handle: there the whole text is asked of the index.
  await db.tx(async (tx) => expect((await commonWords(tx, 'users')).size).toBe(0));
});

describe('a text condition answers the rows matching the whole text', () => {
  const commonSets = (text: string) => [
    new Set<string>(),
    new Set(['perf', 'user', 'org']),
    // Every word of the text, the last one too (which is asked all the same).
    new Set(text.toLowerCase().split(/[^a-z0-9]+/)),
  ];

  it.each(TEXTS)('of users, whichever words are held common: %s', async (text) => {
    const expected = await ids(db, 'users t', 't.search_words @@ user_search_query($1)', [text]);
    for (const common of commonSets(text)) {
      const params: unknown[] = [];
      const condition = await searchCondition(db, text, params, ['t.search_words'], common);
      expect(await ids(db, 'users t', condition, params)).toEqual(expected);
    }
  });

  it.each(TEXTS)(
    'of invitations (the invitee or the inviter), whichever words are held common: %s',
    async (text) => {
      const expected = await ids(
        db,
        'invitations t',
        '(t.search_words @@ user_search_query($1) OR t.inviter_words @@ user_search_query($1))',
        [text],
      );
      for (const common of commonSets(text)) {
        const params: unknown[] = [];
        const condition = await searchCondition(
          db,
          text,
          params,
          ['t.search_words', 't.inviter_words'],
          common,
        );
        expect(await ids(db, 'invitations t', condition, params)).toEqual(expected);
      }
    },
  );

  it('asks the index for the words not held common (the last always), and tests the whole text on each row', async () => {
    const params: unknown[] = [];
    const condition = await searchCondition(
      db,
      'Perf user 4711',
      params,
      ['u.search_words'],
      new Set(['perf', 'user']),
    );
    expect(params).toEqual(["'4711' | '4711':*", "'perf' & 'user' & ( '4711' | '4711':* )"]);
    expect(condition).toBe('u.search_words @@ $1::tsquery AND ts_match_vq(u.search_words, $2::tsquery)');
    // The index is asked the narrow query: the whole one is not an index condition.
    await db.tx(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT u.id FROM users u WHERE ${condition.replace('$1', `'${String(params[0]).replace(/'/g, "''")}'`).replace('$2', `'${String(params[1]).replace(/'/g, "''")}'`)}`,
      );
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Index Cond: \(search_words @@ '''4711'' \| ''4711'':\*'::tsquery\)/);
      expect(plan).toMatch(/Filter: ts_match_vq\(search_words, '''perf'' & ''user''/);
    });
    // A text of one word, or with no common word, is asked whole.
    const whole: unknown[] = [];
    expect(await searchCondition(db, 'perf', whole, ['u.search_words'], new Set(['perf']))).toBe(
      'u.search_words @@ $1::tsquery',
    );
    expect(await searchCondition(db, 'ann smith', whole, ['u.search_words'], new Set(['perf']))).toBe(
      'u.search_words @@ $2::tsquery',
    );
    // A text the function writes (outside ASCII) too.
    expect(await searchCondition(db, 'perf élise', whole, ['u.search_words'], new Set(['perf']))).toBe(
      'u.search_words @@ $3::tsquery',
    );
  });
});

it("answers a user search's page the same with the common words held as without", async () => {
  const query = { query: 'perf user 47', pageNumber: 0, pageSize: 10 };
  const held = await searchUsers(db, query);
  // On a transaction's handle no word is held common.
  const whole = await db.tx((tx) => searchUsers(tx, query));
  expect(held.total).toBe(whole.total);
  expect(held.rows).toEqual(whole.rows);
  expect(held.total).toBeGreaterThan(1);
});
