/** /api/v1/users: config, me, other, delete, search, search-by-application, error reports. */
import type { FastifyRequest } from 'fastify';
import {
  mayDeleteUser,
  mayOpenSystem,
  managedApplicationIds,
  ownApplicationIds,
  resolveLanguage,
  showsApplicationUsersTab,
  showsUsersTab,
  visibleProfile,
} from 'shared-auth/rules';
import { configSchema, errorReportSchema, userListItemSchema } from '../auth/user-schemas.js';
import { DEFAULT_PAGE_SIZE, pageSchema, pagedQueryProperties } from '../domain/paging.js';
import { idSchema } from '../domain/ids.js';
import { idParams, noContent } from '../domain/schemas.js';
import { anyone, entity, loggedIn, permit } from '../plugins/permissions.js';
import type { SchemaType, SchemaTypedApp } from '../plugins/schema-types.js';
import { listItem } from '../stores/user.rows.js';
import { userRolesOnApplications } from '../stores/user-roles.store.js';
import {
  onApplications,
  searchedUser,
  searchUsers,
  type UserSearchQuery,
} from '../stores/user-search.store.js';
import { loadUser } from '../stores/users.store.js';
import { removeUser } from '../use-cases/user-delete.js';
import { toEpochSeconds } from '../domain/time.js';
import { httpError } from '../errors.js';

const userSchema = {
  type: 'object',
  additionalProperties: true,
  required: ['id', 'superUser', 'institutionAdmin', 'userRoles'],
  properties: {
    id: { type: 'integer' },
    superUser: { type: 'boolean' },
    institutionAdmin: { type: 'boolean' },
    // Each membership as shared-auth's UserRole, with its role (written as it is).
    userRoles: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
  examples: [
    {
      id: 1,
      superUser: true,
      institutionAdmin: false,
      sub: 'urn:collab:person:example.org:admin',
      name: 'Ada Admin',
      email: 'admin@example.org',
      givenName: 'Ada',
      familyName: 'Admin',
      eduPersonPrincipalName: 'admin@example.org',
      schacHomeOrganization: 'example.org',
      organizationGUID: null,
      createdAt: 1_767_225_600,
      lastActivity: 1_769_904_000,
      userRoles: [],
      roles: [],
      authority: '',
      applications: [],
      managedApplications: [],
      institution: null,
      highestAuthority: 'SUPER_USER',
    },
  ],
} as const;

/** The user searches' query string: the paged query, optionally narrowed to the holders of one role. */
const userQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...pagedQueryProperties,
    roleId: idSchema,
  },
} as const;

const userPageSchema = pageSchema(userListItemSchema);

/** The user the path names, as mayDeleteUser reads it: its id (the delete itself answers 404). */
const userInPath = entity<{ id: number }, { id: number }, { Params: { id: number } }>({
  load: async (request) => ({ id: request.params.id }),
});

/**
 * The validated query string as the user search reads it (spec §9: page 0 of 10 unless asked). Field by
 * field: spreading the parsed query string (an object without prototype, in dictionary mode) was a
 * noticeable part of the server's thread on a narrow search.
 */
function toSearchQuery(query: SchemaType<typeof userQuerySchema>): UserSearchQuery {
  return {
    query: query.query,
    sort: query.sort,
    roleId: query.roleId,
    pageNumber: query.pageNumber ?? 0,
    pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE,
    sortDirection: query.sortDirection?.toUpperCase() === 'DESC' ? 'DESC' : 'ASC',
  };
}

const configQuerySchema = {
  type: 'object',
  properties: { lang: { type: 'string', maxLength: 10, examples: ['nl'] } },
} as const;

