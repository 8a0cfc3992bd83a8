/**
 * CSRF protection: a token per session (GET /api/v1/csrf), required as X-CSRF-TOKEN on every API request
 * that writes: every POST, PUT, PATCH and DELETE, and every route whose config says it writes (`writes()`:
 * the GET triggers of the cron jobs, which delete and send mail). A SameSite=Lax cookie travels with a
 * link followed from another site, so a GET that writes is as open to forgery as a POST without it.
 *
 * The decision is made on the route that matched (its method list and config, its registered path), never
 * on the URL's text: the router decodes percent-escapes that `request.url` keeps. The external API's
 * routes authenticate themselves and take no cookies, so they are exempt; an X-API-TOKEN on a console route
 * is refused with its own reason (plugins/token-reach.ts), here as in the authentication hook, whichever
 * runs first.
 *
 * Left unmarked on purpose: the login and its OIDC callback (browser navigations that cannot carry a
 * header; the callback is bound to the session by state, nonce and PKCE) and the logout, which ends only
 * the caller's own session. Refusing a logout would leave a session open that its user meant to close.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpError } from '../errors.js';
import { anyone } from './permissions.js';
import { authenticatesItself } from './external-token.js';
import { refuseTokenOnConsoleRoute } from './token-reach.js';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The handler writes or sends mail although its method is safe (a GET trigger): the CSRF hook asks
     * for the session's token as on a POST. Set with `writes()`.
     */
    writes?: boolean;
  }
}

/**
 * The route config of a route whose handler writes or sends mail whatever its method: such a route needs
 * the session's X-CSRF-TOKEN like a POST (403 CSRF_REFUSAL before anything runs). `config` is the rest of
 * the route's config.
 */
export function writes<T extends object>(config: T = {} as T): T & { writes: true } {
  return { ...config, writes: true };
}

/** Whether a call by `method` to a route of this config writes, so needs the session's CSRF token. */
export function callWrites(method: string | readonly string[], config?: { writes?: boolean }): boolean {
  return [method].flat().some((m) => UNSAFE_METHODS.has(m)) || config?.writes === true;
}

/** Whether the matched route needs the session's CSRF token: an /api/ route that writes. */
function needsToken(request: FastifyRequest): boolean {
  const route = request.routeOptions;
  // No route matched (a 404 to come): judged on the path as sent, as before, so a write is still refused.
  const path = route.url ?? request.url;
  return path.startsWith('/api/') && callWrites(request.method, route.config);
}

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
    if (!needsToken(request)) return;
    // Routes that authenticate themselves (the external API) take no cookies, so no CSRF token either.
    if (authenticatesItself(request)) return;
    // A call with an API token uses no session: on a path no route answers it is told there is none
    // (404), whatever its method, as a read is (auth.ts).
    if (request.routeOptions.url === undefined && request.headers['x-api-token'] !== undefined) return;
    refuseTokenOnConsoleRoute(request.headers['x-api-token']);
    const expected = request.session.get('csrfToken');
    const sent = request.headers['x-csrf-token'];
    if (!expected || typeof sent !== 'string' || !sameToken(sent, expected)) {
      throw httpError(403, CSRF_REFUSAL);
    }
  });
}

export default fp(csrfPlugin, { name: 'csrf', dependencies: ['session'] });
