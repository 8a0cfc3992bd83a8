import { authoritiesBelow, effectiveAuthority, strongerAuthority } from './authority.js';
import { userManagesRoleApplication } from './applications.js';
import {
  AUTHORITIES,
  type Authority,
  type Invitation,
  type InvitationStatus,
  type Role,
  type User,
} from './types.js';

function hasApplications(role: Partial<Role>): role is Role {
  return Boolean(role.applicationUsages?.length || role.applicationMaps?.length);
}

/** The user's own level for one role: INSTITUTION_ADMIN for an owned application, else the role held. */
function ownLevelForRole(user: User, role: Pick<Role, 'id'> & Partial<Role>): Authority | null {
  if (hasApplications(role) && userManagesRoleApplication(user, role)) return 'INSTITUTION_ADMIN';
  const held = (user.userRoles ?? []).filter((userRole) => userRole.role?.id === role.id);
  return held.reduce<Authority | null>(
    (best, userRole) => (best ? strongerAuthority(best, userRole.authority) : userRole.authority),
    null,
  );
}

/**
 * Spec §5 'Available authority choices' of the invitation form: a super user sees all; an institution
 * admin with applications who holds none of the selected roles (all of its own applications) sees all
 * but SUPER_USER; anyone else sees only the levels below their own — for selected roles, below the
 * weakest level they hold among them (nothing when they hold one of them not at all).
 */
export function allowedAuthoritiesForInvitation(
  user: User | null | undefined,
  selectedRoles: Array<Pick<Role, 'id'> & Partial<Role>>,
): Authority[] {
  if (!user) return [];
  if (user.superUser) return [...AUTHORITIES];
  const heldRoleIds = new Set((user.userRoles ?? []).map((userRole) => userRole.role?.id));
  const holdsSelected = selectedRoles.some((role) => heldRoleIds.has(role.id));
  // Roles given by id only (a form that has not loaded them yet) cannot be checked against applications.
  const allOwnApplications = selectedRoles.every(
    (role) => !hasApplications(role) || userManagesRoleApplication(user, role),
  );
  if (user.institutionAdmin && (user.applications ?? []).length > 0 && !holdsSelected && allOwnApplications) {
    return AUTHORITIES.filter((authority) => authority !== 'SUPER_USER');
  }
  if (selectedRoles.length === 0) return authoritiesBelow(effectiveAuthority(user, true));
  let weakest: Authority | null = null;
  for (const role of selectedRoles) {
    const level = ownLevelForRole(user, role);
    if (!level) return [];
    weakest = weakest === null || strongerAuthority(weakest, level) === weakest ? level : weakest;
  }
  return weakest ? authoritiesBelow(weakest) : [];
}

/**
 * Spec §4 'Invitation status': an invitation not yet accepted whose expiry date (epoch seconds) is in
 * the past is EXPIRED; otherwise the status the server gave.
 */
export function invitationStatus(
  invitation: Pick<Invitation, 'status' | 'expiryDate'>,
  now: Date | number = Date.now(),
): InvitationStatus {
  if (invitation.status === 'ACCEPTED') return 'ACCEPTED';
  return isInvitationExpired(invitation, now) ? 'EXPIRED' : invitation.status;
}

/** True when the expiry date (epoch seconds) lies before `now` (a Date or epoch milliseconds). */
export function isInvitationExpired(
  invitation: Pick<Invitation, 'expiryDate'>,
  now: Date | number = Date.now(),
): boolean {
  const nowMs = typeof now === 'number' ? now : now.getTime();
  return typeof invitation.expiryDate === 'number' && invitation.expiryDate * 1000 < nowMs;
}
