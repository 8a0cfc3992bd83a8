/**
 * Each measured endpoint's own limit (BENCH_FLOOR=true only, refused with NODE_ENV=production): for every
 * GET route of the API, `GET /api/bench-limit<its path>` is the same route — the same hooks (session, CSRF,
 * security headers, metrics), the same declared permission, the same response schema and so the same
 * serialiser — with a handler that sends, from memory, the answer the real route gave once. It is the least
 * this stack can do for that answer; `npm run bench` prints every endpoint's p95 and CPU per request as a
 * multiple of it, beside the multiple of the floor (bench-floor.ts).
 *
 * The answer is captured per path and query at the first call, by asking the real route with the caller's
 * own credentials, and is never served anywhere but here: this process is the bench's own.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import benchPlans from './bench-plans.js';

/** Under /api/ so that the hooks that serve API calls (session, authentication) serve these too. */
export const BENCH_LIMIT_PREFIX = '/api/bench-limit';

/** The GET routes of the API as they are added, to be mirrored under /bench/limit once all are in. */
export function collectBenchRoutes(app: FastifyInstance): RouteOptions[] {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    // Not the mirrors themselves (they are added under /api/ too).
    if (route.method === 'GET' && route.url.startsWith('/api/') && !route.url.startsWith(BENCH_LIMIT_PREFIX))
      routes.push({ ...route });
  });
  return routes;
}

/** The credentials the real route is asked with: the caller's own. */
const FORWARDED = ['cookie', 'authorization', 'x-api-token', 'accept', 'accept-language'] as const;

export default async function benchLimits(
  app: FastifyInstance,
  { routes }: { routes: RouteOptions[] },
): Promise<void> {
  app.log.warn(
    `BENCH_FLOOR=true: ${BENCH_LIMIT_PREFIX}/api/... answers from a captured copy (for the bench only).`,
  );
  // The plans of the endpoints' statements, printed with their figures (bench-plans.ts).
  await app.register(benchPlans);
  const captured = new Map<string, { status: number; body: unknown }>();
  for (const route of [...routes]) {
    app.route({
      method: 'GET',
      url: `${BENCH_LIMIT_PREFIX}${route.url}`,
      // Kept out of the API's documents.
      schema: { ...route.schema, hide: true },
      config: route.config,
      onRequest: route.onRequest,
      preValidation: route.preValidation,
      preHandler: route.preHandler,
      handler: async (request, reply) => {
        const path = request.url.slice(BENCH_LIMIT_PREFIX.length);
        let answer = captured.get(path);
        if (!answer) {
          const headers: Record<string, string> = {};
          for (const name of FORWARDED) {
            const value = request.headers[name];
            if (typeof value === 'string') headers[name] = value;
          }
          const real = await app.inject({ method: 'GET', url: path, headers });
          answer = { status: real.statusCode, body: real.json() };
          captured.set(path, answer);
        }
        return reply.status(answer.status).send(answer.body);
      },
    });
  }
}
