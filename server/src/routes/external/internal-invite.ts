/**
 * /api/external/v1/internal/invite: the internal API of the self-service portals (SP Dashboard, SURF
 * Access), as OpenConext Invite's InternalInviteController. Service accounts of REMOTE_USERS by HTTP Basic
 * with the scope `sp_dashboard` or `access`; an account's `applications` bound the roles it reaches (none:
 * every role). The same use cases as the console and the external API (use-cases/role-write.ts,
 * invitation-create.ts, invitation-send.ts), judged as a super user within that bound and audited with
 * "service account NAME" as actor.
 */
import type { RouteGenericInterface } from 'fastify';
import type { Role, User } from 'shared-auth/rules';
import type { RemoteUser, RemoteUserScope } from '../../config.js';
import { idSchema } from '../../domain/ids.js';
import { MAX_PAGE_SIZE, pageSql } from '../../domain/paging.js';
import { roleBodySchema, roleUpdateBodySchema, type RoleBody } from '../../domain/role-input.js';
import { idParams, invitationSchema, roleSchema } from '../../domain/schemas.js';
import { httpError } from '../../errors.js';
import { accountEntity, remoteUserOf, remoteUserWith, type RequestOf } from '../../plugins/permissions.js';
import type { AuditActor } from '../../stores/audit.store.js';
import type { InvitationRow } from '../../stores/invitation.rows.js';
import { invitationById, toInvitations } from '../../stores/invitations.store.js';
import { existingRole, loadRole, loadRolesByIds, rolesOfApplications } from '../../stores/roles.store.js';
import { searchMembers, USER_ROLE_SORT } from '../../stores/user-roles.store.js';
import { inviteForIntegration } from '../../use-cases/invitation-api-create.js';
import { resendInvitation } from '../../use-cases/invitation-send.js';
import { changeRole, createRole, removeRole } from '../../use-cases/role-write.js';
import { createBodySchema, createdSchema } from './invitation-schemas.js';
import { answer, deleted, membershipSchema, problemSchema } from './schemas.js';
import type { SchemaTypedApp } from '../../plugins/schema-types.js';

export const INTERNAL_PREFIX = '/api/external/v1/internal/invite';

const BASIC_ROUTE = { authentication: 'basic' } as const;
const security = [{ serviceAccount: [] }];
const PORTAL_SCOPES: [RemoteUserScope, ...RemoteUserScope[]] = ['sp_dashboard', 'access'];

/** The name the audit trail and a role's creator field give the account. */
const actorNameOf = (account: RemoteUser) => `service account ${account.username}`;

/** Who acts: no person, the account by name. */
function actorOf(request: object): AuditActor {
  return { user: null, impersonatorId: null, name: actorNameOf(remoteUserOf(request)) };
}

/**
 * Whose reach the use cases judge the body by: a super user (any application, any organisation), the
 * account's `applications` being checked before by the route's permission.
 */
function principalOf(request: object): User {
  return {
    id: 0,
    name: actorNameOf(remoteUserOf(request)),
    superUser: true,
    institutionAdmin: false,
    organizationGUID: null,
    userRoles: [],
    applications: [],
    managedApplications: [],
  };
}

/** The account reaches every one of these applications (an account without `applications` reaches all). */
function reachesAll(account: RemoteUser, manageIds: readonly string[]): boolean {
  return account.applications === undefined || manageIds.every((id) => reachesOne(account, id));
}

function reachesOne(account: RemoteUser, manageId: string): boolean {
  return account.applications === undefined || account.applications.some((a) => a.manageId === manageId);
}

/** The account reaches a role on one of its applications. */
function reachesRole(account: RemoteUser, role: Role): boolean {
  return (
    account.applications === undefined ||
    role.applicationUsages.some((u) => reachesOne(account, u.application.manageId))
  );
}

const NO_ROLE_ACCESS = 'This service account does not reach the applications of this role';
const NO_APPLICATION_ACCESS = 'This service account does not reach every application of the body';

/** A role the request names (`pick` reads its id), judged by the account's reach. */
function roleNamedBy<R extends RouteGenericInterface>(pick: (request: RequestOf<R>) => number) {
  return accountEntity<Role, R>({
    load: (request) => loadRole(request.server.db, request.server.registry, pick(request)),
    notFound: (request) => `Role ${pick(request)} not found`,
  });
}

