/** /api/v1/invitations listings: the paged search and a role's pending invitations (spec §7, README API). */
import type { FastifyInstance } from 'fastify';
import { mayViewRoleMembers, requireUser } from '../domain/access.js';
import { invitationScope, STATUS_FILTER } from '../domain/invitation-scope.js';
import { loadInvitationRows, toInvitations } from '../domain/invitations.js';
import { pageSchema, pageSql, pagedQueryProperties, type PagedQueryString } from '../domain/paging.js';
import { loadRole } from '../domain/roles.js';
import { invitationSchema } from '../domain/schemas.js';
import { httpError } from '../errors.js';
import { registry } from '../registry/registry.js';

const INVITATION_SORT: Record<string, string> = {
  email: 'lower(i.email)',
  createdAt: 'i.created_at',
  created_at: 'i.created_at',
  expiryDate: 'i.expiry_date',
  expiry_date: 'i.expiry_date',
  intendedAuthority: 'i.intended_authority',
  intended_authority: 'i.intended_authority',
  status: 'i.status',
  name: 'lower(i.email)',
};

type SearchQuery = PagedQueryString & { roleId?: number; status?: string; mine?: boolean };

export default async function invitationListRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: SearchQuery }>(
    '/api/v1/invitations/search',
    {
      preHandler: app.authenticate,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...pagedQueryProperties,
            roleId: { type: 'integer', minimum: 1 },
            status: { type: 'string', enum: Object.keys(STATUS_FILTER) },
            mine: { type: 'boolean' },
          },
        },
        response: { 200: pageSchema(invitationSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      const { roleId, status, mine } = request.query;
      const page = pageSql(request.query, INVITATION_SORT);
      const params: unknown[] = [page.like, roleId ?? null, mine ? user.id : null];
      let scope = 'TRUE';
      if (roleId !== undefined) {
        const role = await loadRole(app.db, registry(app), roleId);
        if (!role) throw httpError(404, `Role ${roleId} not found`);
        if (!mayViewRoleMembers(user, role)) throw httpError(403, 'missing roles');
      } else {
        const s = invitationScope(user, params.length + 1);
        scope = s.where;
        params.push(...s.params);
      }
      const where = `($1::text IS NULL OR lower(i.email) LIKE $1 OR lower(inv.name) LIKE $1)
        AND ($2::bigint IS NULL OR EXISTS (SELECT 1 FROM invitation_roles ir WHERE ir.invitation_id = i.id AND ir.role_id = $2))
        AND ($3::bigint IS NULL OR i.inviter_id = $3)
        AND ${STATUS_FILTER[status ?? 'all']} AND ${scope}`;
      const [rows, total] = await Promise.all([
        loadInvitationRows(app.db, where, params, page.tail),
        app.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM invitations i LEFT JOIN users inv ON inv.id = i.inviter_id WHERE ${where}`,
          params,
        ),
      ]);
      return {
        content: await toInvitations(app.db, registry(app), rows),
        totalElements: Number(total.rows[0].n),
      };
    },
  );

  app.get<{ Params: { roleId: number } }>(
    '/api/v1/invitations/roles/:roleId',
    {
      preHandler: app.authenticate,
      schema: {
        params: {
          type: 'object',
          required: ['roleId'],
          properties: { roleId: { type: 'integer', minimum: 1 } },
        },
        response: { 200: { type: 'array', items: invitationSchema } },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      const role = await loadRole(app.db, registry(app), request.params.roleId);
      if (!role) throw httpError(404, `Role ${request.params.roleId} not found`);
      if (!mayViewRoleMembers(user, role)) throw httpError(403, 'missing roles');
      const rows = await loadInvitationRows(
        app.db,
        "i.status = 'OPEN' AND EXISTS (SELECT 1 FROM invitation_roles ir WHERE ir.invitation_id = i.id AND ir.role_id = $1)",
        [role.id],
        'ORDER BY i.created_at DESC, i.id',
      );
      return toInvitations(app.db, registry(app), rows);
    },
  );
}
