/**
 * /api/external/v1/user_roles: a role's members, an end date changed, a membership removed (the direct
 * grant is in user-role-provisioning.ts). The console's stores and rules, with the token's reach as the
 * user.
 */
import { allowedToRenewUserRole, mayViewRoleMembers, type Role } from 'shared-auth/rules';
import { idSchema } from '../../domain/ids.js';
import { pageSchema, pageSql, pagedQueryProperties } from '../../domain/paging.js';
import { requireUser } from '../../plugins/auth.js';
import { EXTERNAL_API_PREFIX } from '../../plugins/external-token.js';
import { apiTokenOnly, entity } from '../../plugins/permissions.js';
import {
  roleWithMembers,
  USER_ROLE_SORT,
  type MemberKind,
  type RoleWithMembers,
} from '../../stores/user-roles.store.js';
import {
  answer,
  deleted,
  externalRouteConfig,
  membershipSchema,
  problems,
  tokenSecurity,
} from './schemas.js';
import { changeEndDate, endDateBodySchema, removeMembership } from '../../use-cases/membership-end-date.js';
import { membershipInBody, membershipNamedBy } from '../membership-entities.js';
import type { SchemaTypedApp } from '../../plugins/schema-types.js';
import type { PagedQueryString } from '../../domain/paging.js';

/** The membership the path names (`user_roles/{id}`). */
const membershipInPath = membershipNamedBy<{ Params: { id: number } }>((request) => request.params.id);

/**
 * The role `user_roles/roles/{roleId}` names, read with the page of its members the query asks for
 * (roleWithMembers: one statement); the permission judges the role, and the page is answered only when it
 * lets the caller through.
 */
const roleMembersInPath = entity<
  RoleWithMembers,
  Role,
  { Params: { roleId: number }; Querystring: PagedQueryString & { kind?: MemberKind } }
>({
  load: (request) =>
    roleWithMembers(
      request.server.db,
      request.server.registry,
      request.params.roleId,
      request.query.kind ?? 'all',
      pageSql(request.query, USER_ROLE_SORT),
    ),
  notFound: (request) => `Role ${request.params.roleId} not found`,
  judged: (found) => found.role,
});

export default async function externalUserRoleRoutes(app: SchemaTypedApp): Promise<void> {
  app.get(
    `${EXTERNAL_API_PREFIX}/user_roles/roles/:roleId`,
    {
      preHandler: [apiTokenOnly, roleMembersInPath.permit(mayViewRoleMembers)],
      config: externalRouteConfig,
      schema: {
        operationId: 'roleMembers',
        tags: ['user_roles'],
        summary: "A role's members, a page at a time",
        description:
          '`kind`: `guests` (GUEST, or a maintainer with the guest role included), `maintainers` (above GUEST) or `all` (default). `query` searches name and e-mail.',
        security: tokenSecurity,
        params: { type: 'object', required: ['roleId'], properties: { roleId: idSchema } },
        querystring: {
          type: 'object',
          properties: {
            ...pagedQueryProperties,
            kind: { type: 'string', enum: ['guests', 'maintainers', 'all'] },
          },
        },
        response: { 200: answer('A page of memberships', pageSchema(membershipSchema)), ...problems(404) },
      },
    },
    async (request) => {
      const { content, total } = roleMembersInPath.of(request);
      return { content, totalElements: total };
    },
  );

  app.put(
    `${EXTERNAL_API_PREFIX}/user_roles`,
    {
      preHandler: [apiTokenOnly, membershipInBody.permit(allowedToRenewUserRole)],
      config: externalRouteConfig,
      schema: {
        operationId: 'changeEndDate',
        tags: ['user_roles'],
        summary: "Change (or clear) a membership's end date",
        description: '`endDate` in epoch seconds; `null` clears it, never for a GUEST.',
        security: tokenSecurity,
        body: endDateBodySchema({ userRoleId: '34', endDate: 1893456000 }),
        response: { 200: answer('The membership as changed', membershipSchema), ...problems(404) },
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
    `${EXTERNAL_API_PREFIX}/user_roles/:id`,
    {
      preHandler: [apiTokenOnly, membershipInPath.permit(allowedToRenewUserRole)],
      config: externalRouteConfig,
      schema: {
        operationId: 'removeMembership',
        tags: ['user_roles'],
        summary: 'Remove a membership',
        security: tokenSecurity,
        params: { type: 'object', required: ['id'], properties: { id: idSchema } },
        response: { 204: deleted, ...problems(404) },
      },
    },
    async (request, reply) => {
      const { row } = membershipInPath.of(request);
      await removeMembership(app, request, row, false);
      return reply.status(204).send();
    },
  );
}
