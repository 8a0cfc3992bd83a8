/** /api/v1/invitations listings: the paged search and a role's pending invitations (spec §7, README API). */
import type { FastifyInstance } from 'fastify';
import { mayViewRoleMembers } from 'shared-auth/rules';
import { requireUser } from '../plugins/auth.js';
import {
  INVITATION_SORT,
  openInvitationsOfRole,
  searchInvitations,
  STATUS_FILTER,
  toInvitations,
} from '../stores/invitations.store.js';
import { pageSchema, pageSql, pagedQueryProperties, type PagedQueryString } from '../domain/paging.js';
import { existingRole } from '../stores/roles.store.js';
import { idSchema } from '../domain/ids.js';
import { invitationSchema, listedInvitationSchema } from '../domain/schemas.js';
import { httpError } from '../errors.js';

type SearchQuery = PagedQueryString & { roleId?: number; status?: string; mine?: boolean };

export default async function invitationListRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: SearchQuery }>(
    '/api/v1/invitations/search',
    {
      preHandler: app.authenticate,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...pagedQueryProperties,
            roleId: idSchema,
            status: { type: 'string', enum: Object.keys(STATUS_FILTER) },
            mine: { type: 'boolean' },
          },
        },
        response: { 200: pageSchema(listedInvitationSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      const { roleId, status, mine } = request.query;
      const page = pageSql(request.query, INVITATION_SORT);
      if (roleId !== undefined) {
        const role = await existingRole(app.db, app.registry, roleId);
        if (!mayViewRoleMembers(user, role)) throw httpError(403, 'missing roles');
      }
      const { rows, total } = await searchInvitations(app.db, { user, page, status, mine, roleId });
      return { content: await toInvitations(app.db, app.registry, rows), totalElements: total };
    },
  );

  app.get<{ Params: { roleId: number } }>(
    '/api/v1/invitations/roles/:roleId',
    {
      preHandler: app.authenticate,
      schema: {
        params: {
          type: 'object',
          required: ['roleId'],
          properties: { roleId: idSchema },
        },
        response: { 200: { type: 'array', items: invitationSchema } },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      const role = await existingRole(app.db, app.registry, request.params.roleId);
      if (!mayViewRoleMembers(user, role)) throw httpError(403, 'missing roles');
      const rows = await openInvitationsOfRole(app.db, role.id);
      return toInvitations(app.db, app.registry, rows);
    },
  );
}
