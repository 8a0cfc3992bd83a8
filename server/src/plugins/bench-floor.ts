/**
 * The bench's floor (BENCH_FLOOR=true, refused with NODE_ENV=production): GET /bench/floor runs one
 * primary-key query on the app's own database and answers the row. It is what the cheapest possible
 * API route costs on this engine, this data and this machine; `npm run bench` prints every endpoint's p95
 * as a ratio to it. Deliberately not wrapped in fastify-plugin and registered before every other plugin:
 * the route runs no session, CSRF, auth or security-header hook.
 */
import type { FastifyInstance } from 'fastify';

interface FloorRow {
  // BIGSERIAL: a string over PostgreSQL, a number over PGlite.
  id: number | string;
  name: string;
}

export default async function benchFloor(app: FastifyInstance): Promise<void> {
  app.log.warn('BENCH_FLOOR=true: GET /bench/floor answers without a session (for the bench only).');
  // The first user's id, once: every request then looks up the same primary key.
  let id: number | string | null = null;
  app.get('/bench/floor', async (_request, reply) => {
    if (id === null) {
      const first = await app.db.query<{ id: number | string | null }>('SELECT min(id) AS id FROM users');
      id = first.rows[0]?.id ?? null;
      if (id === null)
        return reply.status(404).send({ status: 404, error: 'Not Found', message: 'no user yet' });
    }
    const { rows } = await app.db.query<FloorRow>('SELECT id, name FROM users WHERE id = $1', [id]);
    return rows[0] ?? null;
  });
}
