/** /api/v1/roles: list, read, create, update and delete roles (spec §6, §7). */
import type { FastifyInstance } from 'fastify';
import {
  allowedToEditRole,
  isUserAllowed,
  mayChangeRoleApplications,
  mayReadRole,
  ownApplicationIds,
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
import { deleteRole, insertRole, updateRole } from '../domain/role-store.js';
import { loadRole, loadRoles, withUserView } from '../domain/roles.js';
import { idParams, roleSchema, noContent } from '../domain/schemas.js';
import { httpError } from '../errors.js';
import { registry } from '../registry/registry.js';

const ROLE_SORT: Record<string, string> = {
  name: 'lower(r.name)',
  description: 'lower(r.description)',
  shortName: 'r.short_name',
  userRoleCount: 'user_role_count',
  createdAt: 'r.created_at',
  id: 'r.id',
};

const SEARCH = '(lower(r.name) LIKE $1 OR lower(r.description) LIKE $1 OR lower(r.short_name) LIKE $1)';

/** The roles a non-super user may list: own non-guest roles, and an institution admin's institution roles. */
function visibleRolesWhere(user: User, force: boolean): { where: string; params: unknown[] } {
  const own = user.userRoles.filter((ur) => ur.authority !== 'GUEST').map((ur) => ur.role.id);
  const apps = ownApplicationIds(user);
  if (user.institutionAdmin && (apps.length > 0 || force)) {
    return {
      where: `(r.id = ANY($2::bigint[]) OR r.organization_guid = $3 OR EXISTS (
        SELECT 1 FROM application_usages au WHERE au.role_id = r.id AND au.manage_id = ANY($4::text[])))`,
      params: [own, user.organizationGUID ?? '', apps],
    };
  }
  return { where: 'r.id = ANY($2::bigint[])', params: [own] };
}

async function getRole(app: FastifyInstance, user: User, id: number): Promise<Role> {
  const role = await loadRole(app.db, registry(app), id);
  if (!role) throw httpError(404, `Role ${id} not found`);
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
      const scope = user.superUser
        ? { where: 'TRUE', params: [] }
        : visibleRolesWhere(user, request.query.force === true);
      const where = `${page.like ? SEARCH : '($1::text IS NULL)'} AND ${scope.where}`;
      const params = [page.like, ...scope.params];
      const [roles, total] = await Promise.all([
        loadRoles(app.db, registry(app), where, params, page.tail),
        app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM roles r WHERE ${where}`, params),
      ]);
      const content = user.superUser
        ? roles
        : sortRolesForUser(
            user,
            roles.map((r) => withUserView(user, r)),
          );
      return { content, totalElements: Number(total.rows[0].n) };
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
      const roles = await loadRoles(
        app.db,
        registry(app),
        'EXISTS (SELECT 1 FROM application_usages au WHERE au.role_id = r.id AND au.manage_id = $1)',
        [manageId],
      );
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
      const checked = await checkRoleBody(request.body, user, registry(app));
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
      const before = await loadRole(app.db, registry(app), id);
      if (!before) throw httpError(404, `Role ${id} not found`);
      if (!allowedToEditRole(user, before)) throw httpError(403, 'missing roles');
      if (mayChangeRoleApplications(user, before)) {
        const checked = await checkRoleBody(request.body, user, registry(app));
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
      const role = await loadRole(app.db, registry(app), request.params.id);
      if (!role) throw httpError(404, `Role ${request.params.id} not found`);
      if (!mayChangeRoleApplications(user, role)) throw httpError(403, 'missing roles');
      await app.db.tx((q) => deleteRole(q, request, role));
      return reply.status(204).send();
    },
  );
}
