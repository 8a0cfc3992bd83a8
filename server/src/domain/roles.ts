/** Loading roles from the database and shaping them as the API answers them (spec §3 Role). */
import { heldAuthority, type ApplicationMap, type ManageType, type Role, type User } from 'shared-auth/rules';
import {
  toRole as shapeRole,
  type ApplicationUsageRow,
  type RoleRow as RoleColumns,
} from '../auth/role-shape.js';
import type { Queryable } from '../db/types.js';
import { toApplicationMap } from '../registry/entity-registry.js';
import type { Registry } from '../registry/registry.js';

/** A row of ROLE_SELECT: the role's columns, its usages as JSON and its member count. */
export interface RoleRow extends Omit<RoleColumns, 'id' | 'user_role_count'> {
  id: string | number;
  usages: Array<{ id: number; manageId: string; manageType: ManageType; landingPage: string | null }>;
  user_role_count: number;
}

/** SELECT list of a role with its application usages and member count; alias the roles table `r`. */
export const ROLE_SELECT = `
  r.id, r.name, r.short_name, r.urn, r.description, r.default_expiry_days, r.enforce_email_equality,
  r.edu_id_only, r.override_settings_allowed, r.inviter_display_name, r.organization_guid, r.created_by,
  r.created_at,
  COALESCE((SELECT json_agg(json_build_object('id', au.id, 'manageId', au.manage_id,
      'manageType', au.manage_type, 'landingPage', au.landing_page) ORDER BY au.id)
    FROM application_usages au WHERE au.role_id = r.id), '[]'::json) AS usages,
  (SELECT count(*) FROM user_roles ur WHERE ur.role_id = r.id)::int AS user_role_count`;

export async function registryIndex(registry: Registry): Promise<Map<string, ApplicationMap>> {
  return new Map((await registry.providers()).map((p) => [p.manageId, toApplicationMap(p)]));
}

/** Shapes a row of ROLE_SELECT with the one role shaper the user loader uses too. */
export function toRole(row: RoleRow, known: Map<string, ApplicationMap>): Role {
  const { usages, ...columns } = row;
  const id = Number(row.id);
  const usageRows: ApplicationUsageRow[] = (Array.isArray(usages) ? usages : []).map((usage) => ({
    id: Number(usage.id),
    role_id: id,
    manage_id: usage.manageId,
    manage_type: usage.manageType,
    landing_page: usage.landingPage,
  }));
  return shapeRole({ ...columns, id, user_role_count: Number(row.user_role_count ?? 0) }, usageRows, known);
}

/** The roles matching `where` (SQL over alias r, with $-params), shaped for the API. */
export async function loadRoles(
  q: Queryable,
  registry: Registry,
  where: string,
  params: readonly unknown[] = [],
  tail = 'ORDER BY lower(r.name), r.id',
): Promise<Role[]> {
  const { rows } = await q.query<RoleRow>(
    `SELECT ${ROLE_SELECT} FROM roles r WHERE ${where} ${tail}`,
    params,
  );
  const known = await registryIndex(registry);
  return rows.map((row) => toRole(row, known));
}

export async function loadRole(q: Queryable, registry: Registry, id: number): Promise<Role | null> {
  return (await loadRoles(q, registry, 'r.id = $1', [id]))[0] ?? null;
}

/** Adds the list-only fields: isUserRole and the user's authority on it. */
export function withUserView(user: User, role: Role): Role {
  const authority = heldAuthority(user, role.id);
  return authority ? { ...role, isUserRole: true, authority } : { ...role, isUserRole: false };
}
