/**
 * How an in-memory database's files grow. PGlite keeps an in-memory data dir in Emscripten's MEMFS, where a
 * file is one Uint8Array: a write past its end allocates a larger array and copies the whole file into it.
 * Past 1 MiB, MEMFS grows a file by an eighth each time, so a file written to N bytes a page at a time is
 * copied about 8 N bytes in all: each WAL segment (16 MiB) about 130 MiB, each table and index alike. In the
 * performance seed (75,000 users: 245 MiB of WAL, 123 MiB of tables and indexes, written 8 KiB at a time)
 * that copying was about 6 % of the seed's time.
 *
 * Doubling up to GROW_DOUBLING_LIMIT copies about N bytes per file instead, for at most twice a file's size in
 * memory while it grows (the seed's largest file is a 16 MiB WAL segment). Past the limit, the eighth again.
 * Plain JavaScript: the database's thread (pglite-thread.worker.js) imports it as it is.
 */
// @ts-check

/** Files are doubled up to this size; larger ones grow by an eighth, as MEMFS grows them. */
export const GROW_DOUBLING_LIMIT = 64 * 2 ** 20;

/**
 * The capacity a MEMFS file of `had` bytes' capacity grows to when `wanted` bytes must fit.
 * @param {number} had
 * @param {number} wanted
 */
export function grownCapacity(had, wanted) {
  const step = had < GROW_DOUBLING_LIMIT ? had : Math.floor(had / 8);
  return Math.max(wanted, had + step, had > 0 ? 256 : 0);
}

/**
 * @typedef {{ contents: Uint8Array | null, usedBytes: number }} MemoryFile
 * @typedef {{ expandFileStorage: (file: MemoryFile, wanted: number) => void }} Memfs
 */

/**
 * Makes the MEMFS of `pglite` grow files by grownCapacity. False (and nothing changed) where this PGlite has
 * no MEMFS where it was found (Module.MEMFS.expandFileStorage): the files then grow as MEMFS grows them.
 * @param {{ Module?: { MEMFS?: Partial<Memfs> } }} pglite
 */
export function growMemoryFilesByDoubling(pglite) {
  const memfs = pglite.Module?.MEMFS;
  if (typeof memfs?.expandFileStorage !== 'function') return false;
  memfs.expandFileStorage = (file, wanted) => {
    const had = file.contents ? file.contents.length : 0;
    if (had >= wanted) return;
    const old = file.contents;
    file.contents = new Uint8Array(grownCapacity(had, wanted));
    if (old && file.usedBytes > 0) file.contents.set(old.subarray(0, file.usedBytes));
  };
  return true;
}
