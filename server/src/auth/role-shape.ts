/** Database rows of roles and user roles → the Role / UserRole shapes of shared-auth types.ts. */
import type {
  ApplicationMap,
  ApplicationUsage,
  Authority,
  ManageType,
  Role,
  UserRole,
} from 'shared-auth/rules';
import type { Queryable } from '../db/types.js';
import type { RegistryPort } from '../plugins/ports.js';

export interface RoleRow {
  id: number;
  name: string;
  short_name: string;
  urn: string;
  description: string;
  default_expiry_days: number;
  enforce_email_equality: boolean;
  edu_id_only: boolean;
  override_settings_allowed: boolean;
  inviter_display_name: string | null;
  organization_guid: string | null;
  created_by: string | null;
  /** A Date from a column, an ISO text when the row came through json_agg. */
  created_at: Date | string;
  /** Present when the query counted the role's members. */
  user_role_count?: number;
}

export interface ApplicationUsageRow {
  id: number;
  role_id: number;
  manage_id: string;
  manage_type: string;
  landing_page: string | null;
}

/** Epoch seconds of a timestamp column; null stays null. */
export function epochSeconds(value: Date | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return Math.floor(new Date(value).getTime() / 1000);
}

/** The application usages of these roles, by role id. */
export async function usagesByRole(
  q: Queryable,
  roleIds: readonly number[],
): Promise<Map<number, ApplicationUsageRow[]>> {
  const byRole = new Map<number, ApplicationUsageRow[]>();
  if (roleIds.length === 0) return byRole;
  const { rows } = await q.query<ApplicationUsageRow>(
    'SELECT id, role_id, manage_id, manage_type, landing_page FROM application_usages WHERE role_id = ANY($1::bigint[]) ORDER BY id',
    [roleIds],
  );
  for (const row of rows) {
    const list = byRole.get(row.role_id) ?? [];
    list.push(row);
    byRole.set(row.role_id, list);
  }
  return byRole;
}

/** The registry entries of every application these usages point at, by manage id. */
export async function registryApplications(
  registry: RegistryPort,
  usages: Iterable<ApplicationUsageRow[]>,
): Promise<Map<string, ApplicationMap>> {
  const ids = new Set<string>();
  for (const list of usages) for (const usage of list) ids.add(usage.manage_id);
  const apps = ids.size ? await registry.applicationsByManageIds([...ids]) : [];
  return new Map(apps.map((app) => [app.id, app]));
}

function displayName(app: ApplicationMap): string | undefined {
  const name = app['name:en'] ?? app['name:nl'];
  const organization = app['OrganizationName:en'] ?? app['OrganizationName:nl'];
  if (!name) return undefined;
  return organization ? `${name} (${organization})` : name;
}

/** A role row with its usages, enriched from the registry; unknown applications are marked unknown. */
export function toRole(row: RoleRow, usages: ApplicationUsageRow[], apps: Map<string, ApplicationMap>): Role {
  const applicationUsages: ApplicationUsage[] = usages.map((usage) => ({
    id: usage.id,
    application: { manageId: usage.manage_id, manageType: usage.manage_type as ManageType },
    landingPage: usage.landing_page ?? undefined,
  }));
  const applicationMaps: ApplicationMap[] = usages.map((usage) => {
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
    landingPage: usages[0]?.landing_page ?? undefined,
    defaultExpiryDays: row.default_expiry_days,
    organizationGUID: row.organization_guid,
    applicationMaps,
    ...(row.user_role_count === undefined ? {} : { userRoleCount: row.user_role_count }),
    applicationUsages,
    overrideSettingsAllowed: row.override_settings_allowed,
    enforceEmailEquality: row.enforce_email_equality,
    eduIDOnly: row.edu_id_only,
    inviterDisplayName: row.inviter_display_name,
    auditable: {
      createdBy: row.created_by ?? undefined,
      createdAt: epochSeconds(row.created_at) ?? undefined,
    },
    logo: first?.logo,
    applicationName: first ? displayName(first) : undefined,
    unknownInManage: applicationMaps.length === 0 || applicationMaps.some((app) => app.unknown === true),
  };
}

export interface UserRoleRow extends RoleRow {
  user_role_id: number;
  user_id: number;
  authority: Authority;
  guest_role_included: boolean;
  end_date: Date | string | null;
  user_role_created_at: Date | string;
}

export function toUserRole(row: UserRoleRow, role: Role): UserRole {
  return {
    id: row.user_role_id,
    user_id: row.user_id,
    role,
    authority: row.authority,
    guestRoleIncluded: row.guest_role_included,
    endDate: epochSeconds(row.end_date),
    createdAt: epochSeconds(row.user_role_created_at) ?? undefined,
  };
}
