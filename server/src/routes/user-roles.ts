/** /api/v1/user_roles: the members of a role, their end dates and their removal (spec §4, §6, §7). */
import type { FastifyInstance } from 'fastify';
import {
  allowedToRenewUserRole,
  mayViewRoleMembers,
  userRoleEndDateProblem,
  type EndDateProblem,
  type Role,
  type User,
} from 'shared-auth/rules';
import { requireUser } from '../plugins/auth.js';
import { pageSchema, pageSql, pagedQueryProperties, type PagedQueryString } from '../domain/paging.js';
import { existingRole } from '../stores/roles.store.js';
import { idSchema } from '../domain/ids.js';
import { userRoleSchema, noContent } from '../domain/schemas.js';
import {
  loadUserRoleRow,
  managerEmails,
  removeUserRole,
  searchMembers,
  setEndDate,
  USER_ROLE_SORT,
} from '../stores/user-roles.store.js';
import { toUserRole } from '../stores/user-role.rows.js';
import { httpError } from '../errors.js';

const END_DATE_PROBLEMS: Record<EndDateProblem, string> = {
  guestNeedsEndDate: 'A guest role needs an end date',
  endDateNotInFuture: 'The end date must be in the future',
};

export const roleIdParam = idSchema;

async function viewableRole(app: FastifyInstance, user: User, id: number): Promise<Role> {
  const role = await existingRole(app.db, app.registry, id);
  if (!mayViewRoleMembers(user, role)) throw httpError(403, 'missing roles');
  return role;
}

export default async function userRoleRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { roleId: number; kind: 'guests' | 'maintainers' }; Querystring: PagedQueryString }>(
    '/api/v1/user_roles/search/:roleId/:kind',
    {
      preHandler: app.authenticate,
      schema: {
        params: {
          type: 'object',
          required: ['roleId', 'kind'],
          properties: { roleId: roleIdParam, kind: { type: 'string', enum: ['guests', 'maintainers'] } },
        },
        querystring: { type: 'object', properties: pagedQueryProperties },
        response: { 200: pageSchema(userRoleSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      const role = await viewableRole(app, user, request.params.roleId);
      const page = pageSql(request.query, USER_ROLE_SORT);
      const { content, total } = await searchMembers(app.db, role, request.params.kind, page);
      return { content, totalElements: total };
    },
  );

  app.get<{ Params: { roleId: number } }>(
    '/api/v1/user_roles/managers/:roleId',
    {
      preHandler: app.authenticate,
      schema: {
        params: { type: 'object', required: ['roleId'], properties: { roleId: roleIdParam } },
        response: { 200: { type: 'array', items: { type: 'string' } } },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      const role = await viewableRole(app, user, request.params.roleId);
      return managerEmails(app.db, role.id);
    },
  );

  app.put<{ Body: { userRoleId: number; endDate?: number | null } }>(
    '/api/v1/user_roles',
    {
      preHandler: app.authenticate,
      schema: {
        body: {
          type: 'object',
          required: ['userRoleId'],
          properties: {
            userRoleId: roleIdParam,
            endDate: { type: ['integer', 'null'], minimum: 0, maximum: 253_402_300_799 },
          },
        },
        response: { 200: userRoleSchema },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      const row = await loadUserRoleRow(app.db, request.body.userRoleId);
      if (!row) throw httpError(404, `User role ${request.body.userRoleId} not found`);
      const role = await existingRole(app.db, app.registry, Number(row.role_id));
      const target = toUserRole(row, role);
      if (!allowedToRenewUserRole(user, target)) throw httpError(403, 'missing roles');
      const endDate = request.body.endDate ?? null;
      const problem = userRoleEndDateProblem(user, row.authority, endDate, {
        pastDateAllowed: app.config.pastDateAllowed,
      });
      if (problem) throw httpError(400, END_DATE_PROBLEMS[problem]);
      const updated = await app.db.tx((q) => setEndDate(q, request, row, endDate));
      return toUserRole(updated, role);
    },
  );

  app.delete<{ Params: { roleId: number; userRoleId: number }; Querystring: { guest?: boolean } }>(
    '/api/v1/user_roles/:roleId/:userRoleId',
    {
      preHandler: app.authenticate,
      schema: {
        params: {
          type: 'object',
          required: ['roleId', 'userRoleId'],
          properties: { roleId: roleIdParam, userRoleId: roleIdParam },
        },
        querystring: { type: 'object', properties: { guest: { type: 'boolean' } } },
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const user = requireUser(request.user);
      const row = await loadUserRoleRow(app.db, request.params.userRoleId);
      if (!row || Number(row.role_id) !== request.params.roleId) {
        throw httpError(
          404,
          `User role ${request.params.userRoleId} of role ${request.params.roleId} not found`,
        );
      }
      const role = await existingRole(app.db, app.registry, request.params.roleId);
      const guestOnly = request.query.guest === true && row.authority !== 'GUEST';
      // Removing only the guest part of a maintainer's membership is judged as acting on a guest entry.
      const target = { ...toUserRole(row, role), ...(guestOnly ? { authority: 'GUEST' as const } : {}) };
      if (!allowedToRenewUserRole(user, target, true)) throw httpError(403, 'missing roles');
      await app.db.tx((q) => removeUserRole(q, request, row, guestOnly));
      return reply.status(204).send();
    },
  );
}
