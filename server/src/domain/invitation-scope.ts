/** Which invitations a user may list (spec §6: super user all; others those of roles they help run). */
import { authorityRank, ownApplicationIds, type User } from 'shared-auth/rules';

/**
 * A WHERE fragment over alias `i`, with parameters numbered from `first`: the user's own invitations,
 * those for roles the user holds as INVITER or higher, and for an institution admin those for roles on
 * the institution's applications and the institution-admin invitations of the institution.
 */
export function invitationScope(user: User, first: number): { where: string; params: unknown[] } {
  if (user.superUser) return { where: 'TRUE', params: [] };
  const roleIds = user.userRoles
    .filter((ur) => authorityRank(ur.authority) <= authorityRank('INVITER'))
    .map((ur) => ur.role.id);
  const apps = ownApplicationIds(user);
  const org = user.institutionAdmin ? (user.organizationGUID ?? null) : null;
  const [u, r, a, o] = [first, first + 1, first + 2, first + 3];
  return {
    where: `(i.inviter_id = $${u} OR ($${o}::text IS NOT NULL AND i.organization_guid = $${o}) OR EXISTS (
      SELECT 1 FROM invitation_roles ir WHERE ir.invitation_id = i.id AND (ir.role_id = ANY($${r}::bigint[])
        OR EXISTS (SELECT 1 FROM application_usages au WHERE au.role_id = ir.role_id AND au.manage_id = ANY($${a}::text[])))))`,
    params: [user.id, roleIds, apps, org],
  };
}

export const STATUS_FILTER: Record<string, string> = {
  open: "i.status = 'OPEN' AND i.expiry_date >= now()",
  accepted: "i.status = 'ACCEPTED'",
  expired: "i.status = 'OPEN' AND i.expiry_date < now()",
  pending: "i.status = 'OPEN'",
  all: 'TRUE',
};
