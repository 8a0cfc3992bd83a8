/**
 * Accepting an invitation (spec §4): a conditional update claims the invitation (so of two simultaneous
 * accepts exactly one wins) and the user roles are granted or raised with it. An acceptance that only adds
 * memberships is one statement (acceptAtOnce); any other one transaction (acceptInvitation).
 */
import type { FastifyInstance } from 'fastify';
import type { User } from 'shared-auth/rules';
import { audit, auditAll, type AuditActor, type AuditEntry } from '../stores/audit.store.js';
import type { Db, Queryable } from '../db/types.js';
import { httpError } from '../errors.js';
import {
  invitationSnapshot,
  invitationStatusOf,
  type ApiInvitation,
  type InvitationRow,
} from '../stores/invitation.rows.js';
import {
  claimInvitation,
  claimInvitationAudited,
  invitationByHash,
  toInvitations,
} from '../stores/invitations.store.js';
import { grantUserRole, MEMBER_ALREADY, membershipCreated } from '../stores/user-roles.store.js';
import { grantAuthority, lockUserRights } from '../stores/authority-grants.store.js';
import { grantApplications } from '../stores/application-managers.store.js';

/** Refuses an invitation the user may not accept: 409 when no longer open, 412 on an e-mail mismatch. */
export function checkAcceptable(row: InvitationRow, user: User, eduIdSchacHome: string): void {
  const status = invitationStatusOf(row);
  if (status === 'ACCEPTED') throw httpError(409, 'The invitation has already been accepted');
  if (status === 'EXPIRED') throw httpError(409, 'The invitation has expired');
  if (row.enforce_email_equality && user.email?.trim().toLowerCase() !== row.email.trim().toLowerCase()) {
    throw httpError(412, `The invitation must be accepted with email address ${row.email}`, {
      email: row.email,
    });
  }
  if (row.edu_id_only && user.schacHomeOrganization !== eduIdSchacHome) {
    throw httpError(412, 'The invitation must be accepted with an eduID account', { email: row.email });
  }
}

/**
 * Refuses (412) an invitation that asks for a requested authentication context this login's ID token did
 * not carry (its `acr`): nothing is granted, the invitation stays open, and the refusal is audited on its
 * own (the acceptance's transaction never starts). The answer names the value, so the page can say what is
 * asked for and offer a new login.
 */
export async function checkAssurance(
  db: Db,
  actor: AuditActor,
  row: InvitationRow,
  acr: string | undefined,
): Promise<void> {
  const asked = row.requested_authn_context;
  if (!asked || acr?.split(' ').includes(asked)) return;
  const reason = `The invitation must be accepted with a login that carries ${asked}`;
  await audit(db, actor, {
    entityType: 'invitation',
    entityId: Number(row.id),
    action: 'denied',
    before: invitationSnapshot(row),
    after: { reason, requestedAuthnContext: asked, acr: acr ?? null },
  });
  throw httpError(412, reason, { email: row.email, requestedAuthnContext: asked, acr: acr ?? null });
}

/**
 * Runs inside a transaction; throws 409 when another accept claimed the invitation first. The invitation
 * as accepted.
 */
export async function acceptInvitation(
  q: Queryable,
  actor: AuditActor,
  user: User,
  row: InvitationRow,
): Promise<InvitationRow> {
  // The claim adds the memberships of a user who is no member yet of the invitation's roles (one statement).
  const accepted = await claimInvitation(q, Number(row.id), user.id);
  if (!accepted) throw httpError(409, 'The invitation is no longer open');

  // The acceptance's audit rows, written together at its end (one statement).
  const audits: AuditEntry[] = [];
  const added = new Map(accepted.granted.map((g) => [Number(g.role_id), g]));
  for (const link of accepted.links) {
    const membership = added.get(link.roleId);
    if (membership) {
      audits.push(membershipCreated(membership));
      continue;
    }
    // A member already: the grant merged with the membership.
    await grantUserRole(
      q,
      actor,
      {
        userId: user.id,
        roleId: link.roleId,
        authority: link.authority,
        guestIncluded: link.guestRoleIncluded,
        endDate: link.endDate,
        inviter: link.inviter,
      },
      audits,
    );
  }

  // A super user's or an institution admin's right from an invitation is a grant of its own, which lasts
  // until a super user removes it; the login's claims never take it away nor does it outlive its removal.
  let granted:
    | { authority: string; organizationGUID: string | null }
    | { authority: 'APPLICATION_MANAGER'; applications: string[] }
    | undefined;
  if (row.intended_authority === 'SUPER_USER' || row.intended_authority === 'INSTITUTION_ADMIN') {
    const { grant } = await grantAuthority(q, {
      userId: user.id,
      authority: row.intended_authority,
      organizationGUID: row.organization_guid,
      invitationId: Number(row.id),
      grantedById: row.inviter_id === null ? null : Number(row.inviter_id),
      grantedByName: row.inviter_name ?? row.inviter_email ?? row.remote_api_user,
    });
    granted = { authority: grant.authority, organizationGUID: grant.organization_guid };
  }
  // An application manager's applications: each a grant of its own (who, which invitation, when), read
  // with the user on every request, until removed.
  if (row.intended_authority === 'APPLICATION_MANAGER') {
    await lockUserRights(q, user.id);
    const stored = await grantApplications(q, {
      userId: user.id,
      applications: row.manage_identifiers ?? [],
      invitationId: Number(row.id),
      grantedById: row.inviter_id === null ? null : Number(row.inviter_id),
      grantedByName: row.inviter_name ?? row.inviter_email ?? row.remote_api_user,
    });
    granted = { authority: 'APPLICATION_MANAGER', applications: stored.map((a) => a.manage_id) };
  }
  audits.push(acceptance(row, user, granted));
  await auditAll(q, actor, audits);
  const { links: _links, granted: _granted, ...invitation } = accepted;
  return invitation;
}

