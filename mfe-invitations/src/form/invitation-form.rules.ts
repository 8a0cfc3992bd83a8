/** The invitation form's rules (spec §4 Invitation form, §5 Invitation), pure so they can be tested alone. */
import {
  allowedAuthoritiesForInvitation,
  INVITATION_DEFAULT_VALIDITY_DAYS,
  INVITATION_MAX_DAYS,
  INVITATION_ROLE_EXPIRY_DAYS,
  isUserAllowed,
  mayInviteForRole,
  ROLE_DEFAULT_EXPIRY_DAYS,
  type Authority,
  type InvitationRequest,
  type Locale,
  type ManageIdentifier,
  type Role,
  type User,
} from 'shared-auth';
import { addDays, startOfDay } from 'shared-ui';

export interface InvitationFormValues {
  invitees: string[];
  intendedAuthority: Authority;
  roleIds: number[];
  message: string;
  language: Locale;
  expiryDate: Date | null;
  roleExpiryDate: Date | null;
  enforceEmailEquality: boolean;
  eduIDOnly: boolean;
  /** The assurance level the accepting login must carry; '' for none. */
  requestedAuthnContext: string;
  guestRoleIncluded: boolean;
  organizationGUID: string;
  /** An APPLICATION_MANAGER invitation's applications (issue 53). */
  manageIdentifiers: ManageIdentifier[];
}

export type InvitationFormErrors = Partial<
  Record<'invitees' | 'roles' | 'organizationGUID' | 'applications', string>
>;

/** The form needs at least inviter authority (spec §6); others are sent to /404. */
export function mayOpenInvitationForm(user: User | null | undefined): boolean {
  return isUserAllowed(user, 'INVITER');
}

/** Spec §4: intended authority defaults to guest, to inviter when `maintainer=true`. */
export function defaultIntendedAuthority(maintainer: string | null): Authority {
  return maintainer === 'true' ? 'INVITER' : 'GUEST';
}

