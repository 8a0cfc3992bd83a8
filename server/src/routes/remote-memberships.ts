/**
 * Memberships for authorisation rules and for attributes (issue 41 §3), in OpenConext Invite's shapes so
 * that its consumers can switch: voot (group memberships of a person) and attribute aggregation (the
 * person's memberships of roles on one service). For service accounts of REMOTE_USERS, by HTTP Basic.
 */
import type { FastifyInstance } from 'fastify';
import { remoteUserWith } from '../plugins/permissions.js';
import { guestMembershipsOf } from '../stores/remote-memberships.store.js';
import { touchLastActivity } from '../stores/users.store.js';

const subParams = {
  type: 'object',
  required: ['sub'],
  properties: { sub: { type: 'string', minLength: 1, maxLength: 512 } },
} as const;

export default async function remoteMembershipRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { sub: string } }>(
    '/api/external/v1/voot/:sub',
    {
      preHandler: remoteUserWith('voot'),
      // Its own authentication (HTTP Basic): no session, token or CSRF hooks.
      config: { authentication: 'basic' },
      schema: {
        params: subParams,
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['urn', 'name'],
              properties: { urn: { type: 'string' }, name: { type: 'string' } },
            },
          },
        },
      },
    },
    async (request) => {
      const { userId, memberships } = await guestMembershipsOf(app.db, request.params.sub, null);
      if (userId !== null) await touchLastActivity(app.db, userId);
      return memberships.map((m) => ({ urn: m.urn, name: m.name }));
    },
  );

  app.get<{ Params: { sub: string }; Querystring: { SPentityID: string } }>(
    '/api/external/v1/aa/:sub',
    {
      preHandler: remoteUserWith('attribute_aggregation'),
      config: { authentication: 'basic' },
      schema: {
        params: subParams,
        querystring: {
          type: 'object',
          required: ['SPentityID'],
          properties: { SPentityID: { type: 'string', minLength: 1, maxLength: 1024 } },
        },
        response: {
          200: {
            type: 'array',
            items: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
          },
        },
      },
    },
    async (request) => {
      const applications = await app.registry.providersByEntityId(request.query.SPentityID);
      if (applications.length === 0) return [];
      const { userId, memberships } = await guestMembershipsOf(
        app.db,
        request.params.sub,
        applications.map((a) => a.manageId),
      );
      if (userId !== null) await touchLastActivity(app.db, userId);
      return memberships.map((m) => ({ id: m.urn }));
    },
  );
}
