/** The row shapers of the users aggregate: user rows → the User shape of shared-auth types.ts and list items. */
import type { User, UserListItem } from 'shared-auth/rules';
import { toEpochSeconds } from '../domain/time.js';

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

export interface UserListRow {
  id: number;
  sub: string;
  name: string | null;
  email: string | null;
  schac_home_organization: string | null;
  super_user: boolean;
  institution_admin: boolean;
  /** A Date, or its text where the rows came as JSON (db/json-rows.ts). */
  created_at: Date | string;
  last_activity: Date | string;
}

export function listItem(row: UserListRow) {
  return {
    id: row.id,
    sub: row.sub,
    name: row.name,
    email: row.email,
    schac_home_organization: row.schac_home_organization,
    schacHomeOrganization: row.schac_home_organization,
    superUser: row.super_user,
    institutionAdmin: row.institution_admin,
    createdAt: toEpochSeconds(row.created_at) ?? undefined,
    lastActivity: toEpochSeconds(row.last_activity) ?? undefined,
  } satisfies UserListItem;
}
