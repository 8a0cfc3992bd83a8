/**
 * Creating invitations from the console and deleting (revoking) one: the console's `POST` and `DELETE
 * /api/v1/invitations` and the external API's `DELETE /api/external/v1/invitations/{id}`. Integrations
 * create through invitation-api-create.ts, resending is invitation-send.ts. The route has checked who may.
 */
import type { FastifyInstance } from 'fastify';
import type { InvitationRequest, User } from 'shared-auth/rules';
import type { ProgressTracker } from '../domain/bulk-progress.js';
import { checkRequestedAuthnContext } from '../domain/role-input.js';
import type { AuditActor } from '../stores/audit.store.js';
import type { InvitationRow } from '../stores/invitation.rows.js';
import { deleteInvitation } from '../stores/invitations.store.js';
import { checkInvitation } from './invitation-create.js';
import { sendInvitations } from './invitation-send.js';

/**
 * The invitations `body` asks for, made by `inviter` (whose reach the body is judged by) and mailed in
 * their name; `tracker` follows a bulk's progress. A summary: a bulk of 1000 full invitations would be
 * megabytes nobody reads.
 */
export async function inviteFromConsole(
  app: FastifyInstance,
  actor: AuditActor,
  inviter: User,
  body: InvitationRequest,
  tracker: ProgressTracker,
): Promise<{ created: number; ids: number[] }> {
  checkRequestedAuthnContext(body.requestedAuthnContext, app.config.acrValues);
  const checked = await checkInvitation(app.db, app.registry, inviter, body, app.config.pastDateAllowed);
  const created = await sendInvitations(app, actor, checked, { inviter, remoteApiUser: null, tracker });
  return { created: created.length, ids: created.map((c) => c.id) };
}

/** The invitation gone (audited). */
export async function removeInvitation(
  app: Pick<FastifyInstance, 'db'>,
  actor: AuditActor,
  row: InvitationRow,
): Promise<void> {
  await app.db.tx((q) => deleteInvitation(q, actor, row));
}
