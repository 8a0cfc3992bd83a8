/**
 * Accepting an invitation (spec §4): one transaction that claims the invitation with a conditional
 * UPDATE (so of two simultaneous accepts exactly one wins), then grants or raises the user roles.
 */
import { authorityRank, type User } from 'shared-auth/rules';
import { audit, type AuditActor } from '../audit.js';
import type { Queryable } from '../db/types.js';
import { httpError } from '../errors.js';
import { invitationSnapshot, invitationStatusOf, type InvitationRow } from './invitations.js';
import { DAY_MS } from './time.js';
import { userRoleSnapshot, type UserRoleRow } from './user-roles.js';

/** Refuses an invitation the user may not accept: 409 when no longer open, 412 on an e-mail mismatch. */
export function checkAcceptable(row: InvitationRow, user: User, eduIdSchacHome: string): void {
  const status = invitationStatusOf(row);
  if (status === 'ACCEPTED') throw httpError(409, 'The invitation has already been accepted');
  if (status === 'EXPIRED') throw httpError(409, 'The invitation has expired');
  if (
    row.enforce_email_equality &&
    (user.email ?? '').trim().toLowerCase() !== row.email.trim().toLowerCase()
  ) {
    throw httpError(412, `The invitation must be accepted with email address ${row.email}`, {
      email: row.email,
    });
  }
  if (row.edu_id_only && user.schacHomeOrganization !== eduIdSchacHome) {
    throw httpError(412, 'The invitation must be accepted with an eduID account', { email: row.email });
  }
}

interface RoleDefaults {
  id: string;
  default_expiry_days: number;
}

function endDateFor(
  link: { endDate: string | null },
  row: InvitationRow,
  role: RoleDefaults | undefined,
): Date | null {
  if (link.endDate) return new Date(link.endDate);
  if (row.role_expiry_date) return new Date(row.role_expiry_date);
  if (role && role.default_expiry_days > 0) return new Date(Date.now() + role.default_expiry_days * DAY_MS);
  return null;
}

async function grantRole(
  q: Queryable,
  actor: AuditActor,
  user: User,
  row: InvitationRow,
  roleId: number,
  endDate: Date | null,
): Promise<void> {
  const existing = (
    await q.query<UserRoleRow>('SELECT * FROM user_roles WHERE user_id = $1 AND role_id = $2 FOR UPDATE', [
      user.id,
      roleId,
    ])
  ).rows[0];
  const intended = row.intended_authority;
  const guestIncluded = row.guest_role_included && intended !== 'GUEST';
  if (!existing) {
    const { rows } = await q.query<UserRoleRow>(
      `INSERT INTO user_roles (user_id, role_id, authority, guest_role_included, end_date, inviter)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [user.id, roleId, intended, guestIncluded, endDate, row.inviter_email ?? row.remote_api_user],
    );
    await audit(q, actor, {
      entityType: 'user_role',
      entityId: Number(rows[0].id),
      action: 'create',
      after: userRoleSnapshot(rows[0]),
    });
    return;
  }
  // Raise a weaker authority, never lower a stronger one; keep the later of the two end dates.
  const authority =
    authorityRank(intended) < authorityRank(existing.authority) ? intended : existing.authority;
  const keepOpen = existing.end_date === null || endDate === null;
  const later = keepOpen
    ? null
    : new Date(Math.max(new Date(existing.end_date as Date).getTime(), endDate.getTime()));
  const { rows } = await q.query<UserRoleRow>(
    `UPDATE user_roles SET authority = $2, guest_role_included = guest_role_included OR $3, end_date = $4,
       expiry_notified_at = NULL WHERE id = $1 RETURNING *`,
    [existing.id, authority, guestIncluded, later],
  );
  await audit(q, actor, {
    entityType: 'user_role',
    entityId: Number(existing.id),
    action: 'update',
    before: userRoleSnapshot(existing),
    after: userRoleSnapshot(rows[0]),
  });
}

/** Runs inside a transaction; throws 409 when another accept claimed the invitation first. */
export async function acceptInvitation(
  q: Queryable,
  actor: AuditActor,
  user: User,
  row: InvitationRow,
): Promise<void> {
  const claimed = await q.query(
    `UPDATE invitations SET status = 'ACCEPTED', accepted_at = now(), accepted_by = $2
     WHERE id = $1 AND status = 'OPEN' AND expiry_date > now() RETURNING id`,
    [row.id, user.id],
  );
  if (claimed.rowCount !== 1) throw httpError(409, 'The invitation is no longer open');

  const links = Array.isArray(row.invitation_roles) ? row.invitation_roles : [];
  const roleIds = links.map((l) => Number(l.roleId));
  const roles = roleIds.length
    ? (
        await q.query<RoleDefaults>(
          'SELECT id, default_expiry_days FROM roles WHERE id = ANY($1::bigint[])',
          [roleIds],
        )
      ).rows
    : [];
  const byId = new Map(roles.map((r) => [Number(r.id), r]));
  for (const link of links) {
    const role = byId.get(Number(link.roleId));
    if (!role) continue;
    await grantRole(q, actor, user, row, Number(role.id), endDateFor(link, row, role));
  }

  if (row.intended_authority === 'SUPER_USER') {
    await q.query('UPDATE users SET super_user = TRUE WHERE id = $1', [user.id]);
  } else if (row.intended_authority === 'INSTITUTION_ADMIN') {
    await q.query(
      'UPDATE users SET institution_admin = TRUE, organization_guid = COALESCE($2, organization_guid) WHERE id = $1',
      [user.id, row.organization_guid],
    );
  }
  await audit(q, actor, {
    entityType: 'invitation',
    entityId: Number(row.id),
    action: 'accept',
    before: invitationSnapshot(row),
    after: { ...invitationSnapshot({ ...row, status: 'ACCEPTED' }), acceptedBy: user.id },
  });
}
