/** /api/v1/roles: list, read, create, update and delete roles (spec §6, §7). */
import {
  allowedToEditRole,
  isApplicationManagerOf,
  mayCreateRole,
  mayChangeRoleApplications,
  mayReadRole,
  sortRolesForUser,
  userManagesApplication,
  type User,
} from 'shared-auth/rules';
import { requireUser } from '../plugins/auth.js';
import { loggedIn, permit, entity } from '../plugins/permissions.js';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  pageSchema,
  pageSql,
  pagedQueryProperties,
} from '../domain/paging.js';
import { ROLE_INPUT_ERRORS, roleBodySchema, roleUpdateBodySchema } from '../domain/role-input.js';
import { withUserView } from '../stores/role.rows.js';
import { existingRole, ROLE_SORT, rolesOfApplication, searchRoles } from '../stores/roles.store.js';
import { changeRole, createRole, removeRole } from '../use-cases/role-write.js';
import { idParams, roleSchema, noContent } from '../domain/schemas.js';
import { roleInBody, roleInPath } from './role-entities.js';
import type { SchemaTypedApp } from '../plugins/schema-types.js';

/** The registry application the path names; it needs no loading, the rule reads its id. */
const applicationInPath = entity<string, string, { Params: { manageId: string } }>({
  load: async (request) => request.params.manageId,
});

/**
 * Super users list any application's roles, an institution admin those of its own applications, an
 * application manager those of the applications they manage.
 */
function mayListApplicationRoles(user: User, manageId: string): boolean {
  return user.superUser || userManagesApplication(user, manageId) || isApplicationManagerOf(user, manageId);
}

export default async function roleRoutes(app: SchemaTypedApp): Promise<void> {
  /**
   * The role as just written, in the caller's view. Not judged again: whoever may create or edit a role
   * may read it (mayReadRole covers allowedToEditRole and a creator's own applications).
   */
  async function readBack(user: User, id: number) {
    return withUserView(user, await existingRole(app.db, app.registry, id));
  }

  app.get(
    '/api/v1/roles',
    {
      preHandler: loggedIn,
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

  app.get(
    '/api/v1/roles/:id',
    {
      preHandler: [roleInPath.permit(mayReadRole)],
      schema: { params: idParams, response: { 200: roleSchema } },
    },
    async (request) => withUserView(requireUser(request.user), roleInPath.of(request)),
  );

  app.get(
    '/api/v1/roles/application/:manageId',
    {
      preHandler: [
        applicationInPath.permit(
          mayListApplicationRoles,
          'Only an institution admin of this application may list its roles',
        ),
      ],
      schema: {
        params: {
          type: 'object',
          required: ['manageId'],
          properties: { manageId: { type: 'string', maxLength: 255, examples: ['app-wiki'] } },
        },
        response: { 200: { type: 'array', items: roleSchema } },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      const { manageId } = request.params;
      const roles = await rolesOfApplication(app.db, app.registry, manageId);
      return roles.map((r) => withUserView(user, r));
    },
  );

  app.post(
    '/api/v1/roles',
    {
      preHandler: permit(mayCreateRole, 'Only institution admins and application managers create roles'),
      config: { errors: { ...ROLE_INPUT_ERRORS, 409: 'The shortName already exists' } },
      schema: { body: roleBodySchema, response: { 201: roleSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request.user);
      const id = await createRole(app, request, user, request.body, user.email ?? user.sub ?? null);
      reply.status(201);
      return readBack(user, id);
    },
  );

  app.put(
    '/api/v1/roles',
    {
      preHandler: [roleInBody.permit(allowedToEditRole)],
      config: { errors: ROLE_INPUT_ERRORS },
      schema: {
        body: roleUpdateBodySchema(roleBodySchema.examples[0]),
        response: { 200: roleSchema },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      const id = request.body.id;
      await changeRole(app, request, user, roleInBody.of(request), request.body);
      return readBack(user, id);
    },
  );

  app.delete(
    '/api/v1/roles/:id',
    {
      preHandler: [roleInPath.permit(mayChangeRoleApplications)],
      schema: { params: idParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      await removeRole(app, request, roleInPath.of(request));
      return reply.status(204).send();
    },
  );
}
