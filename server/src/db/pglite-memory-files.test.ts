import { PGlite } from '@electric-sql/pglite';
import { GROW_DOUBLING_LIMIT, growMemoryFilesByDoubling, grownCapacity } from './pglite-memory-files.js';

describe('the files of an in-memory database', () => {
  it('double while small, grow by an eighth past the limit, and always hold what must fit', () => {
    expect(grownCapacity(2 ** 20, 2 ** 20 + 8192)).toBe(2 ** 21);
    expect(grownCapacity(16 * 2 ** 20 - 8192, 16 * 2 ** 20)).toBe(2 * (16 * 2 ** 20 - 8192));
    expect(grownCapacity(GROW_DOUBLING_LIMIT, GROW_DOUBLING_LIMIT + 8192)).toBe(
      (GROW_DOUBLING_LIMIT * 9) / 8,
    );
    expect(grownCapacity(8192, 1_000_000)).toBe(1_000_000);
    expect(grownCapacity(0, 100)).toBe(100);
    expect(grownCapacity(100, 101)).toBe(256);
  });

  it('grow by doubling in PGlite, and the data written across each growth reads back whole', async () => {
    const pglite = await PGlite.create();
    try {
      // False would mean this PGlite keeps MEMFS elsewhere: the seed would be slower, nothing worse.
      expect(growMemoryFilesByDoubling(pglite)).toBe(true);
      await pglite.exec('CREATE TABLE t (id int PRIMARY KEY, x text NOT NULL)');
      // About 6 MB of table, written a page at a time: dozens of growths of its file and of the WAL's.
      await pglite.query(
        `INSERT INTO t SELECT g, md5(g::text) || md5((g + 1)::text) FROM generate_series(1, 60000) g`,
      );
      const { rows } = await pglite.query<{
        n: number;
        same: boolean;
        one: string;
        file: string;
        dir: string;
      }>(
        `SELECT count(*)::int AS n,
                md5(string_agg(x, ',' ORDER BY id)) =
                  (SELECT md5(string_agg(md5(g::text) || md5((g + 1)::text), ',' ORDER BY g))
                     FROM generate_series(1, 60000) g) AS same,
                (SELECT x FROM t WHERE id = 54321) AS one,
                pg_relation_filepath('t') AS file, current_setting('data_directory') AS dir
           FROM t`,
      );
      expect(rows[0]).toMatchObject({ n: 60000, same: true, one: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const file = pglite.Module.FS.lookupPath(`${rows[0].dir}/${rows[0].file}`).node as unknown as {
        usedBytes: number;
        contents: Uint8Array;
      };
      expect(file.usedBytes).toBeGreaterThan(5 * 2 ** 20);
      // Grown a page at a time from one page, by doubling: a power of two (MEMFS's own eighths give none).
      expect(Math.log2(file.contents.length) % 1).toBe(0);
      expect(file.contents.length).toBeLessThan(2 * file.usedBytes);
    } finally {
      await pglite.close();
    }
  }, 60_000);
});
