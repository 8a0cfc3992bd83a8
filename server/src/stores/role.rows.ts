/**
 * The row shapers of the roles aggregate: database rows of roles (with their application usages, enriched
 * from the registry) → the Role shape of shared-auth types.ts, and what the audit log keeps of a role.
 * The statements are in roles.store.ts.
 */
import {
  heldAuthority,
  type ApplicationMap,
  type ApplicationUsage,
  type Authority,
  type ManageType,
  type Role,
  type User,
  type UserRole,
} from 'shared-auth/rules';
import { toEpochSeconds } from '../domain/time.js';

export interface RoleRow {
  id: number;
  name: string;
  short_name: string;
  urn: string;
  description: string;
  default_expiry_days: number;
  /** The role's own end date, selected as `role_end_date` (a membership's row has an `end_date` too). */
  role_end_date?: Date | string | null;
  enforce_email_equality: boolean;
  edu_id_only: boolean;
  override_settings_allowed: boolean;
  /** The ACR value invitees must log in with (issue 52); null: none. */
  requested_authn_context: string | null;
  inviter_display_name: string | null;
  organization_guid: string | null;
  created_by: string | null;
  /** A Date from a column, an ISO text when the row came through json_agg. */
  created_at: Date | string;
  /** Present when the query selected the role's member count (ROLE_SELECT). */
  user_role_count?: number;
}

export interface ApplicationUsageRow {
  id: number;
  role_id: number;
  manage_id: string;
  manage_type: string;
  landing_page: string | null;
}

function displayName(app: ApplicationMap): string | undefined {
  const name = app['name:en'] ?? app['name:nl'];
  const organization = app['OrganizationName:en'] ?? app['OrganizationName:nl'];
  if (!name) return undefined;
  return organization ? `${name} (${organization})` : name;
}

/** A role row with its usages, enriched from the registry; unknown applications are marked unknown. */
export function shapeRole(
  row: RoleRow,
  usages: ApplicationUsageRow[],
  apps: ReadonlyMap<string, ApplicationMap>,
): Role {
  // In id order, whatever order they were read in (ROLE_USAGES aggregates them without sorting).
  const inOrder = [...usages].sort((a, b) => Number(a.id) - Number(b.id));
  const applicationUsages: ApplicationUsage[] = inOrder.map((usage) => ({
    id: usage.id,
    application: { manageId: usage.manage_id, manageType: usage.manage_type as ManageType },
    landingPage: usage.landing_page ?? undefined,
  }));
  const applicationMaps: ApplicationMap[] = inOrder.map((usage) => {
    const app = apps.get(usage.manage_id);
    return app
      ? { ...app, landingPage: usage.landing_page ?? app.landingPage }
      : {
          id: usage.manage_id,
          manageId: usage.manage_id,
          unknown: true,
          landingPage: usage.landing_page ?? undefined,
        };
  });
  const first = applicationMaps.find((app) => !app.unknown);
  return {
    id: row.id,
    name: row.name,
    shortName: row.short_name,
    urn: row.urn,
    description: row.description,
    landingPage: inOrder[0]?.landing_page ?? undefined,
    defaultExpiryDays: row.default_expiry_days,
    endDate: toEpochSeconds(row.role_end_date),
    organizationGUID: row.organization_guid,
    applicationMaps,
    ...(row.user_role_count === undefined ? {} : { userRoleCount: row.user_role_count }),
    applicationUsages,
    overrideSettingsAllowed: row.override_settings_allowed,
    enforceEmailEquality: row.enforce_email_equality,
    eduIDOnly: row.edu_id_only,
    requestedAuthnContext: row.requested_authn_context ?? null,
    inviterDisplayName: row.inviter_display_name,
    auditable: {
      createdBy: row.created_by ?? undefined,
      createdAt: toEpochSeconds(row.created_at) ?? undefined,
    },
    logo: first?.logo,
    applicationName: first ? displayName(first) : undefined,
    unknownInManage: applicationMaps.length === 0 || applicationMaps.some((app) => app.unknown === true),
  };
}

/** A role row joined with the loaded user's own membership of it (the user loader, users.store.ts). */
export interface HeldRoleRow extends RoleRow {
  user_role_id: number;
  user_id: number;
  authority: Authority;
  guest_role_included: boolean;
  /** The membership's end date (the role's own is role_end_date). */
  user_role_end_date: Date | string | null;
  user_role_created_at: Date | string;
}

