import pg from 'pg';
import { freshTestDb } from '../test/template-db.js';
import { parseIsoTimestamptz, timestamptzParser } from './timestamps.js';

// node-postgres's own parser (postgres-date), the reference: this file does not load pool-db.ts.
const reference = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => unknown;
const parse = timestamptzParser(reference);

describe('timestamptz values', () => {
  it('reads what PostgreSQL writes to the same instant as node-postgres does', () => {
    const texts: string[] = [];
    for (const date of [
      '2026-11-24 23:11:08',
      '1999-12-31 23:59:59',
      '2024-02-29 00:00:00',
      '1000-01-01 12:00:00',
    ])
      for (const fraction of ['', '.1', '.12', '.493676', '.999999', '.000001'])
        for (const zone of ['+00', '-03', '+05:30', '-09:30', '+14', '+00:00:36', '-00:25:21'])
          texts.push(`${date}${fraction}${zone}`);
    for (const text of texts) {
      const ours = parseIsoTimestamptz(text);
      expect([text, ours?.getTime()]).toEqual([text, (reference(text) as Date).getTime()]);
      // As JSON writes it (db/json-rows.ts): a T between date and time.
      const json = text.replace(' ', 'T');
      expect([json, parseIsoTimestamptz(json)?.getTime()]).toEqual([json, ours?.getTime()]);
    }
  });

  it('leaves every other form to node-postgres', () => {
    for (const text of [
      'infinity',
      '-infinity',
      '0099-01-01 00:00:00+00',
      '2026-11-24 23:11:08+00 BC',
      '12026-11-24 23:11:08+00',
      '2026-11-24T23:11:08Z',
      '2026-11-24 23:11:08',
      '2026-11-24 23:11:08.+00',
      '2026-11-24 23:11:08+0',
      '2026-11-24 23:11:08+00:3',
      '2026-1x-24 23:11:08+00',
    ]) {
      expect([text, parseIsoTimestamptz(text)]).toEqual([text, null]);
      // The same value (an invalid Date's time is NaN).
      const time = (value: unknown) => (value instanceof Date ? value.getTime() : value);
      expect([text, time(parse(text))]).toEqual([text, time(reference(text))]);
    }
  });

  it("reads the database's own values, as text and as JSON, in any time zone", async () => {
    const db = await freshTestDb();
    try {
      for (const zone of ['UTC', 'Europe/Amsterdam', 'America/St_Johns', 'Asia/Kolkata', 'Africa/Monrovia']) {
        const { rows } = await db.tx(async (q) => {
          await q.query(`SET LOCAL TimeZone = '${zone}'`);
          // 1900: Monrovia's offset then had seconds (-00:43:08).
          return q.query<{ text: string; json: string; epoch: number }>(
            `SELECT t::text AS text, to_json(t) #>> '{}' AS json, (extract(epoch FROM t) * 1000)::float8 AS epoch
               FROM (VALUES ('2026-11-24 23:11:08.493676+00'::timestamptz), ('1970-06-30 01:02:03+00'),
                            ('2024-03-31 01:30:00.5+00'), ('1900-06-30 12:00:00+00')) v (t)`,
          );
        });
        for (const row of rows) {
          expect([zone, parseIsoTimestamptz(row.text)?.getTime()]).toEqual([zone, Math.floor(row.epoch)]);
          expect([zone, row.json, parseIsoTimestamptz(row.json)?.getTime()]).toEqual([
            zone,
            row.json,
            Math.floor(row.epoch),
          ]);
        }
      }
    } finally {
      await db.close();
    }
  });
});
