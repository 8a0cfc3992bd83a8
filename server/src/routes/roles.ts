/** /api/v1/roles: list, read, create, update and delete roles (spec §6, §7). */
import type { FastifyInstance } from 'fastify';
import {
  allowedToEditRole,
  isUserAllowed,
  mayChangeRoleApplications,
  mayReadRole,
  sortRolesForUser,
  userManagesApplication,
  type Role,
  type User,
} from 'shared-auth/rules';
import { requireUser } from '../plugins/auth.js';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  pageSchema,
  pageSql,
  pagedQueryProperties,
  type PagedQueryString,
} from '../domain/paging.js';
import {
  checkRoleBody,
  checkRoleFields,
  roleBodySchema,
  shortNameFor,
  type RoleBody,
} from '../domain/role-input.js';
import { withUserView } from '../stores/role.rows.js';
import {
  deleteRole,
  insertRole,
  existingRole,
  ROLE_SORT,
  rolesOfApplication,
  searchRoles,
  updateRole,
} from '../stores/roles.store.js';
import { idParams, roleSchema, noContent } from '../domain/schemas.js';
import { httpError } from '../errors.js';

async function getRole(app: FastifyInstance, user: User, id: number): Promise<Role> {
  const role = await existingRole(app.db, app.registry, id);
  if (!mayReadRole(user, role)) throw httpError(403, 'missing roles');
  return withUserView(user, role);
}

export default async function roleRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: PagedQueryString & { force?: boolean } }>(
    '/api/v1/roles',
    {
      preHandler: app.authenticate,
      schema: {
        querystring: { type: 'object', properties: { ...pagedQueryProperties, force: { type: 'boolean' } } },
        response: { 200: pageSchema(roleSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      // A super user sees every role (hundreds): paged on the server, 10 per page unless asked otherwise.
      // Everyone else gets all of their (few) roles at once; the console filters those itself.
      const page = pageSql(request.query, ROLE_SORT, user.superUser ? DEFAULT_PAGE_SIZE : MAX_PAGE_SIZE);
      const scope = { user, force: request.query.force === true };
      const { roles, total } = await searchRoles(app.db, app.registry, scope, page);
      if (user.superUser) return { content: roles, totalElements: total };
      const content = sortRolesForUser(
        user,
        roles.map((r) => withUserView(user, r)),
      );
      return { content, totalElements: total };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/roles/:id',
    { preHandler: app.authenticate, schema: { params: idParams, response: { 200: roleSchema } } },
    async (request) => getRole(app, requireUser(request.user), request.params.id),
  );

  app.get<{ Params: { manageId: string } }>(
    '/api/v1/roles/application/:manageId',
    {
      preHandler: app.authenticate,
      schema: {
        params: {
          type: 'object',
          required: ['manageId'],
          properties: { manageId: { type: 'string', maxLength: 255 } },
        },
        response: { 200: { type: 'array', items: roleSchema } },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      const { manageId } = request.params;
      if (!user.superUser && !userManagesApplication(user, manageId)) {
        throw httpError(403, 'Only an institution admin of this application may list its roles');
      }
      const roles = await rolesOfApplication(app.db, app.registry, manageId);
      return roles.map((r) => withUserView(user, r));
    },
  );

  app.post<{ Body: RoleBody }>(
    '/api/v1/roles',
    { preHandler: app.authenticate, schema: { body: roleBodySchema, response: { 201: roleSchema } } },
    async (request, reply) => {
      const user = requireUser(request.user);
      if (!isUserAllowed(user, 'INSTITUTION_ADMIN'))
        throw httpError(403, 'Only institution admins create roles');
      const checked = await checkRoleBody(request.body, user, app.registry);
      const shortName = shortNameFor(checked.name);
      const id = await app.db.tx((q) =>
        insertRole(q, request, {
          ...checked,
          shortName,
          urn: `${app.config.groupUrnPrefix}:${shortName}`,
          createdBy: user.email ?? user.sub ?? null,
        }),
      );
      reply.status(201);
      return getRole(app, user, id);
    },
  );

  app.put<{ Body: RoleBody }>(
    '/api/v1/roles',
    {
      preHandler: app.authenticate,
      schema: {
        body: { ...roleBodySchema, required: ['id', ...roleBodySchema.required] },
        response: { 200: roleSchema },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      const id = request.body.id as number;
      const before = await existingRole(app.db, app.registry, id);
      if (!allowedToEditRole(user, before)) throw httpError(403, 'missing roles');
      if (mayChangeRoleApplications(user, before)) {
        const checked = await checkRoleBody(request.body, user, app.registry);
        // An institution admin keeps the role within their institution; only a super user moves it.
        const organization = user.superUser ? checked.organizationGUID : undefined;
        await app.db.tx((q) => updateRole(q, request, before, checked, checked.usages, organization));
      } else {
        // Managers may change the role's own fields, never its applications (spec §6 MANAGER).
        const fields = checkRoleFields(request.body);
        await app.db.tx((q) => updateRole(q, request, before, fields, null, undefined));
      }
      return getRole(app, user, id);
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/v1/roles/:id',
    { preHandler: app.authenticate, schema: { params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      const user = requireUser(request.user);
      const role = await existingRole(app.db, app.registry, request.params.id);
      if (!mayChangeRoleApplications(user, role)) throw httpError(403, 'missing roles');
      await app.db.tx((q) => deleteRole(q, request, role));
      return reply.status(204).send();
    },
  );
}
