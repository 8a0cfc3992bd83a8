import type { Db } from '../db/types.js';
import { freshTestDb } from '../test/template-db.js';
import { searchQuerySql, searchQueryText, withValuesWritten } from './search-query.js';

/**
 * The word query written in JavaScript is the one migration 015's user_search_query makes, on the database
 * the tests run on (PGlite, or PostgreSQL with TEST_DATABASE_URL): the same tsquery, for every text it
 * writes; the rest is left to the function.
 */
let db: Db;
beforeAll(async () => {
  db = await freshTestDb();
});
afterAll(() => db.close());

const TEXTS = [
  'user',
  'perf user 4711',
  'perf.user4711',
  'perf.user4711@perf.example.org',
  "Ann O'Neil",
  'A-B_c',
  '1e5',
  '0x1f',
  '3.14',
  'v1.2.3',
  'ABC123def',
  "it's",
  'x&y|z!w',
  '(a) :* user:*',
  '\\ "quoted" %_',
  'tab\there new\nline',
  '...',
  '',
  'a'.repeat(100),
];

/** Texts of printable ASCII, the same every run (a linear congruential sequence). */
function generated(count: number): string[] {
  let seed = 58;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + (next() % 14) }, () => String.fromCharCode(32 + (next() % 95))).join(''),
  );
}

it('writes the tsquery user_search_query makes of an ASCII text, and nothing for any other', async () => {
  const texts = [...TEXTS, ...generated(300)];
  const written = texts.map(searchQueryText);
  expect(written.every((query) => query !== null)).toBe(true);
  const { rows } = await db.query<{ text: string; made: string | null; same: boolean | null }>(
    `SELECT t.text, user_search_query(t.text)::text AS made, user_search_query(t.text) = t.written::tsquery AS same
       FROM unnest($1::text[], $2::text[]) AS t(text, written)`,
    [texts, written.map((query) => (query === '' ? null : query))],
  );
  for (const [i, row] of rows.entries()) {
    expect({ text: row.text, query: written[i] === '' ? null : written[i] }).toEqual({
      text: texts[i],
      query: row.made,
    });
    if (row.made !== null) expect({ text: row.text, same: row.same }).toEqual({ text: row.text, same: true });
  }
  // A letter outside ASCII, a word longer than 100: the function's.
  expect(searchQueryText('Élise')).toBeNull();
  expect(searchQueryText('a'.repeat(101))).toBeNull();
});

it("takes every text's query as a tsquery parameter: written here, or the function's made apart", async () => {
  const params: unknown[] = ['x'];
  expect(await searchQuerySql(db, 'Perf user', params)).toBe('$2::tsquery');
  expect(await searchQuerySql(db, 'Élise van Dijk', params)).toBe('$3::tsquery');
  expect(await searchQuerySql(db, '..', params)).toBe('$4::tsquery');
  expect(await searchQuerySql(db, 'é…', params)).toBe('$5::tsquery');
  expect(params).toEqual([
    'x',
    "'perf' & ( 'user' | 'user':* )",
    "'élise' & 'van' & ( 'dijk' | 'dijk':* )",
    null,
    "'é' | 'é':*",
  ]);
  // The function's text reads back as the function's query.
  const { rows } = await db.query<{ same: boolean }>('SELECT user_search_query($1) = $2::tsquery AS same', [
    'Élise van Dijk',
    params[2],
  ]);
  expect(rows[0].same).toBe(true);
});

it("writes a statement's values in as literals that read back as the values, or leaves them as parameters", async () => {
  const values = [
    "it's",
    "back\\slash \\' quote",
    "'perf' & ( 'user' | 'user':* )",
    "'élise' & ( 'dijk' | 'dijk':* )",
    '$1 $2',
    '',
    42,
    -7,
    null,
  ];
  const sql = values.map((_v, i) => `$${i + 1}::text AS v${i + 1}`).join(', ');
  const written = withValuesWritten(`SELECT ${sql}`, values);
  expect(written).not.toBeNull();
  // Every placeholder written in (a value holding "$1 $2" is left as it is).
  expect(written).not.toMatch(/\$\d+::text AS/);
  const [asParams, asLiterals] = await Promise.all([
    db.query(`SELECT ${sql}`, values),
    db.query(written ?? ''),
  ]);
  expect(asLiterals.rows).toEqual(asParams.rows);
  expect(Object.values(asLiterals.rows[0])).toEqual(values.map((v) => (v === null ? null : String(v))));
  // $10 is the tenth, not the first followed by a 0.
  const ten = Array.from({ length: 10 }, (_v, i) => i + 1);
  expect(withValuesWritten('SELECT $10 + $1', ten)).toBe('SELECT 10 + 1');
  // A fraction, a NUL, a nested array or another kind of value stays a parameter (null: none written).
  for (const value of [1.5, 'a\0b', ['a\0b'], [[1]], [1.5], true, undefined, 12n])
    expect(withValuesWritten('SELECT $1', [value])).toBeNull();
});

it("writes arrays as the values their parameters are (an institution admin's applications, a scope's roles)", async () => {
  const values = [
    ['app-wiki', "it's", 'back\\slash \\" quote', 'a,b', '{braces}', 'NULL', '', ' spaced ', 'élise'],
    [1, -7, 9007199254740991],
    [],
    ['one', null],
  ];
  const sql = 'SELECT $1::text[] AS a, $2::bigint[] AS b, $3::bigint[] AS c, $4::text[] AS d';
  const written = withValuesWritten(sql, values);
  expect(written).not.toBeNull();
  expect(written).not.toMatch(/\$\d/);
  const [asParams, asLiterals] = await Promise.all([db.query(sql, values), db.query(written ?? '')]);
  expect(asLiterals.rows).toEqual(asParams.rows);
  expect(asLiterals.rows[0]).toEqual({
    a: values[0],
    b: ['1', '-7', '9007199254740991'],
    c: [],
    d: ['one', null],
  });
});
