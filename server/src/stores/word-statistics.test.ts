import type { Db, Queryable } from '../db/types.js';
import { COUNT_CAP } from '../domain/paging.js';
import { performanceSeed } from '../seed/performance-seed.js';
import { freshTestDb } from '../test/template-db.js';
import { probeMatches } from './capped-count.js';
import { invitationsByIds, searchInvitations } from './invitations.store.js';
import { searchUsers } from './user-search.store.js';
import {
  estimatedFraction,
  looksNarrow,
  looksNarrowIn,
  narrowQueriesIn,
  narrowWordQuery,
  searchWords,
  userWords,
  wordStatistics,
  type WordFrequencies,
} from './word-statistics.js';

const stats = (rows: number, common: Record<string, number>): WordFrequencies => ({
  rows,
  common: new Map(Object.entries(common)),
});

describe('estimating how many rows a search text matches', () => {
  // As the performance seed's users: four words everyone holds, every other word their own.
  const seeded = stats(75_000, { perf: 1, user: 1, example: 1, org: 1 });

  it('weighs a begun word by all the common words it begins, and by none other', () => {
    const common = {
      ab: 0.1,
      abc: 0.02,
      abd: 0.03,
      'ab\uffffz': 0.01,
      abé: 0.04,
      ac: 0.2,
      b: 0.3,
      zz: 0.001,
    };
    const words = stats(10_000, common);
    const rare = 0.001 / 2;
    const begun = (start: string) =>
      Object.entries(common)
        .filter(([word]) => word.startsWith(start))
        .reduce((sum, [, f]) => sum + f, 0);
    for (const start of ['a', 'ab', 'abc', 'abe', 'ac', 'b', 'c', 'z', 'zz', 'zzz']) {
      const exact = common[start as keyof typeof common] ?? rare;
      const prefix = Math.min(1, Math.max(rare, begun(start)));
      expect([start, estimatedFraction(start, words)]).toEqual([
        start,
        expect.closeTo(exact + prefix - exact * prefix, 12),
      ]);
    }
    // Read twice from the same statistics: the same answer.
    expect(estimatedFraction('ab', words)).toBeCloseTo(estimatedFraction('ab', words), 12);
  });

  it('calls a text narrow when one of its words is rare', () => {
    expect(looksNarrow('perf user 4711', seeded, true)).toBe(true);
    expect(looksNarrow('Jan de Vries', seeded, true)).toBe(true);
    expect(looksNarrow('perf.user4711@', seeded, true)).toBe(true);
  });

  it('calls a text broad when every word is common, whole or begun', () => {
    expect(looksNarrow('user', seeded, true)).toBe(false);
    expect(looksNarrow('perf user', seeded, true)).toBe(false);
    // The beginning of a common word matches every row holding it.
    expect(looksNarrow('us', seeded, true)).toBe(false);
    expect(looksNarrow('example.o', seeded, true)).toBe(false);
    expect(estimatedFraction('u', seeded)).toBeCloseTo(1, 6);
  });

  it('weighs the fraction against the size of the table', () => {
    const common = { jan: 0.05 };
    expect(looksNarrow('jan', stats(75_000, common), true)).toBe(true); // 3,750 rows of 75,000
    expect(looksNarrow('jan', stats(7_500_000, common), true)).toBe(false); // 375,000 of 7.5 million
  });

  it('with other conditions, calls a text narrow only when it matches few rows of the table', () => {
    // About a hundredth of the rows: 750 of 75,000, 7,500 of 750,000.
    expect(estimatedFraction('perf user 4711', seeded)).toBeCloseTo(0.01, 4);
    expect(looksNarrow('perf user 4711', seeded, false)).toBe(true);
    const tenTimes = { ...seeded, rows: 750_000 };
    expect(looksNarrow('perf user 4711', tenTimes, true)).toBe(true);
    expect(looksNarrow('perf user 4711', tenTimes, false)).toBe(false);
    expect(looksNarrow('zebedeus van der Wiel', tenTimes, false)).toBe(true);
  });

  it('takes a word missing from the statistics as rarer than the rarest listed', () => {
    const listed = stats(1_000_000, { org: 1, jan: 0.002 });
    expect(estimatedFraction('zebedeus', listed)).toBeCloseTo(0.002, 5); // whole (0.001) or begun (0.001)
    expect(estimatedFraction('', listed)).toBe(0);
    expect(estimatedFraction('.,;', listed)).toBe(0);
  });

  it("weighs a text against several word columns together: an invitation's address and its inviter's", () => {
    // 75,000 invitations: their addresses' words as the seed's, their inviters' a few people's.
    const addresses = stats(75_000, { perf: 1, example: 1, org: 1 });
    const inviters = { ...stats(75_000, { jan: 0.5, vries: 0.5, perf: 0.5 }), withoutWords: 0.2 };
    // Those with words (0.8): 'jan' (0.5), then 'vries' whole or begun (0.5 + 0.5 - 0.25).
    expect(estimatedFraction('jan vries', inviters)).toBeCloseTo(0.8 * 0.5 * 0.75, 6);
    // Rare in both: narrow, each column asked for the words rarer in it.
    const narrow = narrowQueriesIn('perf.user4711', [addresses, inviters], true);
    expect(narrow).toEqual([
      narrowWordQuery('perf.user4711', addresses),
      narrowWordQuery('perf.user4711', inviters),
    ]);
    expect(narrow?.map((query) => query.words)).toEqual([
      "'perf' & ( 'user4711' | 'user4711':* )",
      "'perf' & ( 'user4711' | 'user4711':* )",
    ]);
    // Rare among the addresses, common among the inviters: not narrow, though either alone would say so of
    // the addresses.
    expect(looksNarrow('jan vries', addresses, false)).toBe(true);
    expect(looksNarrowIn('jan vries', [addresses, inviters], false)).toBe(false);
    expect(narrowQueriesIn('jan vries', [addresses, inviters], false)).toBeNull();
    // Not built here: letters outside ASCII, or no words at all.
    expect(narrowQueriesIn('zoë', [addresses, inviters], true)).toBeNull();
    expect(narrowQueriesIn('.,;', [addresses, inviters], true)).toBeNull();
  });

  it('splits words as the database does', async () => {
    const db = await freshTestDb();
    try {
      for (const text of [
        'Jan de Vries',
        'perf.user4711@perf.example.org',
        '  --a__b  ',
        'x',
        '',
        "O'Neil-Smith 42",
      ]) {
        const { rows } = await db.query<{ words: string[] }>(
          "SELECT array_remove(regexp_split_to_array(lower($1), '[^[:alnum:]]+'), '') AS words",
          [text],
        );
        expect(searchWords(text)).toEqual(rows[0].words);
      }
    } finally {
      await db.close();
    }
  });
});

