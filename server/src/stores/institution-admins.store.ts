/**
 * Institution admins: users whose entitlements or an accepted invitation made them one (the effective
 * right, users.institution_admin), with the organisation GUID that scopes them and where the right comes from.
 */
import type { Queryable } from '../db/types.js';
import type { UserListRow } from './user.rows.js';

export interface InstitutionAdminRow extends UserListRow {
  organization_guid: string;
  /** The entitlements of the last login make them an admin. */
  via_entitlement: boolean;
  /** An accepted invitation's grant, not removed since, makes them an admin. */
  granted_by_invitation: boolean;
}

/** At most this many admins in one answer (a federation has a few per institution). */
export const INSTITUTION_ADMINS_CAP = 1000;

/**
 * The institution admins of the organisations with these GUIDs (any case), or of every organisation when
 * `guids` is null; by name.
 */
export async function institutionAdmins(
  q: Queryable,
  guids: readonly string[] | null,
): Promise<InstitutionAdminRow[]> {
  const { rows } = await q.query<InstitutionAdminRow>(
    `SELECT id::int AS id, sub, name, email, schac_home_organization, super_user, institution_admin,
            created_at, last_activity, organization_guid, claims_institution_admin AS via_entitlement,
            EXISTS (SELECT 1 FROM authority_grants g
                     WHERE g.user_id = users.id AND g.authority = 'INSTITUTION_ADMIN') AS granted_by_invitation
       FROM users
      WHERE institution_admin AND organization_guid IS NOT NULL
        AND ($1::text[] IS NULL OR lower(organization_guid) = ANY($1::text[]))
      ORDER BY lower(coalesce(name, email, sub)), id
      LIMIT ${INSTITUTION_ADMINS_CAP}`,
    [guids === null ? null : guids.map((g) => g.trim().toLowerCase())],
  );
  return rows;
}
