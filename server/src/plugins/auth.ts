/**
 * Authentication of the console's API (`/api/v1`): who is asking is the session's user; a super user may
 * act as someone else with X-IMPERSONATE-ID (audited once per session and target). An X-API-TOKEN is
 * refused here (plugins/token-reach.ts): tokens are for the external API, whose routes authenticate
 * themselves (plugins/external-token.ts).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mayImpersonate, type User } from 'shared-auth/rules';
import { auditImpersonation } from '../stores/audit.store.js';

import { httpError } from '../errors.js';
import { refuseTokenOnConsoleRoute } from './token-reach.js';
import { loadUser, shapeLoadedUser, touchLastActivity } from '../stores/users.store.js';
import { authenticatesItself } from './external-token.js';

/** Narrows `request.user` after a declared permission (plugins/permissions.ts) let a user through. */
export function requireUser(user: User | null): User {
  if (!user) throw httpError(401, 'Not logged in');
  return user;
}

async function touch(app: FastifyInstance, user: User): Promise<void> {
  // At most one write a minute per user: the user, read with this request, tells whether one is due, and
  // the statement writes only when it still is (another request, on any instance, may have come first).
  if (Date.now() / 1000 - (user.lastActivity ?? 0) < 60) return;
  await touchLastActivity(app.db, user.id);
}

async function impersonate(
  app: FastifyInstance,
  request: FastifyRequest,
  real: User,
  header: string,
): Promise<void> {
  if (!mayImpersonate(real)) throw httpError(403, 'Only a super user may impersonate');
  if (!/^\d{1,15}$/.test(header)) throw httpError(400, 'X-IMPERSONATE-ID must be a user id');
  const targetId = Number(header);
  const target = await loadUser(app.db, app.registry, targetId);
  if (!target) throw httpError(404, `User ${targetId} not found`);
  request.user = target;
  request.impersonatorId = real.id;

  // Audited once per session and target (only a session's user gets here: tokens are refused above).
  const seen = request.session.get('impersonated') ?? [];
  if (!seen.includes(targetId)) {
    await auditImpersonation(app.db, real, target, 'impersonate');
    request.session.set('impersonated', [...seen, targetId]);
  }
}

async function authPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('user', null);
  app.decorateRequest('realUser', null);
  app.decorateRequest('impersonatorId', null);
  app.decorateRequest('apiToken', null);

  app.addHook('onRequest', async (request) => {
    // A path that names no API route (the static files' wildcard matched it, or nothing did) is answered
    // 404 by the not-found handler, token or not: a refusal that speaks of the console's API would mislead
    // a caller who mistyped an external path. Decided on the pattern that matched, not the URL's text (the
    // two agree: plugins/bad-input.ts refuses an API route reached by a percent-escaped /api/ first).
    if (!request.routeOptions.url?.startsWith('/api/') || authenticatesItself(request)) return;
    refuseTokenOnConsoleRoute(request.headers['x-api-token']);
    const userId = request.session.get('userId');
    if (!userId) return;
    // Read with the session, in one round trip (a session with a user id was read from the database).
    const row = request.session.userRow;
    const user = row && (await shapeLoadedUser(app.registry, row));
    if (!user) {
      // The user was deleted while logged in.
      request.session.destroy();
      return;
    }
    request.realUser = user;
    request.user = user;
    await touch(app, user);
    const header = request.headers['x-impersonate-id'];
    if (typeof header === 'string' && header.length > 0) await impersonate(app, request, user, header);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['session'] });
