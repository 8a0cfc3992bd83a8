/**
 * /api/v1/audit-logs: the audit trail, "who gave whom which access, when" (spec §2 audit-logs/{id}), and
 * the end of an impersonation, which only the console knows about.
 */
import type { RouteGenericInterface } from 'fastify';
import { allowedToEditRole, type Role, type User } from 'shared-auth/rules';
import { entity, loggedIn, type RequestOf } from '../plugins/permissions.js';
import { idSchema } from '../domain/ids.js';
import { MAX_PAGE_SIZE, pageSchema } from '../domain/paging.js';
import { loadRole } from '../stores/roles.store.js';
import { httpError } from '../errors.js';
import { endImpersonation, NOT_IMPERSONATING } from '../use-cases/impersonation-end.js';
import {
  AUDIT_ENTITY_TYPES,
  AUDIT_EVENTS,
  searchAuditLogs,
  type AuditFilter,
} from '../stores/audit.store.js';
import type { SchemaType, SchemaTypedApp } from '../plugins/schema-types.js';

/**
 * The role of the requested trail (`pick` reads its id; undefined when the request names none), null when
 * none is named or it is gone (a deleted role's history is still there for super users). Never a 404:
 * whether a role existed is part of the trail.
 */
function trailRoleNamedBy<R extends RouteGenericInterface>(
  pick: (request: RequestOf<R>) => number | undefined,
) {
  return entity<{ role: Role | null }, Role | null, R>({
    load: async (request) => {
      const roleId = pick(request);
      const { db, registry } = request.server;
      return { role: roleId === undefined ? null : await loadRole(db, registry, roleId) };
    },
    judged: ({ role }) => role,
  });
}

/** The role of the trail a query asks for (`roleId`). */
const trailRoleInQuery = trailRoleNamedBy<{ Querystring: { roleId?: number } }>(
  (request) => request.query.roleId,
);

/** A per-entity trail's path: the entity's type and id. */
const trailPathParams = {
  type: 'object',
  required: ['entityType', 'id'],
  properties: {
    entityType: { type: 'string', enum: AUDIT_ENTITY_TYPES, examples: ['role'] },
    id: idSchema,
  },
} as const;

/** The role of a per-entity trail: the path's entity when it is a role. */
const trailRoleInPath = trailRoleNamedBy<{ Params: SchemaType<typeof trailPathParams> }>(({ params }) =>
  params.entityType === 'role' ? params.id : undefined,
);

/** Super users read the whole trail; whoever may edit a role reads that role's history. */
function mayReadTrail(user: User, role: Role | null): boolean {
  return user.superUser || (role !== null && allowedToEditRole(user, role));
}

const auditSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    actorId: { type: ['integer', 'null'] },
    actorName: { type: ['string', 'null'] },
    impersonatorId: { type: ['integer', 'null'] },
    apiTokenId: { type: ['integer', 'null'] },
    entityType: { type: 'string' },
    entityId: { type: ['integer', 'null'] },
    action: { type: 'string' },
    roleIds: { type: 'array', items: { type: 'integer' } },
    roleName: { type: ['string', 'null'] },
    userId: { type: ['integer', 'null'] },
    userName: { type: ['string', 'null'] },
    before: {},
    after: {},
    createdAt: { type: 'integer' },
  },
  examples: [
    {
      id: 9,
      actorId: 3,
      actorName: 'Mark Manager',
      impersonatorId: null,
      apiTokenId: null,
      entityType: 'user_role',
      entityId: 77,
      action: 'update',
      roleIds: [12],
      roleName: 'Research wiki editors',
      userId: 5,
      userName: 'Gina Guest',
      before: { endDate: 1_798_761_600 },
      after: { endDate: 1_830_297_600 },
      createdAt: 1_769_904_000,
    },
  ],
} as const;

const id = idSchema;
const epochSeconds = { type: 'integer', minimum: 0, maximum: 32_503_680_000 } as const;

const trailQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    actor: { type: 'string', maxLength: 255, examples: ['manager@example.org'] },
    actorId: id,
    roleId: id,
    userId: id,
    entityType: { type: 'string', enum: AUDIT_ENTITY_TYPES },
    entityId: id,
    action: { type: 'string', enum: AUDIT_EVENTS },
    from: { ...epochSeconds, examples: [1_767_225_600] },
    to: { ...epochSeconds, examples: [1_769_904_000] },
    pageNumber: { type: 'integer', minimum: 0, maximum: 1_000_000 },
    pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
  },
} as const;

export default async function auditLogRoutes(app: SchemaTypedApp): Promise<void> {
  app.get(
    '/api/v1/audit-logs',
    {
      preHandler: [trailRoleInQuery.permit(mayReadTrail)],
      config: { errors: { 400: 'The start of the period must lie before its end' } },
      schema: { querystring: trailQuerySchema, response: { 200: pageSchema(auditSchema) } },
    },
    async (request) => {
      const { action, ...rest } = request.query;
      if (rest.from !== undefined && rest.to !== undefined && rest.from >= rest.to) {
        throw httpError(400, 'The start of the period must lie before its end');
      }
      const filter: AuditFilter = { ...rest, event: action };
      return searchAuditLogs(app.db, filter);
    },
  );

  // The per-entity form the first version of the API offered; the console uses the query form above.
  app.get(
    '/api/v1/audit-logs/:entityType/:id',
    {
      preHandler: [trailRoleInPath.permit(mayReadTrail)],
      schema: {
        params: trailPathParams,
        querystring: {
          type: 'object',
          properties: {
            pageNumber: trailQuerySchema.properties.pageNumber,
            pageSize: trailQuerySchema.properties.pageSize,
          },
        },
        response: { 200: pageSchema(auditSchema) },
      },
    },
    async (request) => {
      const { entityType, id: entityId } = request.params;
      return searchAuditLogs(app.db, { ...request.query, entityType, entityId });
    },
  );

  // Impersonating is a header the console stops sending: it says so here, so the trail shows the end.
  app.post(
    '/api/v1/audit-logs/impersonation-end',
    {
      preHandler: loggedIn,
      config: { errors: { 400: NOT_IMPERSONATING } },
      schema: { response: { 204: { type: 'null' } } },
    },
    async (request, reply) => {
      const target = await endImpersonation(app, request.realUser, request.user, request.impersonatorId);
      const seen = request.session.get('impersonated') ?? [];
      // The next impersonation of the same user is a new one and is recorded again.
      request.session.set(
        'impersonated',
        seen.filter((userId) => userId !== target.id),
      );
      return reply.code(204).send();
    },
  );
}
