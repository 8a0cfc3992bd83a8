/** Loads the full User shape of shared-auth types.ts for a user id: roles, applications, institution. */
import { AUTHORITIES, authorityRank, highestAuthority, type User } from 'shared-auth/rules';
import type { Queryable } from '../db/types.js';
import type { RegistryPort } from '../plugins/ports.js';
import { toEpochSeconds } from '../domain/time.js';
import {
  registryApplications,
  shapeRole,
  toUserRole,
  type ApplicationUsageRow,
  type UserRoleRow,
} from '../stores/role.rows.js';

export interface UserRow {
  id: number;
  sub: string;
  email: string | null;
  given_name: string | null;
  family_name: string | null;
  name: string | null;
  eduperson_principal_name: string | null;
  schac_home_organization: string | null;
  organization_guid: string | null;
  super_user: boolean;
  institution_admin: boolean;
  created_at: Date;
  last_activity: Date;
}

/** The user's own fields, without roles (for lists and other users' profiles). */
export function toPlainUser(row: UserRow): User {
  return {
    id: row.id,
    sub: row.sub,
    name: row.name ?? undefined,
    email: row.email ?? undefined,
    givenName: row.given_name ?? undefined,
    familyName: row.family_name ?? undefined,
    eduPersonPrincipalName: row.eduperson_principal_name ?? undefined,
    schacHomeOrganization: row.schac_home_organization ?? undefined,
    organizationGUID: row.organization_guid,
    createdAt: toEpochSeconds(row.created_at) ?? undefined,
    lastActivity: toEpochSeconds(row.last_activity) ?? undefined,
    superUser: row.super_user,
    institutionAdmin: row.institution_admin,
    userRoles: [],
  };
}

/** The full user, or null when there is no user with this id. */
export async function loadUser(q: Queryable, registry: RegistryPort, id: number): Promise<User | null> {
  // One query per request (this runs on every API call): the user with its roles, each role with its
  // member count and application usages, aggregated as JSON.
  const { rows } = await q.query<
    UserRow & { role_rows: (UserRoleRow & { usages: ApplicationUsageRow[] })[] }
  >(
    `SELECT u.*, COALESCE((
       SELECT json_agg(x ORDER BY x.name, x.id) FROM (
         SELECT r.*, ur.id AS user_role_id, ur.user_id, ur.authority, ur.guest_role_included, ur.end_date,
                ur.created_at AS user_role_created_at,
                (SELECT count(*) FROM user_roles m WHERE m.role_id = r.id)::int AS user_role_count,
                COALESCE((SELECT json_agg(json_build_object('id', au.id, 'role_id', au.role_id,
                    'manage_id', au.manage_id, 'manage_type', au.manage_type, 'landing_page', au.landing_page)
                    ORDER BY au.id)
                  FROM application_usages au WHERE au.role_id = r.id), '[]'::json) AS usages
           FROM user_roles ur JOIN roles r ON r.id = ur.role_id
          WHERE ur.user_id = u.id) x), '[]'::json) AS role_rows
       FROM users u WHERE u.id = $1`,
    [id],
  );
  if (rows.length === 0) return null;
  const { role_rows: roleRows, ...userRow } = rows[0];
  const user = toPlainUser(userRow);
  const usages = new Map(roleRows.map((r) => [r.id, r.usages]));
  const apps = await registryApplications(registry, usages.values());
  user.userRoles = roleRows.map((row) => toUserRole(row, shapeRole(row, usages.get(row.id) ?? [], apps)));
  user.roles = user.userRoles.map((userRole) => userRole.role);

  const held = new Set(user.userRoles.map((userRole) => userRole.authority));
  user.authority = AUTHORITIES.filter((a) => held.has(a))
    .sort((a, b) => authorityRank(a) - authorityRank(b))
    .join(',');

  if (user.institutionAdmin && user.organizationGUID) {
    const [applications, institution] = await Promise.all([
      registry.applicationsOfOrganization(user.organizationGUID),
      registry.institutionOfOrganization(user.organizationGUID),
    ]);
    user.applications = applications;
    user.institution = institution;
  } else {
    user.applications = [];
    user.institution = null;
  }
  user.highestAuthority = highestAuthority(user);
  return user;
}
