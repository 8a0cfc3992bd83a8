/** Institution admins: users whose claims made them one, with the organisation GUID that scopes them. */
import type { Queryable } from '../db/types.js';
import type { UserListRow } from './user.rows.js';

export interface InstitutionAdminRow extends UserListRow {
  organization_guid: string;
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
            created_at, last_activity, organization_guid
       FROM users
      WHERE institution_admin AND organization_guid IS NOT NULL
        AND ($1::text[] IS NULL OR lower(organization_guid) = ANY($1::text[]))
      ORDER BY lower(coalesce(name, email, sub)), id
      LIMIT ${INSTITUTION_ADMINS_CAP}`,
    [guids === null ? null : guids.map((g) => g.trim().toLowerCase())],
  );
  return rows;
}
