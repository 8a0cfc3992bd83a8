/**
 * The system area's reads (spec §2 System area, super users): the roles the registry does not know, and
 * the memberships about to end. Shaped with the roles and user-roles shapers.
 */
import type { Role } from 'shared-auth/rules';
import type { Queryable } from '../db/types.js';
import { DAY_MS } from '../domain/time.js';
import type { Registry } from '../registry/registry.js';
import { loadRoles, loadRolesByIds } from './roles.store.js';
import { toUserRole, type UserRoleRow } from './user-role.rows.js';
import { USER_ROLE_SELECT } from './user-roles.store.js';

/** Roles without applications, or with an application outside `knownManageIds`. */
export function unknownRoles(
  q: Queryable,
  registry: Registry,
  knownManageIds: readonly string[],
): Promise<Role[]> {
  return loadRoles(
    q,
    registry,
    `NOT EXISTS (SELECT 1 FROM application_usages au WHERE au.role_id = r.id)
     OR EXISTS (SELECT 1 FROM application_usages au WHERE au.role_id = r.id AND NOT (au.manage_id = ANY($1::text[])))`,
    [[...knownManageIds]],
  );
}

/** The (at most 1000) memberships ending within `days` days or already ended, soonest first. */
export async function expiringUserRoles(q: Queryable, registry: Registry, days: number) {
  const { rows } = await q.query<UserRoleRow>(
    `SELECT ${USER_ROLE_SELECT} FROM user_roles ur JOIN users u ON u.id = ur.user_id
     WHERE ur.end_date IS NOT NULL AND ur.end_date < $1 ORDER BY ur.end_date, ur.id LIMIT 1000`,
    [new Date(Date.now() + days * DAY_MS)],
  );
  const roleIds = [...new Set(rows.map((r) => Number(r.role_id)))];
  const roles = await loadRolesByIds(q, registry, roleIds);
  const byId = new Map(roles.map((r) => [r.id, r]));
  return rows.flatMap((row) => {
    const role = byId.get(Number(row.role_id));
    return role ? [toUserRole(row, role)] : [];
  });
}
