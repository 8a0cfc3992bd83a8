/** Loading user roles (memberships) and shaping them as the API answers them (spec §3 UserRole). */
import type { Authority, Role, UserRole } from 'shared-auth/rules';
import type { Queryable } from '../db/types.js';
import { toEpochSeconds } from './time.js';

export interface UserRoleRow {
  id: string | number;
  user_id: string | number;
  role_id: string | number;
  authority: Authority;
  guest_role_included: boolean;
  end_date: Date | null;
  created_at: Date;
  expiry_notified_at: Date | null;
  name: string | null;
  email: string | null;
  schac_home_organization: string | null;
  last_activity: Date | null;
}

/** SELECT list of a user role joined with its user; alias user_roles `ur` and users `u`. */
export const USER_ROLE_SELECT = `ur.id, ur.user_id, ur.role_id, ur.authority, ur.guest_role_included, ur.end_date,
  ur.created_at, ur.expiry_notified_at, u.name, u.email, u.schac_home_organization, u.last_activity`;

export function toUserRole(row: UserRoleRow, role: Role): UserRole & { expiryNotifiedAt: number | null } {
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    role,
    name: row.name ?? undefined,
    email: row.email ?? undefined,
    schac_home_organization: row.schac_home_organization ?? undefined,
    authority: row.authority,
    guestRoleIncluded: row.guest_role_included,
    endDate: toEpochSeconds(row.end_date),
    createdAt: toEpochSeconds(row.created_at) ?? undefined,
    expiryNotifiedAt: toEpochSeconds(row.expiry_notified_at),
    userInfo: {
      id: Number(row.user_id),
      name: row.name ?? undefined,
      email: row.email ?? undefined,
      schacHomeOrganisation: row.schac_home_organization ?? undefined,
      lastActivity: toEpochSeconds(row.last_activity) ?? undefined,
    },
  };
}

export async function loadUserRoleRow(q: Queryable, id: number): Promise<UserRoleRow | null> {
  const { rows } = await q.query<UserRoleRow>(
    `SELECT ${USER_ROLE_SELECT} FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE ur.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** What the audit log keeps of a user role. */
export function userRoleSnapshot(
  row: Pick<UserRoleRow, 'user_id' | 'role_id' | 'authority' | 'end_date' | 'guest_role_included'> & {
    email?: string | null;
  },
) {
  return {
    userId: Number(row.user_id),
    roleId: Number(row.role_id),
    email: row.email ?? undefined,
    authority: row.authority,
    guestRoleIncluded: row.guest_role_included,
    endDate: toEpochSeconds(row.end_date),
  };
}
