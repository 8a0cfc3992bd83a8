/** The row shapers of the user roles aggregate: membership rows → spec §3 UserRole, and audit snapshots. */
import type { Authority, Role, UserRole } from 'shared-auth/rules';
import { toEpochSeconds } from '../domain/time.js';

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
