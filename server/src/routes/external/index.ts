/**
 * The external API (/api/external/v1) of X-API-TOKEN: its routes, and the rate limit per token that
 * covers them (and nothing else: the plugin is encapsulated here, so routes with their own
 * authentication under the same prefix are not counted).
 *
 * The limit is kept in each instance's memory (@fastify/rate-limit's default store): with N instances a
 * token may make up to N times `EXTERNAL_API_RATE_LIMIT` calls a minute. It is fair use, not a quota, and
 * a count in the database would cost a write per call.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import externalInvitationRoutes from './invitations.js';
import externalRoleRoutes from './roles.js';
import externalProvisioningRoutes from './user-role-provisioning.js';
import externalUserRoleRoutes from './user-roles.js';

export default async function externalApiRoutes(app: FastifyInstance): Promise<void> {
  const max = app.config.externalApiRateLimit ?? 600;
  if (max > 0) {
    await app.register(rateLimit, {
      global: true,
      max,
      timeWindow: 60_000,
      // Per token (its hash, never the secret itself); calls without one per address.
      keyGenerator: (request) => {
        const token = request.headers['x-api-token'];
        return typeof token === 'string' && token.length > 0
          ? `token:${createHash('sha256').update(token).digest('hex')}`
          : `ip:${request.ip}`;
      },
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Rate limit exceeded: at most ${context.max} calls a minute per token; retry in ${context.after}`,
      }),
    });
  }
  await app.register(externalInvitationRoutes);
  await app.register(externalRoleRoutes);
  await app.register(externalUserRoleRoutes);
  await app.register(externalProvisioningRoutes);
}
