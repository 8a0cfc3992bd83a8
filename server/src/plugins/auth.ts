/**
 * Authentication: who is asking. A session's user, or the owner of an X-API-TOKEN; a super user may act
 * as someone else with X-IMPERSONATE-ID (audited once per session and target).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mayImpersonate, type User } from 'shared-auth/rules';
import { auditImpersonation } from '../stores/audit.store.js';

import { httpError } from '../errors.js';
import { checkTokenReach } from './token-reach.js';
import { recordTokenUse } from '../stores/tokens.store.js';
import { loadUser, readTokenWithOwner, shapeLoadedUser, touchLastActivity } from '../stores/users.store.js';
import { authenticatesItself } from './external-token.js';

/** Narrows `request.user` after a declared permission (plugins/permissions.ts) let a user through. */
export function requireUser(user: User | null): User {
  if (!user) throw httpError(401, 'Not logged in');
  return user;
}

async function touch(app: FastifyInstance, user: User): Promise<void> {
  // At most one write a minute per user: the user, read with this request, tells whether one is due, and
  // the statement writes only when it still is (another request, on any instance, may have come first).
  if (user.lastActivity !== undefined && Date.now() / 1000 - user.lastActivity < 60) return;
  await touchLastActivity(app.db, user.id);
}

async function fromApiToken(app: FastifyInstance, request: FastifyRequest, secret: string): Promise<void> {
  // The token and its owner's rights, read afresh in one statement.
  const found = await readTokenWithOwner(app.db, secret);
  const owner = found?.ownerRow ? await shapeLoadedUser(app.registry, found.ownerRow) : null;
  if (!found || !owner) throw httpError(401, 'Unknown API token');
  const { token } = found;
  const header = request.headers['x-impersonate-id'];
  checkTokenReach(request.routeOptions.url, typeof header === 'string' && header.length > 0);
  // The last use, to the minute: one write a minute at most per token.
  if (!token.used_recently) await recordTokenUse(app.db, token.id);
  request.apiToken = {
    id: token.id,
    description: token.description,
    superUserToken: token.super_user_token,
    organizationGUID: token.organization_guid,
  };
  request.realUser = owner;
  request.user = owner;
  await touch(app, owner);
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

  // A browser session is audited once per target; token calls (no session) every time.
  const sessionBound = Boolean(request.session.get('userId'));
  const seen = sessionBound ? (request.session.get('impersonated') ?? []) : [];
  if (!seen.includes(targetId)) {
    await auditImpersonation(app.db, real, target, 'impersonate');
    if (sessionBound) request.session.set('impersonated', [...seen, targetId]);
  }
}

async function authPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('user', null);
  app.decorateRequest('realUser', null);
  app.decorateRequest('impersonatorId', null);
  app.decorateRequest('apiToken', null);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || authenticatesItself(request)) return;
    const token = request.headers['x-api-token'];
    if (typeof token === 'string' && token.length > 0) {
      await fromApiToken(app, request, token);
    } else {
      const userId = request.session.get('userId');
      if (!userId) return;
      // Read with the session (one round trip) unless the session was not read from the database.
      const row = request.session.userRow;
      const user =
        row === undefined
          ? await loadUser(app.db, app.registry, userId)
          : row && (await shapeLoadedUser(app.registry, row));
      if (!user) {
        // The user was deleted while logged in.
        request.session.destroy();
        return;
      }
      request.realUser = user;
      request.user = user;
      await touch(app, user);
    }
    const user = request.realUser!;
    const header = request.headers['x-impersonate-id'];
    if (typeof header === 'string' && header.length > 0) await impersonate(app, request, user, header);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['session'] });