/** The acceptance's own audit row: the invitation before and as accepted, with the rights it granted. */
function acceptance(row: InvitationRow, user: User, granted?: unknown): AuditEntry {
  return {
    entityType: 'invitation',
    entityId: Number(row.id),
    action: 'accept',
    before: invitationSnapshot(row),
    after: {
      ...invitationSnapshot({ ...row, status: 'ACCEPTED' }),
      acceptedBy: user.id,
      ...(granted ? { granted } : {}),
    },
  };
}

/**
 * The intended authorities whose acceptance only adds memberships: the ones acceptAtOnce may take. Any other
 * (a super user's, an institution admin's, an application manager's, or one added later) grants a right of its
 * own through acceptInvitation's transaction.
 */
const MEMBERSHIPS_ONLY: ReadonlySet<string> = new Set(['GUEST', 'INVITER', 'MANAGER']);

const isMemberAlready = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === '23505' &&
  (error as { constraint?: unknown }).constraint === MEMBER_ALREADY;

/**
 * An acceptance that only adds memberships, in one statement outside a transaction (claimInvitationAudited:
 * the claim, the memberships and their audit rows with the acceptance's): the invitation as accepted.
 * Throws 409 when it is no longer open. Undefined when the acceptance needs acceptInvitation's transaction,
 * and then nothing was changed: the invitation grants a right of its own, or the user holds one of its roles
 * already (known from the session, or refused by the statement when it became so since), to be merged.
 */
export async function acceptAtOnce(
  q: Queryable,
  actor: AuditActor,
  user: User,
  row: InvitationRow,
): Promise<InvitationRow | undefined> {
  if (!MEMBERSHIPS_ONLY.has(row.intended_authority)) return undefined;
  const held = new Set(user.userRoles.map((membership) => Number(membership.role.id)));
  if (row.invitation_roles.some((link) => held.has(Number(link.roleId)))) return undefined;
  let claimed;
  try {
    claimed = await claimInvitationAudited(q, Number(row.id), user.id, actor, acceptance(row, user));
  } catch (error) {
    if (isMemberAlready(error)) return undefined;
    throw error;
  }
  if (!claimed) throw httpError(409, 'The invitation is no longer open');
  const { links: _links, granted: _granted, ...invitation } = claimed;
  return invitation;
}

/** What accepting by hash needs of the app. */
type AcceptDeps = Pick<FastifyInstance, 'db' | 'registry' | 'config'>;

/**
 * Accepting the invitation `hash` opens (the console's accept page), by `user` whose login carried `acr`:
 * 404 when there is none or it is not `invitationId` (when given), then checkAcceptable, checkAssurance
 * and acceptInvitation in its transaction. The invitation as accepted.
 */
export async function acceptInvitationByHash(
  app: AcceptDeps,
  actor: AuditActor,
  user: User,
  { hash, invitationId }: { hash: string; invitationId?: number },
  acr: string | undefined,
): Promise<ApiInvitation> {
  const row = await invitationByHash(app.db, hash);
  if (!row || (invitationId !== undefined && Number(row.id) !== invitationId)) {
    throw httpError(404, 'Invitation not found');
  }
  checkAcceptable(row, user, app.config.eduidHomeOrganization);
  await checkAssurance(app.db, actor, row, acr);
  const accepted =
    (await acceptAtOnce(app.db, actor, user, row)) ??
    (await app.db.tx((q) => acceptInvitation(q, actor, user, row)));
  return (await toInvitations(app.db, app.registry, [accepted]))[0];
}
