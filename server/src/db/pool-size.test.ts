/**
 * DATABASE_POOL_SIZE: the most connections each of the server's two PostgreSQL pools opens (its prepared
 * statements' and the others', pool-db.ts). PostgreSQL only (CI's second pass, TEST_DATABASE_URL): PGlite is
 * one connection in the server's own process.
 */
import { DEFAULT_POOL_SIZE, openDatabase } from './index.js';
import { freshPostgresDatabase } from '../test/template-db.js';

const url = process.env.TEST_DATABASE_URL;

(url ? describe : describe.skip)('the PostgreSQL pools of DATABASE_POOL_SIZE', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  beforeAll(async () => {
    fresh = await freshPostgresDatabase(url!);
  });
  afterAll(() => fresh?.drop());

  /** The backends that served 12 statements sent at once (each holding its connection 100 ms). */
  async function backendsServing(prepare: boolean, databasePoolSize?: number): Promise<number> {
    const db = await openDatabase({ databaseUrl: fresh.url, dataDir: 'memory', databasePoolSize });
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.1)', [], { prepare }),
        ),
      );
      return new Set(answers.map((answer) => answer.rows[0].pid)).size;
    } finally {
      await db.close();
    }
  }

  it('opens at most that many connections for statements sent at once, prepared or not', async () => {
    expect(await backendsServing(false, 3)).toBe(3);
    expect(await backendsServing(true, 3)).toBe(3);
  });

  it('opens up to ten without it', async () => {
    expect(DEFAULT_POOL_SIZE).toBe(10);
    expect(await backendsServing(false)).toBe(10);
    expect(await backendsServing(true)).toBe(10);
  });
});
