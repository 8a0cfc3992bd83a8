/**
 * /api/external/v1/invitations: what an integration does with invitations — create (a hundred at once,
 * with the accept links in the answer), resend, revoke, list a role's. The same use cases and rules as the
 * console's /api/v1/invitations, with the token's reach as the user (plugins/external-token.ts).
 */
import { allowedToDeleteInvitation, mayManageInvitation, mayViewRoleMembers } from 'shared-auth/rules';
import { idSchema } from '../../domain/ids.js';
import { idParams, invitationSchema } from '../../domain/schemas.js';
import { requireUser } from '../../plugins/auth.js';
import { EXTERNAL_API_PREFIX } from '../../plugins/external-token.js';
import { apiTokenOnly } from '../../plugins/permissions.js';
import { openInvitationsOfRole, toInvitations } from '../../stores/invitations.store.js';
import { inviteForIntegration } from '../../use-cases/invitation-api-create.js';
import { resendInvitation } from '../../use-cases/invitation-send.js';
import { removeInvitation } from '../../use-cases/invitation-write.js';
import { idempotencyKeyHeaders, idempotent } from '../../use-cases/idempotent.js';
import { invitationInPath } from '../invitations.js';
import { roleIdInPath as roleInPath } from '../role-entities.js';
import { answer, deleted, externalRouteConfig, problems, tokenSecurity } from './schemas.js';
import { createBodySchema, createdSchema, type Created } from './invitation-schemas.js';
import type { SchemaTypedApp } from '../../plugins/schema-types.js';

export default async function externalInvitationRoutes(app: SchemaTypedApp): Promise<void> {
  app.post(
    `${EXTERNAL_API_PREFIX}/invitations`,
    {
      preHandler: apiTokenOnly,
      config: externalRouteConfig,
      schema: {
        operationId: 'createInvitations',
        tags: ['invitations'],
        summary: 'Invite people to roles (up to 1000 addresses a call)',
        description:
          "One invitation, with its own accept link, per address. A super-user token invites to any role; an organisation token to the roles on its organisation's applications, up to MANAGER. With `suppressSendingEmails` no mail goes out and the integration sends the links itself. Send an `Idempotency-Key` to make a retry safe.",
        security: tokenSecurity,
        headers: idempotencyKeyHeaders,
        body: createBodySchema,
        response: {
          201: answer('The invitations, with their accept links', createdSchema),
          ...problems(404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request.user);
      const result = await idempotent<Created>(request, 'POST invitations', async () => {
        const token = request.apiToken!;
        const body = await inviteForIntegration(
          app,
          request,
          principal,
          request.body,
          `API token ${token.id} (${token.description})`,
        );
        return { status: 201, body };
      });
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      reply.statusCode = result.status;
      return result.body;
    },
  );

  app.put(
    `${EXTERNAL_API_PREFIX}/invitations/:id`,
    {
      preHandler: [apiTokenOnly, invitationInPath.permit(mayManageInvitation)],
      config: externalRouteConfig,
      schema: {
        operationId: 'resendInvitation',
        tags: ['invitations'],
        summary: 'Mail an open invitation again',
        description: 'An expired invitation gets 30 more days. An accepted one cannot be resent (409).',
        security: tokenSecurity,
        params: idParams,
        response: { 200: answer('The invitation', invitationSchema), ...problems(404, 409) },
      },
    },
    async (request) => resendInvitation(app, request, invitationInPath.of(request).row, null),
  );

  app.delete(
    `${EXTERNAL_API_PREFIX}/invitations/:id`,
    {
      preHandler: [apiTokenOnly, invitationInPath.permit(allowedToDeleteInvitation)],
      config: externalRouteConfig,
      schema: {
        operationId: 'revokeInvitation',
        tags: ['invitations'],
        summary: 'Revoke an invitation',
        description: 'Its link stops working. An accepted invitation cannot be revoked (403).',
        security: tokenSecurity,
        params: idParams,
        response: { 204: deleted, ...problems(404) },
      },
    },
    async (request, reply) => {
      const { row } = invitationInPath.of(request);
      await removeInvitation(app, request, row);
      return reply.status(204).send();
    },
  );

  app.get(
    `${EXTERNAL_API_PREFIX}/invitations/roles/:roleId`,
    {
      preHandler: [apiTokenOnly, roleInPath.permit(mayViewRoleMembers)],
      config: externalRouteConfig,
      schema: {
        operationId: 'roleInvitations',
        tags: ['invitations'],
        summary: "A role's invitations not yet accepted",
        security: tokenSecurity,
        params: { type: 'object', required: ['roleId'], properties: { roleId: idSchema } },
        response: {
          200: answer('The open invitations, newest first (at most 1000)', {
            type: 'array',
            items: invitationSchema,
          }),
          ...problems(404),
        },
      },
    },
    async (request) => {
      const role = roleInPath.of(request);
      const rows = await openInvitationsOfRole(app.db, role.id);
      return toInvitations(app.db, app.registry, rows);
    },
  );
}
