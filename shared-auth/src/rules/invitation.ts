import { authoritiesBelow, effectiveAuthority, strongerAuthority } from './authority.js';
import { applicationManagerOwnsRole, userManagesRoleApplication } from './applications.js';
import { isKnownId, sameId } from './ids.js';
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

/** A role given by id only: neither its application usages nor its application maps were loaded. */
function applicationsUnknown(role: Partial<Role>): boolean {
  return role.applicationUsages === undefined && role.applicationMaps === undefined;
}

/**
 * The user's own level for one role: INSTITUTION_ADMIN for an owned application, APPLICATION_MANAGER when
 * every one of its applications is managed by the user, else the role held.
 */
function ownLevelForRole(user: User, role: Pick<Role, 'id'> & Partial<Role>): Authority | null {
  if (hasApplications(role) && userManagesRoleApplication(user, role)) return 'INSTITUTION_ADMIN';
  if (hasApplications(role) && applicationManagerOwnsRole(user, role)) return 'APPLICATION_MANAGER';
  const held = (user.userRoles ?? []).filter((userRole) => sameId(userRole.role?.id, role.id));
  return held.reduce<Authority | null>(
    (best, userRole) => (best ? strongerAuthority(best, userRole.authority) : userRole.authority),
    null,
  );
}

/**
 * Spec §5 'Available authority choices' of the invitation form, and the server's check of every new
 * invitation (one rule: the form offers exactly what the server accepts).
 *
 * - A super user sees all.
 * - "An institution admin with applications and no matching roles sees all except SUPER_USER". Our
 *   reading: an institution admin with at least one application, who holds none of the selected roles
 *   ("no matching roles"), while every selected role belongs to one of its own applications (§6: an
 *   institution admin manages the roles of its applications, no others). Such an admin may grant
 *   INSTITUTION_ADMIN too: accepting makes the invitee an institution admin of the inviter's own
 *   organisation, with the selected roles. §6 'Target INSTITUTION_ADMIN: never allowed' is about acting
 *   on existing entries (end date, removal), not about inviting.
 * - Anyone else ("others") sees only the levels below their own: without selected roles, below their
 *   effective authority; with selected roles, below the weakest level they have among them, where an
 *   owned application counts as INSTITUTION_ADMIN (so MANAGER and below) — and nothing when they have
 *   no level at all on one of them. An application manager's level on a role whose applications are all
 *   theirs is APPLICATION_MANAGER (so MANAGER and below); on a role that also opens another application
 *   only the role they hold counts.
 * - APPLICATION_MANAGER invitations name applications (manageIdentifiers), not roles: offered only while
 *   no role is chosen, to a super user and an institution admin with applications; which applications is
 *   mayGrantApplicationManager's.
 *
 * A role given by id only (a form that has not loaded it yet) has unknown applications and is not held
 * against the admin; the server always passes loaded roles, where a role without applications is not
 * one of the admin's own.
 */
export function allowedAuthoritiesForInvitation(
  user: User | null | undefined,
  selectedRoles: Array<Pick<Role, 'id'> & Partial<Role>>,
): Authority[] {
  const allowed = allowedAuthoritiesForRoles(user, selectedRoles);
  return selectedRoles.length === 0
    ? allowed
    : allowed.filter((authority) => authority !== 'APPLICATION_MANAGER');
}

function allowedAuthoritiesForRoles(
  user: User | null | undefined,
  selectedRoles: Array<Pick<Role, 'id'> & Partial<Role>>,
): Authority[] {
  if (!user) return [];
  if (user.superUser) return [...AUTHORITIES];
  const heldRoleIds = new Set((user.userRoles ?? []).map((userRole) => userRole.role?.id).filter(isKnownId));
  const holdsSelected = selectedRoles.some((role) => isKnownId(role.id) && heldRoleIds.has(role.id));
  const allOwnApplications = selectedRoles.every(
    (role) => applicationsUnknown(role) || userManagesRoleApplication(user, role as Role),
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
 * Whether the user may make someone application manager of these registry applications: a super user of
 * any, an institution admin of their own organisation's applications (all of them must be), nobody else.
 * At least one application is needed.
 */
export function mayGrantApplicationManager(
  user: User | null | undefined,
  manageIds: readonly string[],
): boolean {
  if (!user || manageIds.length === 0) return false;
  if (user.superUser) return true;
  if (!user.institutionAdmin) return false;
  const own = new Set((user.applications ?? []).map((application) => application.id));
  return manageIds.every((manageId) => own.has(manageId));
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
