/**
 * CSRF protection: a token per session (GET /api/v1/csrf), required as X-CSRF-TOKEN on every state-changing
 * API request. The external API's routes authenticate themselves and take no cookies, so they are exempt; an
 * X-API-TOKEN on a console route is refused with its own reason (plugins/token-reach.ts), here as in the
 * authentication hook, whichever runs first.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { httpError } from '../errors.js';
import { anyone } from './permissions.js';
import { authenticatesItself } from './external-token.js';
import { refuseTokenOnConsoleRoute } from './token-reach.js';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What a write without its session's CSRF token is refused with (403). */
export const CSRF_REFUSAL =
  'Missing or invalid CSRF token (fetch one from GET /api/v1/csrf and send it as X-CSRF-TOKEN)';

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

async function csrfPlugin(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/v1/csrf',
    {
      preHandler: anyone,
      schema: {
        response: { 200: { type: 'object', required: ['token'], properties: { token: { type: 'string' } } } },
      },
    },
    async (request) => {
      let token = request.session.get('csrfToken');
      if (!token) {
        token = randomBytes(24).toString('base64url');
        request.session.set('csrfToken', token);
      }
      return { token };
    },
  );

  // onRequest: refused before the body is even read, so nothing can change.
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    // Routes that authenticate themselves (the external API) take no cookies, so no CSRF token either.
    if (authenticatesItself(request)) return;
    refuseTokenOnConsoleRoute(request.headers['x-api-token']);
    const expected = request.session.get('csrfToken');
    const sent = request.headers['x-csrf-token'];
    if (!expected || typeof sent !== 'string' || !sameToken(sent, expected)) {
      throw httpError(403, CSRF_REFUSAL);
    }
  });
}

export default fp(csrfPlugin, { name: 'csrf', dependencies: ['session'] });
