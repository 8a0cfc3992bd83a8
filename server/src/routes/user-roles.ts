/** /api/v1/user_roles: the members of a role, their end dates and their removal (spec §4, §6, §7). */
import { allowedToRenewUserRole, mayViewRoleMembers, type User } from 'shared-auth/rules';
import { requireUser } from '../plugins/auth.js';
import { entity } from '../plugins/permissions.js';
import { pageSchema, pageSql, pagedQueryProperties } from '../domain/paging.js';
import { idSchema } from '../domain/ids.js';
import { userRoleSchema, noContent } from '../domain/schemas.js';
import { loadUserRoleRow, managerEmails, searchMembers, USER_ROLE_SORT } from '../stores/user-roles.store.js';
import {
  changeEndDate,
  END_DATE_PROBLEMS,
  endDateBodySchema,
  membershipOf,
  removeMembership,
  type Membership,
} from '../use-cases/membership-end-date.js';
import { membershipInBody } from './membership-entities.js';
import { roleIdInPath as roleInPath } from './role-entities.js';
import type { SchemaType, SchemaTypedApp } from '../plugins/schema-types.js';

export const roleIdParam = idSchema;

/** A removal's path and query string. */
const removalParams = {
  type: 'object',
  required: ['roleId', 'userRoleId'],
  properties: { roleId: roleIdParam, userRoleId: roleIdParam },
} as const;
const removalQuery = {
  type: 'object',
  properties: { guest: { type: 'boolean', examples: [true] } },
} as const;
type RemovalRequest = {
  Params: SchemaType<typeof removalParams>;
  Querystring: SchemaType<typeof removalQuery>;
};

/**
 * The membership a removal names (`{roleId}/{userRoleId}`). With `guest=true` on a maintainer, only its
 * included guest role goes, so the rule judges it as acting on a guest entry.
 */
const membershipInPath = entity<Membership & { guestOnly: boolean }, Membership['target'], RemovalRequest>({
  load: async (request) => {
    const { params, query } = request;
    const row = await loadUserRoleRow(request.server.db, params.userRoleId);
    const found = Number(row?.role_id) === params.roleId ? await membershipOf(request.server, row) : null;
    if (!found) return null;
    const guestOnly = query.guest === true && found.row.authority !== 'GUEST';
    const target = { ...found.target, ...(guestOnly ? { authority: 'GUEST' as const } : {}) };
    return { ...found, target, guestOnly };
  },
  notFound: ({ params }) => `User role ${params.userRoleId} of role ${params.roleId} not found`,
  judged: ({ target }) => target,
});

/** Members may remove themselves (spec §6). */
function mayRemoveMembership(user: User, target: Membership['target']): boolean {
  return allowedToRenewUserRole(user, target, true);
}

export default async function userRoleRoutes(app: SchemaTypedApp): Promise<void> {
  app.get(
    '/api/v1/user_roles/search/:roleId/:kind',
    {
      preHandler: [roleInPath.permit(mayViewRoleMembers)],
      schema: {
        params: {
          type: 'object',
          required: ['roleId', 'kind'],
          properties: {
            roleId: roleIdParam,
            // OpenConext Invite's console sends `true` for the guests and `false` for the maintainers.
            kind: { type: 'string', enum: ['guests', 'maintainers', 'true', 'false'], examples: ['guests'] },
          },
        },
        querystring: { type: 'object', properties: pagedQueryProperties },
        response: { 200: pageSchema(userRoleSchema) },
      },
    },
    async (request) => {
      const role = roleInPath.of(request);
      const page = pageSql(request.query, USER_ROLE_SORT);
      const { kind } = request.params;
      const members = kind === 'true' ? 'guests' : kind === 'false' ? 'maintainers' : kind;
      const { content, total } = await searchMembers(app.db, role, members, page);
      return { content, totalElements: total };
    },
  );

  app.get(
    '/api/v1/user_roles/managers/:roleId',
    {
      preHandler: [roleInPath.permit(mayViewRoleMembers)],
      schema: {
        params: { type: 'object', required: ['roleId'], properties: { roleId: roleIdParam } },
        response: {
          200: {
            type: 'array',
            description: 'The e-mail addresses of the managers of the role',
            items: { type: 'string' },
            examples: [['manager@example.org']],
          },
        },
      },
    },
    async (request) => {
      const role = roleInPath.of(request);
      return managerEmails(app.db, role.id);
    },
  );

  app.put(
    '/api/v1/user_roles',
    {
      preHandler: [membershipInBody.permit(allowedToRenewUserRole)],
      config: { errors: { 400: Object.values(END_DATE_PROBLEMS) } },
      schema: {
        body: endDateBodySchema({ userRoleId: '77', endDate: 1_830_297_600 }),
        response: { 200: userRoleSchema },
      },
    },
    async (request) =>
      changeEndDate(
        app,
        request,
        requireUser(request.user),
        membershipInBody.of(request),
        request.body.endDate ?? null,
      ),
  );

  app.delete(
    '/api/v1/user_roles/:roleId/:userRoleId',
    {
      preHandler: [membershipInPath.permit(mayRemoveMembership)],
      schema: {
        params: removalParams,
        querystring: removalQuery,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const { row, guestOnly } = membershipInPath.of(request);
      await removeMembership(app, request, row, guestOnly);
      return reply.status(204).send();
    },
  );
}
