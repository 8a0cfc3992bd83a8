/**
 * /api/external/v1/roles: list and search, read, create, update, delete — the console's role use cases
 * (domain/role-input.ts, stores/roles.store.ts) with the token's reach as the user.
 */
import { allowedToEditRole, mayChangeRoleApplications, mayReadRole } from 'shared-auth/rules';
import { DEFAULT_PAGE_SIZE, pageSchema, pageSql, pagedQueryProperties } from '../../domain/paging.js';
import { roleBodySchema, roleUpdateBodySchema } from '../../domain/role-input.js';
import { idParams, roleSchema } from '../../domain/schemas.js';
import { requireUser } from '../../plugins/auth.js';
import { EXTERNAL_API_PREFIX } from '../../plugins/external-token.js';
import { apiTokenOnly } from '../../plugins/permissions.js';
import { existingRole, ROLE_SORT, searchRoles } from '../../stores/roles.store.js';
import { changeRole, createRole, removeRole } from '../../use-cases/role-write.js';
import { idempotencyKeyHeaders, idempotent } from '../../use-cases/idempotent.js';
import type { Role } from 'shared-auth/rules';
import { roleInBody, roleInPath } from '../role-entities.js';
import { answer, deleted, externalRouteConfig, problems, tokenSecurity } from './schemas.js';
import type { SchemaTypedApp } from '../../plugins/schema-types.js';

const roleBodyExample = {
  name: 'Course Algebra 2026',
  description: 'Students of the algebra course',
  defaultExpiryDays: 180,
  applicationUsages: [
    { application: { manageId: 'app-wiki' }, landingPage: 'https://lms.example.edu/algebra' },
  ],
};

export default async function externalRoleRoutes(app: SchemaTypedApp): Promise<void> {
  app.get(
    `${EXTERNAL_API_PREFIX}/roles`,
    {
      preHandler: apiTokenOnly,
      config: externalRouteConfig,
      schema: {
        operationId: 'searchRoles',
        tags: ['roles'],
        summary: 'The roles this token reaches, a page at a time',
        description:
          '`query` searches name, description and short name. `totalElements` is exact. A super-user token lists every role; an organisation token the roles of its organisation and its applications.',
        security: tokenSecurity,
        querystring: { type: 'object', properties: pagedQueryProperties },
        response: { 200: answer('A page of roles', pageSchema(roleSchema)), ...problems() },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      const page = pageSql(request.query, ROLE_SORT, DEFAULT_PAGE_SIZE);
      const { roles, total } = await searchRoles(app.db, app.registry, { user, force: true }, page);
      return { content: roles, totalElements: total };
    },
  );

  app.get(
    `${EXTERNAL_API_PREFIX}/roles/:id`,
    {
      preHandler: [apiTokenOnly, roleInPath.permit(mayReadRole)],
      config: externalRouteConfig,
      schema: {
        operationId: 'getRole',
        tags: ['roles'],
        summary: 'One role',
        security: tokenSecurity,
        params: idParams,
        response: { 200: answer('The role', roleSchema), ...problems(404) },
      },
    },
    async (request) => roleInPath.of(request),
  );

  app.post(
    `${EXTERNAL_API_PREFIX}/roles`,
    {
      preHandler: apiTokenOnly,
      config: externalRouteConfig,
      schema: {
        operationId: 'createRole',
        tags: ['roles'],
        summary: 'Create a role on applications the token reaches',
        description:
          'The short name (and so the urn) is derived from the name (409 when taken). An organisation token may use only its own applications; the role gets its organisation. Send an `Idempotency-Key` to make a retry safe.',
        security: tokenSecurity,
        headers: idempotencyKeyHeaders,
        body: { ...roleBodySchema, examples: [roleBodyExample] },
        response: { 201: answer('The role as created', roleSchema), ...problems(404, 409, 422) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request.user);
      const result = await idempotent<Role>(request, 'POST roles', async () => {
        const id = await createRole(app, request, user, request.body, `API token ${request.apiToken!.id}`);
        return { status: 201, body: await existingRole(app.db, app.registry, id) };
      });
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      reply.statusCode = result.status;
      return result.body;
    },
  );

  app.put(
    `${EXTERNAL_API_PREFIX}/roles`,
    {
      preHandler: [apiTokenOnly, roleInBody.permit(allowedToEditRole)],
      config: externalRouteConfig,
      schema: {
        operationId: 'updateRole',
        tags: ['roles'],
        summary: 'Change a role',
        description: 'The body of a create plus `id`. The short name and urn never change.',
        security: tokenSecurity,
        body: roleUpdateBodySchema(roleBodyExample),
        response: { 200: answer('The role as changed', roleSchema), ...problems(404, 409) },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      const before = roleInBody.of(request);
      await changeRole(app, request, user, before, request.body);
      return existingRole(app.db, app.registry, before.id);
    },
  );

  app.delete(
    `${EXTERNAL_API_PREFIX}/roles/:id`,
    {
      preHandler: [apiTokenOnly, roleInPath.permit(mayChangeRoleApplications)],
      config: externalRouteConfig,
      schema: {
        operationId: 'deleteRole',
        tags: ['roles'],
        summary: 'Delete a role',
        description: 'Its memberships and invitations go with it.',
        security: tokenSecurity,
        params: idParams,
        response: { 204: deleted, ...problems(404) },
      },
    },
    async (request, reply) => {
      await removeRole(app, request, roleInPath.of(request));
      return reply.status(204).send();
    },
  );
}
