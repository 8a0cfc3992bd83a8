/** /api/v1/invitations listings: the paged search and a role's pending invitations (spec §7, README API). */
import type { FastifyInstance } from 'fastify';
import { mayViewRoleMembers } from 'shared-auth/rules';
import { requireUser } from '../plugins/auth.js';
import { invitationScope, STATUS_FILTER } from '../domain/invitation-scope.js';
import { loadInvitationRows, toInvitations } from '../domain/invitations.js';
import {
  cappedCount,
  pageSchema,
  pageSql,
  pagedQueryProperties,
  type PagedQueryString,
} from '../domain/paging.js';
import { loadRole } from '../stores/roles.store.js';
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
      // Only the conditions asked for: "($n IS NULL OR …)" forms keep PostgreSQL from using the indexes.
      const params: unknown[] = [];
      const conditions: string[] = [STATUS_FILTER[status ?? 'all']];
      const param = (value: unknown) => `$${params.push(value)}`;
      if (page.like) {
        const like = param(page.like);
        conditions.push(`(lower(i.email) LIKE ${like} OR lower(inv.name) LIKE ${like})`);
      }
      if (mine) conditions.push(`i.inviter_id = ${param(user.id)}`);
      if (roleId !== undefined) {
        const role = await loadRole(app.db, registry(app), roleId);
        if (!role) throw httpError(404, `Role ${roleId} not found`);
        if (!mayViewRoleMembers(user, role)) throw httpError(403, 'missing roles');
        conditions.push(
          `i.id IN (SELECT ir.invitation_id FROM invitation_roles ir WHERE ir.role_id = ${param(roleId)})`,
        );
      } else if (!user.superUser) {
        const scope = invitationScope(user, params.length + 1);
        params.push(...scope.params);
        conditions.push(scope.where);
      }
      const where = conditions.join(' AND ');
      const from = page.like ? 'invitations i LEFT JOIN users inv ON inv.id = i.inviter_id' : 'invitations i';
      const rows = await loadInvitationRows(app.db, where, params, page.tail);
      const total = await cappedCount(app.db, `FROM ${from} WHERE ${where}`, params, {
        rows: rows.length,
        size: page.size,
        offset: page.offset,
      });
      return { content: await toInvitations(app.db, registry(app), rows), totalElements: total };
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