export function toHeldUserRole(row: HeldRoleRow, role: Role): UserRole {
  return {
    id: row.user_role_id,
    user_id: row.user_id,
    role,
    authority: row.authority,
    guestRoleIncluded: row.guest_role_included,
    endDate: toEpochSeconds(row.user_role_end_date),
    createdAt: toEpochSeconds(row.user_role_created_at) ?? undefined,
  };
}

/**
 * A role's application_usages rows as a JSON array, in no set order (shapeRole puts them in id order); over
 * alias `r`. An aggregate's ORDER BY sorts each role's one or two rows on its own: for a page of ten roles
 * on PGlite, a seventh of the roles list's statement (its first quartile 401 µs with it, 344 without).
 */
export const ROLE_USAGES = `COALESCE((SELECT json_agg(json_build_object('id', au.id, 'manage_id', au.manage_id,
    'manage_type', au.manage_type, 'landing_page', au.landing_page))
    FROM application_usages au WHERE au.role_id = r.id), '[]'::json)`;

/** SELECT list of a role with its application usages; alias the roles table `r`. */
export const ROLE_COLUMNS = `
  r.id, r.name, r.short_name, r.urn, r.description, r.default_expiry_days, r.end_date AS role_end_date,
  r.enforce_email_equality,
  r.edu_id_only, r.override_settings_allowed, r.inviter_display_name, r.organization_guid, r.created_by,
  r.created_at, r.requested_authn_context, ${ROLE_USAGES} AS usages`;

/**
 * A role's member count, over alias `r`: the number the database keeps with the memberships (migrations 038,
 * 040), the sum of the role's few rows read by primary key; a role without kept rows has none.
 */
export const ROLE_MEMBER_COUNT =
  'COALESCE((SELECT sum(c.n) FROM role_member_counts c WHERE c.role_id = r.id), 0)';

/** A row of roles.store.ts's select lists: the role's columns, its usages as JSON, its member count (ROLE_SELECT). */
export interface RoleSelectRow extends Omit<RoleRow, 'id'> {
  id: string | number;
  /** The role's application_usages rows as JSON (ROLE_USAGES). */
  usages: ApplicationUsageRow[];
}

/** Shapes a row of that select list with the one role shaper the user loader uses too. */
export function toRole(row: RoleSelectRow, known: ReadonlyMap<string, ApplicationMap>): Role {
  const { usages, ...columns } = row;
  const id = Number(row.id);
  const usageRows: ApplicationUsageRow[] = (Array.isArray(usages) ? usages : []).map((usage) => ({
    id: Number(usage.id),
    role_id: id,
    manage_id: usage.manage_id,
    manage_type: usage.manage_type,
    landing_page: usage.landing_page,
  }));
  // A select list without the member count (ROLE_COLUMNS) leaves userRoleCount out.
  const count = row.user_role_count === undefined ? {} : { user_role_count: Number(row.user_role_count) };
  return shapeRole({ ...columns, id, ...count }, usageRows, known);
}

/** Adds the list-only fields: isUserRole and the user's authority on it. */
export function withUserView(user: User, role: Role): Role {
  const authority = heldAuthority(user, role.id);
  return authority ? { ...role, isUserRole: true, authority } : { ...role, isUserRole: false };
}

/** What the audit log keeps of a role. */
export function roleSnapshot(role: Role) {
  return {
    name: role.name,
    shortName: role.shortName,
    urn: role.urn,
    description: role.description,
    defaultExpiryDays: role.defaultExpiryDays,
    endDate: role.endDate ?? null,
    enforceEmailEquality: role.enforceEmailEquality,
    eduIDOnly: role.eduIDOnly,
    overrideSettingsAllowed: role.overrideSettingsAllowed,
    requestedAuthnContext: role.requestedAuthnContext ?? null,
    inviterDisplayName: role.inviterDisplayName ?? null,
    organizationGUID: role.organizationGUID ?? null,
    applications: role.applicationUsages.map((u) => ({
      manageId: u.application.manageId,
      landingPage: u.landingPage,
    })),
  };
}
