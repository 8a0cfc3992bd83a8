/**
 * The users aggregate: every statement on users — the full user of a request (with roles, applications
 * and institution; read with the session in one round trip), the login upsert, deletion and last
 * activity (the rights' grants are in authority-grants.store.ts). Rows are shaped with user.rows.ts; the paged searches are
 * in user-search.store.ts.
 */
import { AUTHORITIES, authorityRank, highestAuthority, type User } from 'shared-auth/rules';
import { audit, type AuditActor } from './audit.store.js';
import { EFFECTIVE_INSTITUTION_ADMIN, SUPER_USER_GRANT } from './authority-grants.store.js';
import type { Queryable } from '../db/types.js';
import type { Registry } from '../registry/registry.js';
import {
  ROLE_USAGES,
  shapeRole,
  toHeldUserRole,
  type ApplicationUsageRow,
  type HeldRoleRow,
} from './role.rows.js';
import { toPlainUser, type UserRow } from './user.rows.js';
import { hashTokenSecret, TOKEN_AUTH_COLUMNS, type AuthTokenRow } from './tokens.store.js';

/** A user row with its roles (each with its application usages) as JSON. */
export type LoadedUserRow = UserRow & {
  role_rows: (HeldRoleRow & { usages: ApplicationUsageRow[] })[];
  /** The applications the user is an application manager of (user_applications), as JSON. */
  managed_apps?: Array<{ manageId: string; manageType: string }> | null;
};

/**
 * The user with its roles, aggregated as JSON, over alias `u`: one statement per request (it runs on
 * every API call), prepared, for its plan does not depend on which user.
 */
const USER_WITH_ROLES = `SELECT u.id, u.sub, u.email, u.given_name, u.family_name, u.name, u.eduperson_principal_name,
       u.schac_home_organization, u.organization_guid, u.super_user, u.institution_admin, u.created_at,
       u.last_activity, COALESCE((
       SELECT json_agg(x ORDER BY x.name, x.id) FROM (
         SELECT r.*, r.end_date AS role_end_date, ${ROLE_USAGES} AS usages, ur.id AS user_role_id, ur.user_id,
                ur.authority, ur.guest_role_included, ur.end_date AS user_role_end_date,
                ur.created_at AS user_role_created_at
           FROM user_roles ur JOIN roles r ON r.id = ur.role_id
          WHERE ur.user_id = u.id) x), '[]'::json) AS role_rows,
       COALESCE((SELECT json_agg(json_build_object('manageId', ua.manage_id, 'manageType', ua.manage_type)
                                 ORDER BY ua.manage_id)
                   FROM user_applications ua WHERE ua.user_id = u.id), '[]'::json) AS managed_apps
       FROM users u`;

/** The full user, or null when there is no user with this id. */
export async function loadUser(q: Queryable, registry: Registry, id: number): Promise<User | null> {
  const { rows } = await q.query<LoadedUserRow>(`${USER_WITH_ROLES} WHERE u.id = $1`, [id], {
    prepare: true,
  });
  return rows.length === 0 ? null : shapeLoadedUser(registry, rows[0]);
}

/** The full user with this subject (exactly as their login gave it), or null when there is none. */
export async function loadUserBySub(q: Queryable, registry: Registry, sub: string): Promise<User | null> {
  const { rows } = await q.query<LoadedUserRow>(`${USER_WITH_ROLES} WHERE u.sub = $1`, [sub], {
    prepare: true,
  });
  return rows.length === 0 ? null : shapeLoadedUser(registry, rows[0]);
}

/**
 * The id of the user with this subject, its row locked until the transaction ends (a membership added
 * meanwhile waits for it: its foreign key reads the row); null when there is none.
 */
export async function lockUserBySub(q: Queryable, sub: string): Promise<number | null> {
  const { rows } = await q.query<{ id: string }>('SELECT id FROM users WHERE sub = $1 FOR UPDATE', [sub]);
  return rows.length === 0 ? null : Number(rows[0].id);
}

/**
 * A stored, unexpired browser session and the row of its user (null when the session names no user, or
 * one deleted since), in one round trip: the session and the user are read on every API call.
 */
export async function readSessionWithUser<T>(
  q: Queryable,
  sessionId: string,
): Promise<{ data: T; expiresAt: Date; userRow: LoadedUserRow | null } | null> {
  // The user's columns are all NULL when the session has no user.
  type Row = Omit<LoadedUserRow, 'id'> & { id: number | null; session_data: T; session_expires_at: Date };
  const { rows } = await q.query<Row>(
    `SELECT s.data AS session_data, s.expires_at AS session_expires_at, lu.*
       FROM sessions s
       LEFT JOIN LATERAL (${USER_WITH_ROLES}
         WHERE u.id = CASE WHEN jsonb_typeof(s.data -> 'userId') = 'number' THEN (s.data ->> 'userId')::bigint END
       ) lu ON TRUE
      WHERE s.id = $1 AND s.expires_at > now()`,
    [sessionId],
    { prepare: true },
  );
  if (rows.length !== 1) return null;
  const { session_data: data, session_expires_at: expiresAt, ...userRow } = rows[0];
  const { id } = userRow;
  return { data, expiresAt, userRow: id === null ? null : { ...userRow, id } };
}

