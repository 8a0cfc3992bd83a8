/**
 * The limiter's counts (credential-limits.store.ts): each count's commit does not wait for the log to be
 * flushed, and that holds for the count's own transaction only, never for another write.
 */
import type { Db } from '../db/types.js';
import { freshTestDb } from '../test/template-db.js';
import { HIT_AND_READ, hitAndRead } from './credential-limits.store.js';

/** The session's `synchronous_commit`; prepared, on the connection the prepared counts use (pool-db.ts). */
const commitMode = async (q: Pick<Db, 'query'>, prepare = false) =>
  (
    await q.query<{ mode: string }>(`SELECT current_setting('synchronous_commit') AS mode`, [], {
      prepare,
    })
  ).rows[0].mode;

describe("the limiter's counts", () => {
  let db: Db;
  beforeAll(async () => {
    // One connection, so that every statement below meets the same session.
    db = await freshTestDb({ connections: 1 });
  });
  afterAll(async () => db.close());

  it('count each hit key and read the others, in their running window', async () => {
    await hitAndRead(db, ['a', 'b'], [], 60);
    const { counts, secondsLeft } = await hitAndRead(db, ['a'], ['b', 'c'], 60);
    expect(Object.fromEntries(counts)).toEqual({ a: 2, b: 1 });
    expect(secondsLeft.get('a')).toBeGreaterThanOrEqual(1);
    expect(secondsLeft.get('a')).toBeLessThanOrEqual(60);
  });

  it("commit without waiting for the log, for the count's own transaction only", async () => {
    const before = await commitMode(db);
    expect(before).not.toBe('off');
    // Inside one transaction (as hitAndRead never runs, its type refuses a transaction's handle): the
    // statement turns the wait off for the rest of its transaction…
    const during = await db.tx(async (q) => {
      await q.query(HIT_AND_READ, [['inside'], [], 60]);
      return commitMode(q);
    });
    expect(during).toBe('off');
    // …and the session's setting is back as it was once that transaction ended, for every write after it.
    expect(await commitMode(db)).toBe(before);
    await hitAndRead(db, ['after'], [], 60);
    expect(await commitMode(db, true)).toBe(before);
    expect(await commitMode(db)).toBe(before);
    const { rows } = await db.query<{ key: string; count: number }>(
      `SELECT key, count FROM credential_limits WHERE key IN ('inside', 'after') ORDER BY key`,
    );
    expect(rows.map((r) => [r.key, Number(r.count)])).toEqual([
      ['after', 1],
      ['inside', 1],
    ]);
  });

  it('turn nothing off when they only read', async () => {
    const during = await db.tx(async (q) => {
      await q.query(HIT_AND_READ, [[], ['a'], 60]);
      return commitMode(q);
    });
    expect(during).not.toBe('off');
  });
});
