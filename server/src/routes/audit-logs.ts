/** /api/v1/audit-logs: the history of one entity (spec §2 audit-logs/{id}). */
import type { FastifyInstance } from 'fastify';
import { allowedToEditRole } from 'shared-auth/rules';
import { requireUser } from '../plugins/auth.js';
import { pageSchema, pageSql, pagedQueryProperties, type PagedQueryString } from '../domain/paging.js';
import { loadRole } from '../stores/roles.store.js';
import { toEpochSeconds } from '../domain/time.js';
import { httpError } from '../errors.js';

const ENTITY_TYPES = ['role', 'user_role', 'invitation', 'api_token', 'user'] as const;

interface AuditRow {
  id: string;
  actor_id: string | null;
  actor_name: string | null;
  impersonator_id: string | null;
  entity_type: string;
  entity_id: string | null;
  action: string;
  before: unknown;
  after: unknown;
  created_at: Date;
}

const auditSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    actorId: { type: ['integer', 'null'] },
    actorName: { type: ['string', 'null'] },
    impersonatorId: { type: ['integer', 'null'] },
    entityType: { type: 'string' },
    entityId: { type: ['integer', 'null'] },
    action: { type: 'string' },
    before: {},
    after: {},
    createdAt: { type: 'integer' },
  },
} as const;

function toAudit(row: AuditRow) {
  const num = (v: string | null) => (v === null ? null : Number(v));
  return {
    id: Number(row.id),
    actorId: num(row.actor_id),
    actorName: row.actor_name,
    impersonatorId: num(row.impersonator_id),
    entityType: row.entity_type,
    entityId: num(row.entity_id),
    action: row.action,
    before: row.before,
    after: row.after,
    createdAt: toEpochSeconds(row.created_at) as number,
  };
}

export default async function auditLogRoutes(app: FastifyInstance): Promise<void> {
  app.get<{
    Params: { entityType: (typeof ENTITY_TYPES)[number]; id: number };
    Querystring: PagedQueryString;
  }>(
    '/api/v1/audit-logs/:entityType/:id',
    {
      preHandler: app.authenticate,
      schema: {
        params: {
          type: 'object',
          required: ['entityType', 'id'],
          properties: {
            entityType: { type: 'string', enum: ENTITY_TYPES },
            id: { type: 'integer', minimum: 1 },
          },
        },
        querystring: { type: 'object', properties: pagedQueryProperties },
        response: { 200: pageSchema(auditSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      const { entityType, id } = request.params;
      if (!user.superUser) {
        // Besides super users, those who may edit a role may read its history.
        const role = entityType === 'role' ? await loadRole(app.db, app.registry, id) : null;
        if (!role || !allowedToEditRole(user, role)) throw httpError(403, 'missing roles');
      }
      const page = pageSql(
        { ...request.query, sort: 'createdAt', sortDirection: request.query.sortDirection ?? 'DESC' },
        {
          createdAt: 'created_at',
        },
      );
      const where = 'entity_type = $1 AND entity_id = $2';
      const [rows, total] = await Promise.all([
        app.db.query<AuditRow>(`SELECT * FROM audit_logs WHERE ${where} ${page.tail}`, [entityType, id]),
        app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_logs WHERE ${where}`, [
          entityType,
          id,
        ]),
      ]);
      return { content: rows.rows.map(toAudit), totalElements: Number(total.rows[0].n) };
    },
  );
}
