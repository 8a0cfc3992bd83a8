/**
 * Invitations made by an integration (the external API's token, the internal API's service account): the
 * body checked against the principal's reach (invitation-create.ts), written and mailed unless
 * `suppressSendingEmails` (invitation-send.ts), answered with each address's accept link.
 */
import type { FastifyInstance } from 'fastify';
import type { InvitationRequest, User } from 'shared-auth/rules';
import { checkRequestedAuthnContext } from '../domain/role-input.js';
import { invitationUrl } from '../mail/invitation-mail.js';
import type { AuditActor } from '../stores/audit.store.js';
import { checkInvitation } from './invitation-create.js';
import { sendInvitations } from './invitation-send.js';

export interface IntegrationInvitations {
  status: 201;
  invitationIdentifiers: number[];
  recipientInvitationURLs: Array<{ recipient: string; invitationURL: string }>;
}

export async function inviteForIntegration(
  app: FastifyInstance,
  actor: AuditActor,
  principal: User,
  body: InvitationRequest & { suppressSendingEmails?: boolean },
  /** Who the invitations say made them (an API token, a service account). */
  remoteApiUser: string,
): Promise<IntegrationInvitations> {
  checkRequestedAuthnContext(body.requestedAuthnContext, app.config.acrValues);
  const checked = await checkInvitation(app.db, app.registry, principal, body, app.config.pastDateAllowed);
  const created = await sendInvitations(app, actor, checked, {
    inviter: null,
    remoteApiUser,
    suppressSendingEmails: body.suppressSendingEmails === true,
  });
  return {
    status: 201,
    invitationIdentifiers: created.map((c) => c.id),
    recipientInvitationURLs: created.map((c, index) => ({
      recipient: checked.emails[index],
      invitationURL: invitationUrl(app.config.publicUrl, c.hash),
    })),
  };
}