const roleInPath = roleNamedBy<{ Params: { id: number } }>((request) => request.params.id);
const roleIdInPath = roleNamedBy<{ Params: { roleId: number } }>((request) => request.params.roleId);
const roleInBody = roleNamedBy<{ Body: { id: number } }>((request) => request.body.id);
/** The applications a role body names. */
const bodyApplications = accountEntity<string[], { Body: RoleBody }>({
  load: async (request) => request.body.applicationUsages.map((u) => u.application.manageId),
});
/** The roles an invitation body names (unknown ids are the use case's 404). */
const invitationRoles = accountEntity<Role[], { Body: { roleIdentifiers?: number[] } }>({
  load: (request) =>
    loadRolesByIds(
      request.server.db,
      request.server.registry,
      (request.body.roleIdentifiers ?? []).map(Number),
    ),
});
const invitationInPath = accountEntity<{ row: InvitationRow; roles: Role[] }, { Params: { id: number } }>({
  load: async (request) => {
    const { db, registry } = request.server;
    const row = await invitationById(db, request.params.id);
    if (!row) return null;
    const [invitation] = await toInvitations(db, registry, [row]);
    return { row, roles: invitation.roles.map((r) => r.role) };
  },
  notFound: (request) => `Invitation ${request.params.id} not found`,
});
/** The application a path names (roles/{organizationGUID}/{manageId}). */
const applicationInPath = accountEntity<string, { Params: { manageId: string } }>({
  load: async (request) => request.params.manageId,
});

const INVITABLE = ['GUEST', 'INVITER', 'MANAGER'];

/** An error answer: problem details with an example. */
function problem(status: number, title: string, detail: string) {
  return {
    description: title,
    content: {
      'application/problem+json': {
        schema: { ...problemSchema, examples: [{ type: 'about:blank', title, status, detail }] },
      },
    },
  };
}

function refusals(scope: string, ...more: Array<400 | 403 | 404 | 409 | 422>) {
  const all: Record<number, object> = {
    400: problem(400, 'Bad Request', 'body must have required property name'),
    401: problem(
      401,
      'Unauthorized',
      `HTTP Basic credentials of a service account with the scope ${scope} are required`,
    ),
    403: problem(403, 'Forbidden', `This service account lacks the scope ${scope}`),
    429: problem(429, 'Too Many Requests', 'Too many failed logins; try again in 42 seconds'),
  };
  for (const status of more) {
    if (status === 404) all[404] = problem(404, 'Not Found', 'Role 12 not found');
    if (status === 409) all[409] = problem(409, 'Conflict', 'The shortName already exists');
    if (status === 422)
      all[422] = problem(422, 'Unprocessable Entity', 'The value is invalid for roleIdentifiers');
    if (status === 403) all[403] = problem(403, 'Forbidden', NO_ROLE_ACCESS);
  }
  return all;
}

const PORTALS = 'sp_dashboard or access';

const roleBodyExample = {
  name: 'Research Wiki Editors',
  description: 'Editors of the research wiki',
  defaultExpiryDays: 365,
  applicationUsages: [
    {
      application: { manageId: 'app-wiki', manageType: 'saml20_sp' },
      landingPage: 'https://wiki.example.edu',
    },
  ],
};

const summarySchema = {
  type: 'object',
  required: ['id', 'name', 'organizationGUID', 'userRoleCount', 'applications'],
  properties: {
    id: { type: 'integer', examples: [12] },
    name: { type: 'string' },
    description: { type: ['string', 'null'] },
    organizationGUID: { type: ['string', 'null'] },
    userRoleCount: { type: 'integer', description: 'Its memberships' },
    applications: {
      type: 'array',
      items: {
        type: 'object',
        required: ['manageId', 'manageType'],
        properties: { manageId: { type: 'string' }, manageType: { type: 'string' } },
      },
    },
  },
} as const;