/** A failed-login counter's count in its running window, and the whole seconds left of it (at least 1). */
export interface RunningCount {
  count: number;
  secondsLeft: number;
}

/**
 * The token behind an X-API-TOKEN secret and the row of its owner (null when the token has none, or a
 * deleted one), in one round trip: read on every token call, as a session is. With them the count of the
 * limiter's key `lockoutKey` (the caller's address: plugins/credential-limiter.ts) in its window of
 * `windowSeconds`, null when it has none running: the lockout every token call checks, read as
 * credential-limits.store.ts hitAndRead reads a key it does not hit.
 */
export async function readTokenWithOwner(
  q: Queryable,
  secret: string,
  lockoutKey: string,
  windowSeconds: number,
): Promise<{ token: AuthTokenRow; ownerRow: LoadedUserRow | null; lockout: RunningCount | null } | null> {
  type Row = Omit<LoadedUserRow, 'id'> & {
    id: number | null;
    token_id: number;
    token_description: string;
    token_owner_id: number | null;
    token_super_user_token: boolean;
    token_organization_guid: string | null;
    token_used_recently: boolean;
    lockout_count: number | null;
    lockout_seconds_left: number | null;
  };
  const { rows } = await q.query<Row>(
    `SELECT ${TOKEN_AUTH_COLUMNS}, c.count AS lockout_count,
            greatest(1, ceil(extract(epoch FROM c.window_start + make_interval(secs => $3) - now())))::int
              AS lockout_seconds_left,
            lu.*
       FROM api_tokens t
       LEFT JOIN credential_limits c
         ON c.key = $2 AND c.window_start > now() - make_interval(secs => $3)
       LEFT JOIN LATERAL (${USER_WITH_ROLES} WHERE u.id = t.owner_id) lu ON TRUE
      WHERE t.hashed_value = $1`,
    [hashTokenSecret(secret), lockoutKey, windowSeconds],
    { prepare: true },
  );
  if (rows.length !== 1) return null;
  const {
    token_id: id,
    token_description: description,
    token_owner_id: ownerId,
    token_super_user_token: superUserToken,
    token_organization_guid: organizationGUID,
    token_used_recently: usedRecently,
    lockout_count: lockoutCount,
    lockout_seconds_left: lockoutSecondsLeft,
    ...userRow
  } = rows[0];
  const token: AuthTokenRow = {
    id: Number(id),
    description,
    owner_id: ownerId === null ? null : Number(ownerId),
    super_user_token: superUserToken,
    organization_guid: organizationGUID,
    used_recently: usedRecently,
  };
  const userId = userRow.id;
  const lockout =
    lockoutCount === null ? null : { count: Number(lockoutCount), secondsLeft: Number(lockoutSecondsLeft) };
  return { token, ownerRow: userId === null ? null : { ...userRow, id: userId }, lockout };
}

