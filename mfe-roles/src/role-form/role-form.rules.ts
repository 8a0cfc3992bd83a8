import { deriveShortName, ROLE_DEFAULT_EXPIRY_DAYS, type ManageType, type Role } from 'shared-auth';
import type { RoleInput } from '../resources/roles.resource';

export interface ChosenApplication {
  manageId: string;
  manageType: ManageType;
  landingPage: string;
}

/** What the role form edits (spec §2, §4, §5). */
export interface RoleFormValues {
  name: string;
  description: string;
  organizationGUID: string;
  applications: ChosenApplication[];
  /** The expiry switch: on when the default validity differs from 365 days, or the role has an end date. */
  expiryOn: boolean;
  /** Memberships end N days after acceptance, or on the role's end date. */
  expiryBy: 'days' | 'date';
  defaultExpiryDays: number;
  /** The role's end date (a day), when memberships end on a date. */
  endDate: Date | null;
  /** The custom inviter name switch. */
  customInviterName: boolean;
  inviterDisplayName: string;
  enforceEmailEquality: boolean;
  eduIDOnly: boolean;
  overrideSettingsAllowed: boolean;
  /** The ACR value invitees must log in with; '' for none. */
  requestedAuthnContext: string;
}

/** Checks that are asked of the server and kept by the form. */
export interface RemoteChecks {
  /** false once the organisation GUID lookup failed. */
  organizationGUIDValid: boolean;
  /** Landing pages the validation call refused. */
  invalidLandingPages: string[];
}

export type RoleFormErrors = Partial<
  Record<
    | 'name'
    | 'description'
    | 'organizationGUID'
    | 'applications'
    | 'defaultExpiryDays'
    | 'endDate'
    | 'inviterDisplayName',
    string
  >
> & { landingPages?: Record<number, string> };

export const EMPTY_APPLICATION: ChosenApplication = {
  manageId: '',
  manageType: 'saml20_sp',
  landingPage: '',
};

export function newRoleValues(
  manageId?: string,
  manageType: ManageType = 'saml20_sp',
  landingPage = '',
): RoleFormValues {
  return {
    name: '',
    description: '',
    organizationGUID: '',
    applications: [manageId ? { manageId, manageType, landingPage } : { ...EMPTY_APPLICATION }],
    expiryOn: false,
    expiryBy: 'days',
    defaultExpiryDays: ROLE_DEFAULT_EXPIRY_DAYS,
    endDate: null,
    customInviterName: false,
    inviterDisplayName: '',
    enforceEmailEquality: false,
    eduIDOnly: false,
    overrideSettingsAllowed: false,
    requestedAuthnContext: '',
  };
}

export function valuesFromRole(role: Role): RoleFormValues {
  const ended = role.endDate !== null && role.endDate !== undefined;
  return {
    name: role.name,
    description: role.description ?? '',
    organizationGUID: role.organizationGUID ?? '',
    applications: (role.applicationUsages ?? []).map((usage) => ({
      manageId: usage.application.manageId,
      manageType: usage.application.manageType,
      landingPage: usage.landingPage ?? '',
    })),
    expiryOn: ended || role.defaultExpiryDays !== ROLE_DEFAULT_EXPIRY_DAYS,
    expiryBy: ended ? 'date' : 'days',
    // A role with an end date keeps 0 days; switching back to days offers the default.
    defaultExpiryDays:
      ended && role.defaultExpiryDays <= 0 ? ROLE_DEFAULT_EXPIRY_DAYS : role.defaultExpiryDays,
    endDate: ended ? new Date((role.endDate as number) * 1000) : null,
    customInviterName: Boolean(role.inviterDisplayName),
    inviterDisplayName: role.inviterDisplayName ?? '',
    enforceEmailEquality: role.enforceEmailEquality,
    eduIDOnly: role.eduIDOnly,
    overrideSettingsAllowed: role.overrideSettingsAllowed,
    requestedAuthnContext: role.requestedAuthnContext ?? '',
  };
}