export default async function internalInviteRoutes(app: SchemaTypedApp): Promise<void> {
  const portal = remoteUserWith(...PORTAL_SCOPES);
  const accessOnly = remoteUserWith('access');

  /** The roles the account reaches. */
  const rolesReached = (account: RemoteUser) =>
    rolesOfApplications(app.db, app.registry, account.applications?.map((a) => a.manageId) ?? null);

  app.get(
    `${INTERNAL_PREFIX}/roles`,
    {
      preHandler: portal,
      config: BASIC_ROUTE,
      schema: {
        operationId: 'internalRoles',
        tags: ['internal'],
        summary: "The roles of the service account's applications",
        description:
          'Every role using one of the applications the account is configured with (all roles for an account without). Scope `sp_dashboard` or `access`.',
        security,
        response: {
          200: answer('The roles, by name', { type: 'array', items: roleSchema }),
          ...refusals(PORTALS),
        },
      },
    },
    async (request) => rolesReached(remoteUserOf(request)),
  );

  app.get(
    `${INTERNAL_PREFIX}/roles-summary`,
    {
      preHandler: accessOnly,
      config: BASIC_ROUTE,
      schema: {
        operationId: 'internalRolesSummary',
        tags: ['internal'],
        summary: 'A summary of the roles the account reaches (SURF Access)',
        description: 'Each role with its organisation, member count and applications. Scope `access`.',
        security,
        response: {
          200: answer('The roles, by name', { type: 'array', items: summarySchema }),
          ...refusals('access'),
        },
      },
    },
    async (request) =>
      (await rolesReached(remoteUserOf(request))).map((role) => ({
        id: role.id,
        name: role.name,
        description: role.description ?? null,
        organizationGUID: role.organizationGUID ?? null,
        userRoleCount: role.userRoleCount ?? 0,
        applications: role.applicationUsages.map((u) => ({
          manageId: u.application.manageId,
          manageType: u.application.manageType,
        })),
      })),
  );

  app.get(
    `${INTERNAL_PREFIX}/roles/:organizationGUID/:manageId`,
    {
      preHandler: [
        accessOnly,
        applicationInPath.permit(reachesOne, 'This service account does not reach this application'),
      ],
      config: BASIC_ROUTE,
      schema: {
        operationId: 'internalRolesOfOrganizationApplication',
        tags: ['internal'],
        summary: "An organisation's roles on one application (SURF Access)",
        description:
          'The roles of the organisation that use the application; an empty list when there are none. Scope `access`.',
        security,
        params: {
          type: 'object',
          required: ['organizationGUID', 'manageId'],
          properties: {
            organizationGUID: {
              type: 'string',
              minLength: 1,
              maxLength: 255,
              examples: ['ad93daef-0911-e511-80d0-005056956c1a'],
            },
            manageId: { type: 'string', minLength: 1, maxLength: 255, examples: ['app-wiki'] },
          },
        },
        response: {
          200: answer('The roles, by name', { type: 'array', items: roleSchema }),
          ...refusals('access'),
        },
      },
    },
    async (request) => {
      const { organizationGUID, manageId } = request.params;
      const roles = await rolesOfApplications(app.db, app.registry, [manageId]);
      return roles.filter((r) => r.organizationGUID === organizationGUID);
    },
  );

  app.get(
    `${INTERNAL_PREFIX}/roles/:id`,
    {
      preHandler: [portal, roleInPath.permit(reachesRole, NO_ROLE_ACCESS)],
      config: BASIC_ROUTE,
      schema: {
        operationId: 'internalRole',
        tags: ['internal'],
        summary: 'One role',
        security,
        params: idParams,
        response: { 200: answer('The role', roleSchema), ...refusals(PORTALS, 403, 404) },
      },
    },
    async (request) => roleInPath.of(request),
  );

  app.post(
    `${INTERNAL_PREFIX}/roles`,
    {
      preHandler: [portal, bodyApplications.permit(reachesAll, NO_APPLICATION_ACCESS)],
      config: BASIC_ROUTE,
      schema: {
        operationId: 'internalCreateRole',
        tags: ['internal'],
        summary: "Create a role on the account's applications",
        description:
          "The external API's body. The short name (and urn) derive from the name (409 when taken); the organisation is the body's or the first application's. Scope `sp_dashboard` or `access`.",
        security,
        body: { ...roleBodySchema, examples: [roleBodyExample] },
        response: { 201: answer('The role as created', roleSchema), ...refusals(PORTALS, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const id = await createRole(
        app,
        actorOf(request),
        principalOf(request),
        request.body,
        actorNameOf(remoteUserOf(request)),
      );
      reply.status(201);
      return existingRole(app.db, app.registry, id);
    },
  );

  app.put(
    `${INTERNAL_PREFIX}/roles`,
    {
      preHandler: [
        portal,
        roleInBody.permit(reachesRole, NO_ROLE_ACCESS),
        bodyApplications.permit(reachesAll, NO_APPLICATION_ACCESS),
      ],
      config: BASIC_ROUTE,
      schema: {
        operationId: 'internalUpdateRole',
        tags: ['internal'],
        summary: 'Change a role',
        description:
          'The body of a create plus `id`. The short name and urn never change. Scope `sp_dashboard` or `access`.',
        security,
        body: roleUpdateBodySchema(roleBodyExample),
        response: { 200: answer('The role as changed', roleSchema), ...refusals(PORTALS, 403, 404, 409) },
      },
    },
    async (request) => {
      const before = roleInBody.of(request);
      // As OpenConext Invite: a role's organisation never changes through the internal API.
      const body = { ...request.body, organizationGUID: before.organizationGUID ?? null };
      await changeRole(app, actorOf(request), principalOf(request), before, body);
      return existingRole(app.db, app.registry, before.id);
    },
  );

  app.delete(
    `${INTERNAL_PREFIX}/roles/:id`,
    {
      preHandler: [portal, roleInPath.permit(reachesRole, NO_ROLE_ACCESS)],
      config: BASIC_ROUTE,
      schema: {
        operationId: 'internalDeleteRole',
        tags: ['internal'],
        summary: 'Delete a role',
        description: 'Its memberships and invitations go with it. Scope `sp_dashboard` or `access`.',
        security,
        params: idParams,
        response: { 204: deleted, ...refusals(PORTALS, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeRole(app, actorOf(request), roleInPath.of(request));
      return reply.status(204).send();
    },
  );

  app.post(
    `${INTERNAL_PREFIX}/invitations`,
    {
      preHandler: [
        portal,
        invitationRoles.permit(
          (account, roles) => roles.every((role) => reachesRole(account, role)),
          NO_ROLE_ACCESS,
        ),
      ],
      config: BASIC_ROUTE,
      schema: {
        operationId: 'internalCreateInvitations',
        tags: ['internal'],
        summary: "Invite people to roles of the account's applications",
        description:
          "The external API's body; `intendedAuthority` GUEST, INVITER or MANAGER. One invitation with its own accept link per address; mailed unless `suppressSendingEmails`. Scope `sp_dashboard` or `access`.",
        security,
        body: createBodySchema,
        response: {
          201: answer('The invitations, with their accept links', createdSchema),
          ...refusals(PORTALS, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      if (!INVITABLE.includes(request.body.intendedAuthority)) {
        throw httpError(400, `A service account invites as ${INVITABLE.join(', ')} only`);
      }
      const account = actorNameOf(remoteUserOf(request));
      const body = await inviteForIntegration(
        app,
        actorOf(request),
        principalOf(request),
        request.body,
        account,
      );
      reply.status(201);
      return body;
    },
  );

  app.put(
    `${INTERNAL_PREFIX}/invitations/:id`,
    {
      preHandler: [
        portal,
        invitationInPath.permit(
          (account, { roles }) => roles.every((role) => reachesRole(account, role)),
          NO_ROLE_ACCESS,
        ),
      ],
      config: BASIC_ROUTE,
      schema: {
        operationId: 'internalResendInvitation',
        tags: ['internal'],
        summary: 'Mail an open invitation again',
        description:
          'An expired invitation gets 30 more days; an accepted one cannot be resent (409). Scope `sp_dashboard` or `access`.',
        security,
        params: idParams,
        response: { 200: answer('The invitation', invitationSchema), ...refusals(PORTALS, 403, 404, 409) },
      },
    },
    async (request) =>
      resendInvitation(app, actorOf(request), invitationInPath.of(request).row, {
        name: actorNameOf(remoteUserOf(request)),
      }),
  );

  app.get(
    `${INTERNAL_PREFIX}/user_roles/:roleId`,
    {
      preHandler: [portal, roleIdInPath.permit(reachesRole, NO_ROLE_ACCESS)],
      config: BASIC_ROUTE,
      schema: {
        operationId: 'internalRoleMembers',
        tags: ['internal'],
        summary: "A role's memberships",
        description:
          'Every membership of the role (at most 1000), by name. Scope `sp_dashboard` or `access`.',
        security,
        params: { type: 'object', required: ['roleId'], properties: { roleId: idSchema } },
        response: {
          200: answer('The memberships', { type: 'array', items: membershipSchema }),
          ...refusals(PORTALS, 403, 404),
        },
      },
    },
    async (request) => {
      const role = roleIdInPath.of(request);
      const page = pageSql({ pageNumber: 0, pageSize: MAX_PAGE_SIZE }, USER_ROLE_SORT, MAX_PAGE_SIZE);
      return (await searchMembers(app.db, role, 'all', page)).content;
    },
  );
}
