/**
 * Application managers (migration 031): the registry applications a user manages, each granted by an
 * accepted APPLICATION_MANAGER invitation (user_applications: who invited, through which invitation, when)
 * and kept until removed. The user's applications are read with the user on every request
 * (users.store.ts USER_WITH_ROLES); these are the writes and the lists.
 */
import type { Queryable } from '../db/types.js';
import type { UserListRow } from './user.rows.js';

/** One application of an application manager, as stored. */
export interface UserApplicationRow {
  id: number;
  user_id: number;
  manage_id: string;
  manage_type: string;
  invitation_id: number | null;
  granted_by_id: number | null;
  granted_by_name: string | null;
  granted_at: Date | string;
}

const COLUMNS =
  'id, user_id, manage_id, manage_type, invitation_id, granted_by_id, granted_by_name, granted_at';

const idOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Ids as numbers, whatever the driver makes of a bigint. */
function toRow(row: UserApplicationRow): UserApplicationRow {
  return {
    ...row,
    id: Number(row.id),
    user_id: Number(row.user_id),
    invitation_id: idOrNull(row.invitation_id),
    granted_by_id: idOrNull(row.granted_by_id),
  };
}

/**
 * Makes the user application manager of these applications (an accepted invitation's). An application
 * the user already manages is granted anew: the newest invitation, inviter and time are the ones kept.
 * Answers the stored rows, by manage id.
 */
export async function grantApplications(
  q: Queryable,
  grant: {
    userId: number;
    applications: ReadonlyArray<{ manageId: string; manageType: string }>;
    invitationId: number | null;
    grantedById: number | null;
    grantedByName: string | null;
  },
): Promise<UserApplicationRow[]> {
  if (grant.applications.length === 0) return [];
  const { rows } = await q.query<UserApplicationRow>(
    `INSERT INTO user_applications (user_id, manage_id, manage_type, invitation_id, granted_by_id, granted_by_name)
     SELECT $1, a.manage_id, a.manage_type, $4, $5, $6
       FROM unnest($2::text[], $3::text[]) AS a (manage_id, manage_type)
     ON CONFLICT (user_id, manage_id) DO UPDATE SET
       manage_type = EXCLUDED.manage_type, invitation_id = EXCLUDED.invitation_id,
       granted_by_id = EXCLUDED.granted_by_id, granted_by_name = EXCLUDED.granted_by_name, granted_at = now()
     RETURNING ${COLUMNS}`,
    [
      grant.userId,
      grant.applications.map((a) => a.manageId),
      grant.applications.map((a) => a.manageType),
      grant.invitationId,
      grant.grantedById,
      grant.grantedByName,
    ],
  );
  return rows.map(toRow).sort((a, b) => a.manage_id.localeCompare(b.manage_id));
}

/** The applications the user manages (all, or those among `manageIds`), by manage id. */
export async function applicationsOfUser(
  q: Queryable,
  userId: number,
  manageIds: readonly string[] | null,
): Promise<UserApplicationRow[]> {
  const { rows } = await q.query<UserApplicationRow>(
    `SELECT ${COLUMNS} FROM user_applications
      WHERE user_id = $1 AND ($2::text[] IS NULL OR manage_id = ANY($2::text[])) ORDER BY manage_id`,
    [userId, manageIds === null ? null : [...manageIds]],
  );
  return rows.map(toRow);
}

/** Takes the user's applications away (all, or those among `manageIds`); answers the removed ones. */
export async function removeApplications(
  q: Queryable,
  userId: number,
  manageIds: readonly string[] | null,
): Promise<UserApplicationRow[]> {
  const { rows } = await q.query<UserApplicationRow>(
    `DELETE FROM user_applications
      WHERE user_id = $1 AND ($2::text[] IS NULL OR manage_id = ANY($2::text[])) RETURNING ${COLUMNS}`,
    [userId, manageIds === null ? null : [...manageIds]],
  );
  return rows.map(toRow).sort((a, b) => a.manage_id.localeCompare(b.manage_id));
}

/** An application manager with the applications of theirs that the list shows. */
export interface ApplicationManagerRow extends UserListRow {
  applications: UserApplicationRow[];
}

/** At most this many application managers in one answer. */
export const APPLICATION_MANAGERS_CAP = 1000;

/**
 * The application managers of these applications (every application when `manageIds` is null), by name,
 * each with those of their applications.
 */
export async function applicationManagers(
  q: Queryable,
  manageIds: readonly string[] | null,
): Promise<ApplicationManagerRow[]> {
  const { rows } = await q.query<UserListRow & { applications: UserApplicationRow[] }>(
    `SELECT u.id, u.sub, u.name, u.email, u.schac_home_organization, u.super_user, u.institution_admin,
            u.created_at, u.last_activity,
            (SELECT json_agg(json_build_object('id', ua.id, 'user_id', ua.user_id, 'manage_id', ua.manage_id,
                      'manage_type', ua.manage_type, 'invitation_id', ua.invitation_id,
                      'granted_by_id', ua.granted_by_id, 'granted_by_name', ua.granted_by_name,
                      'granted_at', ua.granted_at) ORDER BY ua.manage_id)
               FROM user_applications ua
              WHERE ua.user_id = u.id AND ($1::text[] IS NULL OR ua.manage_id = ANY($1::text[]))) AS applications
       FROM users u
      WHERE u.id IN (SELECT ua.user_id FROM user_applications ua
                      WHERE $1::text[] IS NULL OR ua.manage_id = ANY($1::text[]))
      ORDER BY lower(coalesce(u.name, u.email, u.sub)), u.id
      LIMIT ${APPLICATION_MANAGERS_CAP}`,
    [manageIds === null ? null : [...manageIds]],
  );
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    applications: (row.applications ?? []).map(toRow),
  }));
}