/** Spec §5: the default validity is a whole number of days; anything not positive becomes 0. */
export function normaliseExpiryDays(input: string): number {
  const days = Math.trunc(Number(input));
  return Number.isFinite(days) && days > 0 ? days : 0;
}

/** Spec §5: add is disabled when every choice is used or the first application is still empty. */
export function canAddApplication(applications: ChosenApplication[], choices: number): boolean {
  if (!applications[0]?.manageId) return false;
  return applications.length < choices && applications.every((application) => application.manageId);
}

/** Spec §5: remove is hidden when only one application is left. */
export function canRemoveApplication(applications: ChosenApplication[]): boolean {
  return applications.length > 1;
}

/** The manage ids chosen in other rows: an application cannot be chosen twice. */
export function takenElsewhere(applications: ChosenApplication[], index: number): Set<string> {
  return new Set(applications.filter((_, i) => i !== index).map((application) => application.manageId));
}

/** Spec §4: the short name is derived from the name (on create only); it forms the urn. */
export function shortNamePreview(name: string): string {
  return deriveShortName(name);
}

/**
 * Spec §5: every rule of the role form, as the i18n keys of their messages (`ui:` keys take an
 * `attribute`). Save is enabled only when this is empty.
 */
export function roleFormErrors(
  values: RoleFormValues,
  checks: RemoteChecks,
  superUser: boolean,
): RoleFormErrors {
  const errors: RoleFormErrors = {};
  if (!values.name.trim()) errors.name = 'required';
  else if (!shortNamePreview(values.name)) errors.name = 'invalid';
  if (!values.description.trim()) errors.description = 'required';
  if (superUser && values.organizationGUID.trim() && !checks.organizationGUIDValid)
    errors.organizationGUID = 'invalid';
  if (!values.applications[0]?.manageId) errors.applications = 'required';
  const landingPages: Record<number, string> = {};
  values.applications.forEach((application, index) => {
    if (!application.manageId) return;
    if (!application.landingPage.trim()) landingPages[index] = 'required';
    else if (checks.invalidLandingPages.includes(application.landingPage.trim()))
      landingPages[index] = 'invalid';
  });
  if (Object.keys(landingPages).length > 0) errors.landingPages = landingPages;
  if (values.expiryOn && values.expiryBy === 'days' && values.defaultExpiryDays <= 0)
    errors.defaultExpiryDays = 'invalid';
  if (values.expiryOn && values.expiryBy === 'date' && !values.endDate) errors.endDate = 'required';
  if (values.customInviterName && !values.inviterDisplayName.trim()) errors.inviterDisplayName = 'required';
  return errors;
}

export function hasErrors(errors: RoleFormErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** The payload of POST / PUT roles. */
export function toRoleInput(values: RoleFormValues, id: number | undefined, superUser: boolean): RoleInput {
  // One or the other: the server refuses a role with both a number of days and an end date.
  const endDate = values.expiryOn && values.expiryBy === 'date' ? values.endDate : null;
  return {
    ...(id ? { id } : {}),
    name: values.name.trim(),
    description: values.description.trim(),
    defaultExpiryDays: endDate ? 0 : values.expiryOn ? values.defaultExpiryDays : ROLE_DEFAULT_EXPIRY_DAYS,
    endDate: endDate ? Math.floor(endDate.getTime() / 1000) : null,
    enforceEmailEquality: values.enforceEmailEquality,
    eduIDOnly: values.eduIDOnly,
    overrideSettingsAllowed: values.overrideSettingsAllowed,
    requestedAuthnContext: values.requestedAuthnContext || null,
    inviterDisplayName: values.customInviterName ? values.inviterDisplayName.trim() : null,
    ...(superUser && values.organizationGUID.trim()
      ? { organizationGUID: values.organizationGUID.trim() }
      : {}),
    applicationUsages: values.applications
      .filter((application) => application.manageId)
      .map((application) => ({
        application: { manageId: application.manageId, manageType: application.manageType },
        landingPage: application.landingPage.trim(),
      })),
  };
}
