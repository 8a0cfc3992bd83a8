/**
 * Writing checked invitations and mailing them: the console's `POST /api/v1/invitations` and the external
 * API's `POST /api/external/v1/invitations` are two faces of this one use case (its resend too).
 */
import type { FastifyInstance } from 'fastify';
import type { User } from 'shared-auth/rules';
import type { CheckedInvitation } from '../domain/invitation-create.js';
import { untracked, type ProgressTracker } from '../domain/bulk-progress.js';
import { invitationMessage, inviterDisplayName } from '../mail/invitation-mail.js';
import { SMTP_MAX_CONNECTIONS } from '../mail/mailer.js';
import type { MailLogo } from '../mail/templates.js';
import type { AuditActor } from '../stores/audit.store.js';
import type { ApiInvitation } from '../stores/invitation.rows.js';
import type { InvitationRow } from '../stores/invitation.rows.js';
import {
  discardInvitations,
  insertInvitations,
  invitationsByIds,
  recordResend,
  toInvitations,
} from '../stores/invitations.store.js';
import { INVITATION_VALIDITY_DAYS } from '../domain/invitation-create.js';
import { DAY_MS } from '../domain/time.js';
import { httpError } from '../errors.js';

/** Mails sent at the same time; matches the SMTP pool's connections. */
const MAILS_AT_ONCE = SMTP_MAX_CONNECTIONS;
/** Invitations written per transaction of a bulk create (each slice a few tens of milliseconds). */
const BULK_SLICE = 25;

/** A written invitation: its id and the secret hash of its accept link. */
export interface CreatedInvitation {
  id: number;
  hash: string;
}

function language(invitation: ApiInvitation): 'en' | 'nl' {
  return invitation.language === 'nl' ? 'nl' : 'en';
}

/**
 * The logo of the inviting institution in the registry: that of the organisation of the invitation's first
 * role that has one, else of the invitation's own organisation (an institution admin invitation); null
 * when the registry has no logo for it.
 */
async function invitingInstitutionLogo(
  app: FastifyInstance,
  invitation: ApiInvitation,
  lang: 'en' | 'nl',
): Promise<MailLogo | null> {
  const guids = [...invitation.roles.map((link) => link.role.organizationGUID), invitation.organizationGUID];
  const guid = guids.find((g): g is string => Boolean(g));
  if (!guid) return null;
  const institution = await app.registry.institutionOfOrganization(guid);
  if (!institution?.logo) return null;
  const name = institution[`name:${lang}`] ?? institution['name:en'] ?? institution['name:nl'] ?? '';
  return { url: institution.logo, name };
}

/** Mails the invitations (a few at a time) and answers them as the API shows them. */
export async function mailInvitations(
  app: FastifyInstance,
  created: readonly CreatedInvitation[],
  inviter: Pick<User, 'name' | 'email'> | null,
  tracker: ProgressTracker = untracked,
): Promise<ApiInvitation[]> {
  const rows = await invitationsByIds(
    app.db,
    created.map((c) => c.id),
  );
  const invitations = await toInvitations(app.db, app.registry, rows);
  const mailOne = async (invitation: ApiInvitation) => {
    const hash = created.find((c) => c.id === invitation.id)?.hash as string;
    const name = inviterDisplayName(
      inviter,
      invitation.roles.map((r) => r.role),
    );
    const message = invitationMessage(
      invitation,
      hash,
      name,
      app.config.publicUrl,
      await invitingInstitutionLogo(app, invitation, language(invitation)),
    );
    // Development only (the accept link is a secret): the log names the link to open.
    if (app.config.devIdp) {
      app.log.info(
        { invitationId: invitation.id, to: invitation.email, acceptUrl: message.acceptUrl },
        'invitation accept link',
      );
    }
    try {
      await app.mailer.send(message);
    } catch (error) {
      // The invitation stands (it can be resent); the failure is for the operators.
      app.log.error({ err: error, invitationId: invitation.id }, 'invitation mail failed');
    }
  };
  // A few at a time, over the mailer's pooled connections: one by one, a bulk invitation took far longer.
  let mailed = 0;
  for (let start = 0; start < invitations.length; start += MAILS_AT_ONCE) {
    await Promise.all(
      invitations.slice(start, start + MAILS_AT_ONCE).map(async (invitation) => {
        await mailOne(invitation);
        tracker.update({ mailed: ++mailed });
      }),
    );
  }
  return invitations;
}

/**
 * Writes the checked invitations, all or nothing, then mails them unless `suppressSendingEmails` (the
 * integration mails the links itself). A bulk of up to 1000 goes in slices, each its own short
 * transaction with a turn for the waiting requests between them: one transaction held the database
 * (PGlite's only connection) for seconds.
 */
export async function sendInvitations(
  app: FastifyInstance,
  actor: AuditActor,
  checked: CheckedInvitation,
  options: {
    /** The person who invites (null for a token of the external API). */
    inviter: User | null;
    /** Set when the invitations came in through an API token. */
    remoteApiUser: string | null;
    suppressSendingEmails?: boolean;
    tracker?: ProgressTracker;
  },
): Promise<CreatedInvitation[]> {
  const tracker = options.tracker ?? untracked;
  tracker.update({ phase: 'writing', total: checked.emails.length });
  const created: CreatedInvitation[] = [];
  try {
    for (let from = 0; from < checked.emails.length; from += BULK_SLICE) {
      if (from > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const slice = { ...checked, emails: checked.emails.slice(from, from + BULK_SLICE) };
      created.push(
        ...(await app.db.tx((q) =>
          insertInvitations(q, actor, options.inviter?.id ?? null, options.remoteApiUser, slice),
        )),
      );
      tracker.update({ written: created.length });
    }
  } catch (error) {
    // All or nothing, as before the slices: the slices already written (none mailed yet) go again.
    await app.db.tx((q) =>
      discardInvitations(
        q,
        created.map((c) => c.id),
      ),
    );
    tracker.update({ written: 0 });
    throw error;
  }
  if (!options.suppressSendingEmails) {
    tracker.update({ phase: 'mailing' });
    await mailInvitations(app, created, options.inviter, tracker);
  }
  return created;
}

/**
 * Mails an open invitation again (audited; an expired one is open again for INVITATION_VALIDITY_DAYS): 409
 * for an accepted one. The mail names the invitation's inviter, or `inviterWhenNone` for an invitation
 * that has none (one made through the external API).
 */
export async function resendInvitation(
  app: FastifyInstance,
  actor: AuditActor,
  row: InvitationRow,
  inviterWhenNone: Pick<User, 'name' | 'email'> | null,
): Promise<ApiInvitation> {
  if (row.status !== 'OPEN') throw httpError(409, 'An accepted invitation cannot be resent');
  const expired = new Date(row.expiry_date).getTime() < Date.now();
  const reopenedUntil = expired ? new Date(Date.now() + INVITATION_VALIDITY_DAYS * DAY_MS) : null;
  await app.db.tx((q) => recordResend(q, actor, row, reopenedUntil));
  const inviter =
    row.inviter_id === null
      ? inviterWhenNone
      : { name: row.inviter_name ?? undefined, email: row.inviter_email ?? undefined };
  const [invitation] = await mailInvitations(app, [{ id: Number(row.id), hash: row.hash }], inviter);
  return invitation;
}
