import { freshTestDb } from '../test/template-db.js';
import { toEpochMs, toEpochSeconds } from '../domain/time.js';
import { queryJsonRows } from './json-rows.js';
import type { Db } from './types.js';

let db: Db;

beforeAll(async () => {
  db = await freshTestDb();
});

afterAll(async () => {
  await db.close();
});

/** 300 rows of every kind a page carries, read in a time zone whose offset once had seconds. */
const ROWS = `
  SELECT g::bigint AS id, 'o''Brien "' || g || '" ☃\\' AS name, g % 3 = 0 AS flag,
         CASE WHEN g % 5 = 0 THEN NULL ELSE g::text END AS maybe,
         timestamptz '1900-06-30 12:00:00.25+00' + make_interval(days => g) AS at,
         ARRAY['GUEST', 'INVITER'] AS authorities, json_build_object('roleId', g, 'endDate', NULL) AS link,
         (SELECT count(*) FROM generate_series(1, g))::int AS n
    FROM generate_series(1, 300) g`;

describe('rows read as JSON', () => {
  it('are the rows of the statement, in its order, with their values', async () => {
    const select = `${ROWS} ORDER BY g % 7 DESC, g LIMIT 250 OFFSET 10`;
    const [json, plain] = await db.tx(async (q) => {
      await q.query("SET LOCAL TimeZone = 'Africa/Monrovia'");
      return [
        await queryJsonRows<Record<string, unknown>>(q, select, []),
        (await q.query<Record<string, unknown>>(select)).rows,
      ];
    });
    expect(json).toHaveLength(250);
    expect(json.map((row) => row.id)).toEqual(plain.map((row) => row.id));
    for (const [i, row] of json.entries()) {
      const { at, ...rest } = plain[i];
      // A timestamp comes as its text (in 1900 Monrovia, an offset in seconds), to the same instant.
      expect(typeof row.at).toBe('string');
      expect(toEpochMs(row.at as string)).toBe((at as Date).getTime());
      expect(toEpochSeconds(row.at as string)).toBe(toEpochSeconds(at as Date));
      expect({ ...row, at: undefined }).toEqual({ ...rest, at: undefined });
    }
    expect(json[0].at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.25-00:4\d:\d\d$/);
  });

  it('are none when the statement finds none', async () => {
    expect(await queryJsonRows(db, `${ROWS} WHERE g > $1`, [300])).toEqual([]);
  });
});