function configFor(
  app: SchemaTypedApp,
  request: FastifyRequest,
  { lang }: SchemaType<typeof configQuerySchema>,
) {
  const { config } = app;
  const incomplete = request.session.get('incomplete');
  const name = request.realUser?.name ?? incomplete?.name;
  return {
    authenticated: request.realUser !== null,
    ...(name ? { name } : {}),
    missingAttributes: request.realUser ? [] : (incomplete?.missingAttributes ?? []),
    groupUrnPrefix: config.groupUrnPrefix,
    pastDateAllowed: config.pastDateAllowed,
    performanceSeedAllowed: config.performanceSeedAllowed,
    locale: resolveLanguage({
      query: lang ?? null,
      cookie: request.cookies.lang ?? null,
      browser: request.headers['accept-language'] ?? null,
    }),
    languages: 'nl, en',
    environment: config.environment,
    serverUrl: config.publicUrl,
    welcomeUrl: config.welcomeUrl,
    ...(config.helpUrl ? { helpUrl: config.helpUrl } : {}),
    ...(config.switchAppUrl ? { switchAppUrl: config.switchAppUrl } : {}),
  };
}

export default async function userRoutes(app: SchemaTypedApp): Promise<void> {
  app.get(
    '/api/v1/users/config',
    {
      preHandler: anyone,
      schema: {
        querystring: configQuerySchema,
        response: { 200: configSchema },
      },
    },
    async (request) => configFor(app, request, request.query),
  );

  app.get(
    '/api/v1/users/me',
    { preHandler: loggedIn, schema: { response: { 200: userSchema } } },
    async (request) => {
      return request.user;
    },
  );

  app.get(
    '/api/v1/users/other/:id',
    // Whom a user may see is the answer itself (visibleProfile): a user it may not see is unknown, a 404.
    {
      preHandler: loggedIn,
      config: { errors: { 404: 'User 12 not found' } },
      schema: { params: idParams, response: { 200: userSchema } },
    },
    async (request) => {
      const other = await loadUser(app.db, app.registry, request.params.id);
      const visible = other ? visibleProfile(request.user!, other) : null;
      if (!visible) throw httpError(404, `User ${request.params.id} not found`);
      return visible;
    },
  );

  app.delete(
    '/api/v1/users/:id',
    {
      preHandler: [
        permit(mayOpenSystem, 'Only a super user may do this'),
        userInPath.permit(mayDeleteUser, 'You cannot delete yourself'),
      ],
      config: { errors: { 404: 'User 12 not found' } },
      schema: { params: idParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      await removeUser(app, request, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/users/search',
    {
      preHandler: permit(showsUsersTab, 'Only a super user may do this'),
      schema: { querystring: userQuerySchema, response: { 200: userPageSchema } },
    },
    async (request) => {
      // Spec §4 'Highest authority shown': the search answers what each user of the page holds.
      const { rows, total } = await searchUsers(app.db, toSearchQuery(request.query));
      return { content: rows.map(searchedUser), totalElements: total };
    },
  );

  app.get(
    '/api/v1/users/search-by-application',
    {
      preHandler: permit(
        showsApplicationUsersTab,
        'Only an institution admin with applications or an application manager may list the users of its applications',
      ),
      schema: { querystring: userQuerySchema, response: { 200: userPageSchema } },
    },
    async (request) => {
      const user = request.user!;
      // An institution admin's applications and those the user is application manager of.
      const manageIds = [...new Set([...ownApplicationIds(user), ...managedApplicationIds(user)])];
      const { rows, total } = await searchUsers(
        app.db,
        toSearchQuery(request.query),
        onApplications(manageIds),
      );
      const roles = await userRolesOnApplications(
        app.db,
        rows.map((r) => r.id),
        manageIds,
      );
      return {
        content: rows.map((row) => ({
          ...listItem(row),
          userRoles: roles
            .filter((r) => r.user_id === row.id)
            .map((r) => ({
              id: r.user_role_id,
              roleId: r.role_id,
              roleName: r.role_name,
              authority: r.authority,
              endDate: toEpochSeconds(r.end_date),
            })),
        })),
        totalElements: total,
      };
    },
  );

  app.post(
    '/api/v1/users/error',
    {
      preHandler: loggedIn,
      bodyLimit: 64 * 1024,
      schema: {
        body: errorReportSchema,
        response: {
          201: { description: 'Logged', type: 'object', additionalProperties: false, examples: [{}] },
        },
      },
    },
    async (request, reply) => {
      request.log.warn({ report: request.body, userId: request.user!.id }, 'error reported by the console');
      return reply.status(201).send({});
    },
  );
}