/** A loaded user row as the User of the API: its roles shaped, its institution from the registry. */
export async function shapeLoadedUser(registry: Registry, loaded: LoadedUserRow): Promise<User> {
  const { role_rows: roleRows, managed_apps: managedApps, ...userRow } = loaded;
  const user = toPlainUser(userRow);
  const apps = await registry.applicationMaps();
  user.userRoles = roleRows.map((row) => toHeldUserRole(row, shapeRole(row, row.usages ?? [], apps)));
  // An application the registry no longer knows keeps its id (the right stays until removed) and says so.
  user.managedApplications = (managedApps ?? []).map(
    ({ manageId }) => apps.get(manageId) ?? { id: manageId, unknown: true },
  );
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

/**
 * Creates the user of a login, or updates it from the claims; returns its id. `superUser` is what
 * SUPER_USER_SUBS says now, `institutionAdmin` and `organizationGUID` what the entitlements say now: they
 * are stored as the claims, and the effective rights become those OR the grants of accepted invitations
 * (authority-grants.store.ts) — never what an earlier login stored. Run it in a transaction: the second
 * statement then reads the grants after the first has locked the user's row, so a grant or a removal
 * committed meanwhile is seen.
 */
export async function upsertUser(
  q: Queryable,
  user: {
    sub: string | null;
    email: string | null;
    givenName: string | null;
    familyName: string | null;
    name: string | null;
    eduPersonPrincipalName: string | null;
    schacHomeOrganization: string | null;
    organizationGUID: string | null;
    superUser: boolean;
    institutionAdmin: boolean;
  },
): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO users AS u (sub, email, given_name, family_name, name, eduperson_principal_name, schac_home_organization,
                        claims_organization_guid, claims_institution_admin, organization_guid, super_user,
                        institution_admin, last_activity)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $10, $8, $9, $10, now())
     ON CONFLICT (sub) DO UPDATE SET
       email = EXCLUDED.email, given_name = EXCLUDED.given_name, family_name = EXCLUDED.family_name,
       name = EXCLUDED.name, eduperson_principal_name = EXCLUDED.eduperson_principal_name,
       schac_home_organization = EXCLUDED.schac_home_organization,
       claims_organization_guid = EXCLUDED.claims_organization_guid,
       claims_institution_admin = EXCLUDED.claims_institution_admin, last_activity = now()
     RETURNING id`,
    [
      user.sub,
      user.email,
      user.givenName,
      user.familyName,
      user.name,
      user.eduPersonPrincipalName,
      user.schacHomeOrganization,
      user.organizationGUID,
      user.superUser,
      user.institutionAdmin,
    ],
  );
  const id = Number(rows[0].id);
  await q.query(
    `UPDATE users u SET super_user = ($2::boolean OR ${SUPER_USER_GRANT}), ${EFFECTIVE_INSTITUTION_ADMIN}
      WHERE u.id = $1`,
    [id, user.superUser],
  );
  return id;
}

/** Deletes a user (its memberships go with it), audited; false when there is no such user. */
export async function deleteUser(q: Queryable, actor: AuditActor, id: number): Promise<boolean> {
  const { rows } = await q.query<{ id: number; name: string | null; email: string | null; sub: string }>(
    'DELETE FROM users WHERE id = $1 RETURNING id, name, email, sub',
    [id],
  );
  if (rows.length === 0) return false;
  await audit(q, actor, { entityType: 'user', entityId: rows[0].id, action: 'delete', before: rows[0] });
  return true;
}

/** Records activity, at most one write a minute per user. */
export async function touchLastActivity(q: Queryable, userId: number): Promise<void> {
  await q.query(
    "UPDATE users SET last_activity = now() WHERE id = $1 AND last_activity < now() - interval '1 minute'",
    [userId],
    { prepare: true },
  );
}

/** A person named by an integration (the external API's direct grant): at least one of sub, eppn, email. */
export interface ProvisionedPerson {
  sub: string | null;
  eduPersonPrincipalName: string | null;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
  schacHomeOrganization: string | null;
}

/**
 * The user a direct grant names, found by `sub`, else by `eduPersonPrincipalName`, else by e-mail address
 * (case-insensitive), or created from what the integration gave (audited) when none is known. A person
 * created without a `sub` gets the federation's form `urn:collab:person:<home>:<local part>`, which a later
 * login with the same identity finds.
 */
export async function findOrCreateProvisionedUser(
  q: Queryable,
  actor: AuditActor,
  person: ProvisionedPerson,
): Promise<{ id: number; created: boolean }> {
  const { rows: found } = await q.query<{ id: string }>(
    `SELECT id FROM users
      WHERE ($1::text IS NOT NULL AND sub = $1)
         OR ($1::text IS NULL AND $2::text IS NOT NULL AND eduperson_principal_name = $2)
         OR ($1::text IS NULL AND $2::text IS NULL AND lower(email) = lower($3))
      ORDER BY id LIMIT 1`,
    [person.sub, person.eduPersonPrincipalName, person.email],
  );
  if (found.length > 0) return { id: Number(found[0].id), created: false };
  const identifier = (person.eduPersonPrincipalName ?? person.email ?? '') as string;
  const [local, domain] = identifier.split('@');
  const home = person.schacHomeOrganization ?? domain ?? null;
  const sub = person.sub ?? `urn:collab:person:${home ?? 'unknown'}:${local}`;
  const name =
    person.name ?? ([person.givenName, person.familyName].filter(Boolean).join(' ') || person.email || null);
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO users (sub, email, given_name, family_name, name, eduperson_principal_name, schac_home_organization)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (sub) DO UPDATE SET sub = EXCLUDED.sub
     RETURNING id`,
    [sub, person.email, person.givenName, person.familyName, name, person.eduPersonPrincipalName, home],
  );
  const id = Number(rows[0].id);
  await audit(q, actor, {
    entityType: 'user',
    entityId: id,
    action: 'create',
    after: { name, email: person.email, sub },
  });
  return { id, created: true };
}