/** The roles the user may invite for, by name; never one unknown in the registry (spec §6). */
export function invitableRoles(user: User | null | undefined, roles: Role[]): Role[] {
  return roles
    .filter((role) => mayInviteForRole(user, role, 'INVITER'))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Spec §5: offered by the shared rule (the server checks the same one). */
export function authorityChoices(user: User | null | undefined, selectedRoles: Role[]): Authority[] {
  return allowedAuthoritiesForInvitation(user, selectedRoles);
}

/** Super users, institution admins and application managers are invited without a role (spec §5). */
export function rolesRequired(authority: Authority): boolean {
  return (
    authority !== 'SUPER_USER' && authority !== 'INSTITUTION_ADMIN' && authority !== 'APPLICATION_MANAGER'
  );
}

/** An application manager is invited for applications (manageIdentifiers), at least one (issue 53). */
export function applicationsRequired(authority: Authority): boolean {
  return authority === 'APPLICATION_MANAGER';
}

/** Only a super user inviting an institution admin names the organisation (spec §5). */
export function organizationRequired(user: User | null | undefined, authority: Authority): boolean {
  return Boolean(user?.superUser) && authority === 'INSTITUTION_ADMIN';
}

/** Spec §5: the advanced switches count only when every chosen role allows overriding its settings. */
export function overrideAllowed(roles: Role[]): boolean {
  return roles.every((role) => role.overrideSettingsAllowed);
}

/** Spec §4: picking roles turns enforce e-mail equality and eduID only on when any chosen role has them. */
export function settingsFromRoles(
  roles: Role[],
): Pick<InvitationFormValues, 'enforceEmailEquality' | 'eduIDOnly' | 'requestedAuthnContext'> {
  return {
    enforceEmailEquality: roles.some((role) => role.enforceEmailEquality),
    eduIDOnly: roles.some((role) => role.eduIDOnly),
    // The first chosen role's that asks for one, as the server takes it (issue 52).
    requestedAuthnContext: roles.map((role) => role.requestedAuthnContext).find((acr) => acr) ?? '',
  };
}

export function defaultExpiryDate(today: Date = new Date()): Date {
  return addDays(startOfDay(today), INVITATION_DEFAULT_VALIDITY_DAYS);
}

/** The invitation expires between tomorrow and 365 days ahead (spec §5). */
export function expiryBounds(today: Date = new Date()): { min: Date; max: Date } {
  return { min: addDays(startOfDay(today), 1), max: addDays(startOfDay(today), INVITATION_MAX_DAYS) };
}

/** The role expiry is at least one day after the invitation expiry (spec §5). */
export function roleExpiryMinimum(expiryDate: Date | null, today: Date = new Date()): Date {
  return addDays(startOfDay(expiryDate ?? today), 1);
}

/**
 * The earliest end date of the chosen roles (issue 53): no user role outlives its role, so the role expiry
 * may not be later. Null when none of them has one.
 */
export function roleEndDateCap(roles: Role[]): Date | null {
  const ends = roles.map((role) => role.endDate).filter((end): end is number => typeof end === 'number');
  return ends.length ? new Date(Math.min(...ends) * 1000) : null;
}

/**
 * Spec §4: when the access level changes the role expiry is recalculated: for a guest, the smallest
 * default expiry of the chosen roles (365 days without one); otherwise the value already there (366 days
 * ahead when none, spec §9). Never before the minimum, and never after a chosen role's end date (the
 * server refuses that; the end date wins over the minimum, whose message then asks for an earlier
 * invitation expiry).
 */
export function roleExpiryFor(
  authority: Authority,
  roles: Role[],
  current: Date | null,
  expiryDate: Date | null,
  today: Date = new Date(),
): Date {
  const start = startOfDay(today);
  let date: Date;
  if (authority === 'GUEST') {
    const days = roles
      .map((role) => role.defaultExpiryDays)
      .filter((d): d is number => typeof d === 'number' && d > 0);
    date = addDays(start, days.length ? Math.min(...days) : ROLE_DEFAULT_EXPIRY_DAYS);
  } else {
    date = current ?? addDays(start, INVITATION_ROLE_EXPIRY_DAYS);
  }
  const minimum = roleExpiryMinimum(expiryDate, today);
  const cap = roleEndDateCap(roles);
  if (date < minimum) date = minimum;
  return cap && date > cap ? cap : date;
}

/** Spec §5 checks, with the catalogue's texts passed in (the caller translates). */
export function validateInvitation(
  values: InvitationFormValues,
  context: { user: User | null | undefined; organizationValid: boolean | null },
  texts: {
    requiredEmail: string;
    requiredRole: string;
    requiredOrganizationGUID: string;
    requiredApplication?: string;
  },
): InvitationFormErrors {
  const errors: InvitationFormErrors = {};
  if (values.invitees.length === 0) errors.invitees = texts.requiredEmail;
  if (applicationsRequired(values.intendedAuthority) && (values.manageIdentifiers ?? []).length === 0)
    errors.applications = texts.requiredApplication ?? texts.requiredRole;
  if (rolesRequired(values.intendedAuthority) && values.roleIds.length === 0)
    errors.roles = texts.requiredRole;
  if (
    organizationRequired(context.user, values.intendedAuthority) &&
    (values.organizationGUID.trim() === '' || context.organizationValid !== true)
  ) {
    errors.organizationGUID = texts.requiredOrganizationGUID;
  }
  return errors;
}

const epochSeconds = (date: Date | null): number | undefined =>
  date ? Math.floor(date.getTime() / 1000) : undefined;

/** The create payload of spec §3; advanced switches only when every role allows overriding them. */
export function toInvitationRequest(values: InvitationFormValues, roles: Role[]): InvitationRequest {
  const overridable = overrideAllowed(roles);
  // An application manager's invitation names applications, never roles (the server refuses both).
  const withRoles =
    !applicationsRequired(values.intendedAuthority) &&
    (rolesRequired(values.intendedAuthority) || values.roleIds.length > 0);
  return {
    intendedAuthority: values.intendedAuthority,
    invites: values.invitees,
    roleIdentifiers: withRoles ? values.roleIds : [],
    message: values.message.trim() || undefined,
    language: values.language,
    expiryDate: epochSeconds(values.expiryDate),
    roleExpiryDate: withRoles ? (epochSeconds(values.roleExpiryDate) ?? null) : null,
    organizationGUID:
      values.intendedAuthority === 'INSTITUTION_ADMIN' ? values.organizationGUID.trim() || null : null,
    ...(applicationsRequired(values.intendedAuthority)
      ? { manageIdentifiers: values.manageIdentifiers ?? [] }
      : {}),
    enforceEmailEquality: overridable
      ? values.enforceEmailEquality
      : settingsFromRoles(roles).enforceEmailEquality,
    eduIDOnly: overridable ? values.eduIDOnly : settingsFromRoles(roles).eduIDOnly,
    requestedAuthnContext:
      (overridable ? values.requestedAuthnContext : settingsFromRoles(roles).requestedAuthnContext) || null,
    guestRoleIncluded: values.intendedAuthority !== 'GUEST' && overridable && values.guestRoleIncluded,
  };
}