describe("the database's word query of a search text (migrations 008, 015)", () => {
  it('asks for every word whole and the last one whole or begun; for nothing without words', async () => {
    const db = await freshTestDb();
    try {
      const expected: [string | null, string | null][] = [
        ['Jan de Vries', "'jan' & 'de' & ( 'vries' | 'vries':* )"],
        ['perf.user4711@', "'perf' & ( 'user4711' | 'user4711':* )"],
        ['x', "'x' | 'x':*"],
        ["  O'Neil  ", "'o' & ( 'neil' | 'neil':* )"],
        ['', null],
        ['.,;', null],
        [null, null],
      ];
      for (const [text, query] of expected) {
        const { rows } = await db.query<{ query: string | null }>(
          'SELECT user_search_query($1)::text AS query',
          [text],
        );
        expect(rows[0].query).toBe(query);
      }
    } finally {
      await db.close();
    }
  });
});

describe("a narrow text's word query, built without the database", () => {
  const seeded = stats(75_000, { perf: 1, user: 1, example: 1, org: 1, jan: 0.1, de: 0.3 });

  it('is the query the database builds, for any text of ASCII characters', async () => {
    const db = await freshTestDb();
    try {
      for (const text of [
        'Jan de Vries',
        'perf.user4711@',
        'x',
        "  O'Neil-Smith 42 ",
        'PERF user 4711',
        'a_b\\c%d*e:f&g|h!i(j)k<l>m',
      ]) {
        const query = narrowWordQuery(text, seeded);
        const { rows } = await db.query<{ same: boolean }>(
          'SELECT $1::tsquery::text = user_search_query($2)::text AS same',
          [query?.words, text],
        );
        expect({ text, same: rows[0].same }).toEqual({ text, same: true });
      }
    } finally {
      await db.close();
    }
  });

  it('asks the index for its rarer words only, and at least for the rarest', () => {
    expect(narrowWordQuery('perf user 4711', seeded)).toEqual({
      words: "'perf' & 'user' & ( '4711' | '4711':* )",
      indexed: "'4711':*",
    });
    // "jan" (a tenth of the rows) is asked too; "de" (three tenths) only tested on the rows found.
    expect(narrowWordQuery('jan de vries', seeded)?.indexed).toBe("'jan' & 'vries':*");
    expect(narrowWordQuery('perf example', seeded)?.indexed).toBe("'perf'");
  });

  it('leaves a text with other characters, or without words, to the database', () => {
    expect(narrowWordQuery('Zoë Ångström', seeded)).toBeNull();
    expect(narrowWordQuery('jan—de', seeded)).toBeNull();
    expect(narrowWordQuery(' .,; ', seeded)).toBeNull();
  });
});

