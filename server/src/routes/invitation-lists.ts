/** /api/v1/invitations listings: the paged search and a role's pending invitations (spec §7, README API). */
import { mayViewRoleMembers, type Role, type User } from 'shared-auth/rules';
import { requireUser } from '../plugins/auth.js';
import { entity } from '../plugins/permissions.js';
import {
  INVITATION_SORT,
  openInvitationsOfRole,
  searchInvitations,
  STATUS_FILTER,
  toInvitations,
} from '../stores/invitations.store.js';
import { pageSchema, pageSql, pagedQueryProperties } from '../domain/paging.js';
import { loadRole } from '../stores/roles.store.js';
import { idSchema } from '../domain/ids.js';
import { invitationSchema, listedInvitationSchema } from '../domain/schemas.js';
import { roleIdInPath as roleInPath } from './role-entities.js';
import type { SchemaTypedApp } from '../plugins/schema-types.js';

/** The role a search narrows to (`roleId`), when it names one. */
const roleInQuery = entity<{ role: Role | null }, Role | null, { Querystring: { roleId?: number } }>({
  load: async (request) => {
    const { roleId } = request.query;
    if (roleId === undefined) return { role: null };
    const role = await loadRole(request.server.db, request.server.registry, roleId);
    return role && { role };
  },
  notFound: (request) => `Role ${request.query.roleId} not found`,
  judged: ({ role }) => role,
});

/** Anyone searches the invitations it may see; narrowed to a role, only who may see the role's members. */
function maySearchInvitations(user: User, role: Role | null): boolean {
  return role === null || mayViewRoleMembers(user, role);
}

export default async function invitationListRoutes(app: SchemaTypedApp): Promise<void> {
  app.get(
    '/api/v1/invitations/search',
    {
      preHandler: [roleInQuery.permit(maySearchInvitations)],
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...pagedQueryProperties,
            roleId: idSchema,
            status: { type: 'string', enum: Object.keys(STATUS_FILTER), examples: ['open'] },
            mine: { type: 'boolean', examples: [true] },
          },
        },
        response: { 200: pageSchema(listedInvitationSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      const { roleId, status, mine } = request.query;
      const page = pageSql(request.query, INVITATION_SORT);
      const { rows, total, roles } = await searchInvitations(app.db, { user, page, status, mine, roleId });
      // The page's roles summarised, read with the page (none come when the page lies past the matches).
      return {
        content: await toInvitations(app.db, app.registry, rows, roles ?? 'summary'),
        totalElements: total,
      };
    },
  );

  app.get(
    '/api/v1/invitations/roles/:roleId',
    {
      preHandler: [roleInPath.permit(mayViewRoleMembers)],
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
      const role = roleInPath.of(request);
      const rows = await openInvitationsOfRole(app.db, role.id);
      return toInvitations(app.db, app.registry, rows);
    },
  );
}
