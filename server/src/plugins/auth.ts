/**
 * Authentication: who is asking. A session's user, or the owner of an X-API-TOKEN; a super user may act
 * as someone else with X-IMPERSONATE-ID (audited once per session and target).
 */
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { User } from 'shared-auth/rules';
import { loadUser } from '../auth/load-user.js';
import { httpError } from '../errors.js';
import { auditImpersonation } from '../stores/audit.store.js';

/** How API token secrets are stored: sha256, hex. */
export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

async function touch(app: FastifyInstance, user: User): Promise<void> {
  // At most one write a minute per user; the loaded user tells whether one is due.
  if (user.lastActivity !== undefined && Date.now() / 1000 - user.lastActivity < 60) return;
  await app.db.query(
    "UPDATE users SET last_activity = now() WHERE id = $1 AND last_activity < now() - interval '1 minute'",
    [user.id],
  );
}

async function fromApiToken(app: FastifyInstance, request: FastifyRequest, secret: string): Promise<void> {
  const { rows } = await app.db.query<{
    id: number;
    owner_id: number | null;
    super_user_token: boolean;
    organization_guid: string | null;
  }>('SELECT id, owner_id, super_user_token, organization_guid FROM api_tokens WHERE hashed_value = $1', [
    hashTokenSecret(secret),
  ]);
  const token = rows[0];
  const owner = token?.owner_id ? await loadUser(app.db, app.registry, token.owner_id) : null;
  if (!token || !owner) throw httpError(401, 'Unknown API token');
  request.apiToken = {
    id: token.id,
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
  if (!real.superUser) throw httpError(403, 'Only a super user may impersonate');
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
    if (!request.url.startsWith('/api/')) return;
    const token = request.headers['x-api-token'];
    if (typeof token === 'string' && token.length > 0) {
      await fromApiToken(app, request, token);
    } else {
      const userId = request.session.get('userId');
      if (!userId) return;
      const user = await loadUser(app.db, app.registry, userId);
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

  app.decorate('authenticate', async (request: FastifyRequest) => {
    if (!request.user) throw httpError(401, 'Not logged in');
  });
  app.decorate('requireSuperUser', async (request: FastifyRequest) => {
    if (!request.user) throw httpError(401, 'Not logged in');
    if (!request.user.superUser) throw httpError(403, 'Only a super user may do this');
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['session'] });