describe('the searches with word statistics', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshTestDb();
  });
  afterAll(() => db.close());

  /** The statements a search sends, with whether each was prepared. */
  const recorded = () => {
    const sent: { sql: string; prepare: boolean }[] = [];
    const q: Queryable = {
      query: (sql, params, options) => {
        sent.push({ sql, prepare: options?.prepare ?? false });
        return db.query(sql, params, options);
      },
    };
    return { q, sent };
  };
  /** The statements of a search that take its text. */
  const searching = (sent: { sql: string; prepare: boolean }[]) =>
    sent.filter((s) => s.sql.includes('search_words @@') || s.sql.includes('ts_match_vq'));
  /** A narrow text's probe and page: the word query built here, the statement prepared. */
  const narrowOnce = expect.objectContaining({
    prepare: true,
    sql: expect.stringMatching(/\b[iu]\.search_words @@ \(SELECT \$1::tsquery\)/),
  });
  /** A broad text's first page from the order index: the text computed when it runs, prepared. */
  const plannedOnce = expect.objectContaining({
    prepare: true,
    sql: expect.stringContaining('(SELECT user_search_query($1))'),
  });
  const plannedForText = expect.objectContaining({
    prepare: false,
    sql: expect.not.stringContaining('(SELECT user_search_query'),
  });

  it('knows nothing before the table was analysed, and every text is then planned for itself', async () => {
    const fresh = wordStatistics('users');
    expect(await fresh.isNarrow(db, 'perf user 4711', true)).toBe(false);
    const { q, sent } = recorded();
    await searchUsers(q, { query: 'nobody at all', pageNumber: 0, pageSize: 10 });
    expect(searching(sent)).toEqual([plannedForText]);
  });

  it('after the seed, finds a narrow text in one statement planned once', async () => {
    await performanceSeed(db, { roles: 12, users: 2 * COUNT_CAP });
    expect(await userWords.isNarrow(db, 'perf user 101', true)).toBe(true);
    expect(await userWords.isNarrow(db, 'perf user', true)).toBe(false);

    const { q, sent } = recorded();
    const narrow = await searchUsers(q, { query: 'perf user 101', pageNumber: 0, pageSize: 3 });
    expect(narrow.total).toBe(11); // 101 and 1010 … 1019
    expect(narrow.rows.map((u) => u.name)).toEqual(['Perf User 101', 'Perf User 1010', 'Perf User 1011']);
    expect(narrow.rows[0]).toEqual(
      expect.objectContaining({ email: 'perf.user101@perf.example.org', authorities: expect.any(Array) }),
    );
    expect(narrow.rows[0]).not.toHaveProperty('probed_matches');
    const last = await searchUsers(q, {
      query: 'perf user 101',
      pageNumber: 1,
      pageSize: 10,
      sort: 'name',
      sortDirection: 'DESC',
    });
    expect(last).toEqual({ rows: [expect.objectContaining({ name: 'Perf User 101' })], total: 11 });
    expect(await searchUsers(q, { query: 'perf user 101', pageNumber: 4, pageSize: 3 })).toEqual({
      rows: [],
      total: 11,
    });
    expect(searching(sent)).toEqual([narrowOnce, narrowOnce, narrowOnce]);

    sent.length = 0;
    const broad = await searchUsers(q, { query: 'perf user', pageNumber: 0, pageSize: 3 });
    expect(broad.total).toBe(COUNT_CAP + 1);
    // The probe planned for the text; the page from the order index planned once.
    expect(searching(sent)).toEqual([plannedForText, plannedOnce]);
  });

  it("plans a narrow text once among a role's members too", async () => {
    const { rows } = await db.query<{ role_id: number; members: number }>(
      `SELECT ur.role_id, (SELECT count(*)::int FROM user_roles m JOIN users mu ON mu.id = m.user_id
                            WHERE m.role_id = ur.role_id AND mu.name ~ '^Perf User 101[0-9]?$') AS members
         FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.name = 'Perf User 1010'`,
    );
    const { role_id: roleId, members } = rows[0];
    const { q, sent } = recorded();
    const found = await searchUsers(q, { query: 'perf user 101', pageNumber: 0, pageSize: 20, roleId });
    expect(found.total).toBe(members);
    expect(found.rows.map((u) => u.name)).toContain('Perf User 1010');
    expect(searching(sent)).toEqual([narrowOnce]);
  });

  it('pages a text in the order of each sort key, either way, equal keys by id', async () => {
    // Perf User 101 and 1010 … 1019: some active on the same day, one later; some without a home
    // organisation (first ascending, last descending), the rest all at the same one; all created in one batch.
    const matches = "name ~ '^Perf User 101[0-9]?$'";
    await db.query(
      `UPDATE users SET last_activity = CASE WHEN right(name, 1) IN ('2', '5') THEN timestamptz '2026-02-01'
                                             ELSE timestamptz '2026-01-01' END,
                        schac_home_organization = CASE WHEN right(name, 1) IN ('3', '8') THEN NULL
                                                       ELSE schac_home_organization END
        WHERE ${matches}`,
    );
    const columns = {
      name: 'lower(name)',
      email: 'lower(email)',
      lastActivity: 'last_activity',
      schacHomeOrganization: 'schac_home_organization',
      createdAt: 'created_at',
    };
    const { q, sent } = recorded();
    for (const [sort, column] of Object.entries(columns))
      for (const sortDirection of ['ASC', 'DESC'] as const) {
        const nulls = sortDirection === 'ASC' ? 'FIRST' : 'LAST';
        const { rows: expected } = await db.query<{ id: string }>(
          `SELECT id FROM users WHERE ${matches} ORDER BY ${column} ${sortDirection} NULLS ${nulls}, id ${sortDirection}`,
        );
        const paged: number[] = [];
        // The same order from a probe planned for its text (probeMatches: the page's ids, then its rows).
        const probed: number[] = [];
        for (let pageNumber = 0; pageNumber < 3; pageNumber++) {
          const page = await searchUsers(q, {
            query: 'perf user 101',
            pageNumber,
            pageSize: 4,
            sort,
            sortDirection,
          });
          expect(page.total).toBe(11);
          paged.push(...page.rows.map((u) => Number(u.id)));
          const probe = {
            fromWhere: `FROM users u WHERE ${matches}`,
            id: 'u.id',
            sort: { column, direction: sortDirection },
          };
          const { n, ids } = await probeMatches(db, probe, [], { limit: 4, offset: 4 * pageNumber });
          expect(n).toBe(11);
          probed.push(...(ids ?? []).map(Number));
        }
        const ids = expected.map((r) => Number(r.id));
        expect({ sort, sortDirection, paged, probed }).toEqual({
          sort,
          sortDirection,
          paged: ids,
          probed: ids,
        });
      }
    expect(searching(sent)).toEqual(Array(3 * 2 * Object.keys(columns).length).fill(narrowOnce));
    await db.query(`UPDATE users SET schac_home_organization = 'perf.example.org' WHERE ${matches}`);
  });

  it('takes a text it called narrow that finds more than the cap for the broad search it is', async () => {
    // "1" is no common word, but begins 1,111 of the 2,000 users' numbers (1, 10-19, 100-199, 1000-1999).
    expect(await userWords.isNarrow(db, 'perf user 1', true)).toBe(true);
    const { q, sent } = recorded();
    const found = await searchUsers(q, { query: 'perf user 1', pageNumber: 0, pageSize: 3 });
    expect(found).toEqual({
      rows: ['Perf User 1', 'Perf User 10', 'Perf User 100'].map((name) => expect.objectContaining({ name })),
      total: COUNT_CAP + 1,
    });
    // The broad first page from the order index: its plan, whatever the text, so planned once too.
    expect(searching(sent)).toEqual([narrowOnce, plannedOnce]);
    // Remembered as broad: the next page comes from the order index at once.
    sent.length = 0;
    const next = await searchUsers(q, { query: 'perf user 1', pageNumber: 1, pageSize: 3 });
    expect(next.rows.map((u) => u.name)).toEqual(['Perf User 1000', 'Perf User 1001', 'Perf User 1002']);
    // A later page is planned for its text and its offset.
    expect(searching(sent)).toEqual([plannedForText]);
  });

  it('finds invitations by a narrow text in one statement planned once', async () => {
    const { q, sent } = recorded();
    const admin = { id: 0, superUser: true } as Parameters<typeof searchInvitations>[1]['user'];
    const page = (text: string, offset = 0) => ({
      text,
      like: null,
      size: 10,
      offset,
      order: 'ORDER BY i.email, i.id',
      sort: { column: 'i.email', direction: 'ASC' as const },
      tail: `ORDER BY i.email, i.id LIMIT 10 OFFSET ${offset}`,
    });
    /** A page's invitations in its order (read apart from the recorded statements). */
    const rowsOf = async ({ ids }: { ids: number[] }) => {
      const byId = new Map((await invitationsByIds(db, ids)).map((row) => [Number(row.id), row]));
      return ids.map((id) => byId.get(id)!);
    };
    // perf.user102 and perf.user1020 … perf.user1029, none of them an inviter.
    const invitations = await searchInvitations(q, { user: admin, page: page('perf.user102') });
    expect(invitations.total).toBe(11);
    const rows = await rowsOf(invitations);
    // By address, '0' before '@'.
    expect(rows[0]).toEqual(
      expect.objectContaining({
        email: 'perf.user1020@perf.example.org',
        invitation_roles: [expect.objectContaining({ roleId: expect.any(Number) })],
      }),
    );
    expect(rows[10 - 1].email).toBe('perf.user1029@perf.example.org');
    const rest = await searchInvitations(q, { user: admin, page: page('perf.user102', 10) });
    expect((await rowsOf(rest)).map((i) => i.email)).toEqual(['perf.user102@perf.example.org']);
    expect(searching(sent)).toEqual([narrowOnce, narrowOnce]);
    // Each word index asked for the rarer words in it ($1 the addresses', $2 the inviters'), the rows it
    // finds tested for the whole query ($3).
    const statement = searching(sent)[0].sql;
    expect(statement).toContain('i.search_words @@ (SELECT $1::tsquery)');
    expect(statement).toContain('ts_match_vq(i.search_words, (SELECT $3::tsquery))');
    expect(statement).toContain('i.inviter_words @@ (SELECT $2::tsquery)');
    expect(statement).toContain('ts_match_vq(i.inviter_words, (SELECT $3::tsquery))');
    expect(statement).not.toContain('user_search_query');
    // By the inviter's name: the 250 invitations Perf User 1010 sent (to users 1001-1250), by the same plan.
    sent.length = 0;
    const { rows: inviter } = await db.query<{ id: number }>(
      "SELECT id FROM users WHERE email = 'perf.user1010@perf.example.org'",
    );
    const sentBy = await searchInvitations(q, { user: admin, page: page('Perf User 1010') });
    expect(sentBy.total).toBe(250);
    const sentRows = await rowsOf(sentBy);
    expect(sentRows.map((i) => Number(i.inviter_id))).toEqual(Array(10).fill(inviter[0].id));
    expect(sentRows[0].email).toBe('perf.user1001@perf.example.org');
    expect(searching(sent)).toEqual([narrowOnce]);
  });

  it('reads the statistics again once forgotten', async () => {
    const users = wordStatistics('users');
    expect(await users.isNarrow(db, 'seven', true)).toBe(true);
    // Every user now holds the word (their words follow their names: migration 008's trigger).
    await db.query("UPDATE users SET name = name || ' Seven'");
    await db.query('ANALYZE users');
    expect(await users.isNarrow(db, 'seven', true)).toBe(true); // the reading of a moment ago
    users.forget();
    expect(await users.isNarrow(db, 'seven', true)).toBe(false);
    expect(await users.isNarrow(db, 'perf seven 4711', true)).toBe(true);
  });
});
