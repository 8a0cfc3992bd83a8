/**
 * The roles aggregate: every statement on roles and their application usages (reads shaped with
 * role.rows.ts; writes audited in the caller's transaction).
 */
import { type Provider, type Role, type User } from 'shared-auth/rules';
import { keptRowCount } from './row-counts.js';
import { audit, type AuditActor } from './audit.store.js';
import type { Queryable } from '../db/types.js';
import { invitationSnapshot, type InvitationRow } from './invitation.rows.js';
import { limitOffset, type PageSql } from '../domain/paging.js';
import { jsonRows } from '../db/json-rows.js';
import type { CheckedRole, CheckedUsage } from '../domain/role-input.js';
import { userRoleSnapshot, type UserRoleRow } from './user-role.rows.js';
import { httpError } from '../errors.js';
import { toEpochSeconds } from '../domain/time.js';
import type { Registry } from '../registry/registry.js';
import { ROLE_COLUMNS, ROLE_MEMBER_COUNT, roleSnapshot, toRole, type RoleSelectRow } from './role.rows.js';
import { visibleRolesWhere } from './role-visibility.js';

/** ROLE_COLUMNS and the role's member count. */
export const ROLE_SELECT = `${ROLE_COLUMNS}, ${ROLE_MEMBER_COUNT}::int AS user_role_count`;

/** The roles matching `where` (SQL over alias r, with $-params), shaped for the API. */
export async function loadRoles(
  q: Queryable,
  registry: Registry,
  where: string,
  params: readonly unknown[] = [],
  tail = 'ORDER BY lower(r.name), r.id',
  select = ROLE_SELECT,
): Promise<Role[]> {
  // Planned once per connection: `where` and `tail` are texts of the code, and the plans do not hang on
  // the values (ids, an application).
  const { rows } = await q.query<RoleSelectRow>(
    `SELECT ${select} FROM roles r WHERE ${where} ${tail}`,
    params,
    { prepare: true },
  );
  const known = await registry.applicationMaps();
  return rows.map((row) => toRole(row, known));
}

export async function loadRole(q: Queryable, registry: Registry, id: number): Promise<Role | null> {
  return (await loadRoles(q, registry, 'r.id = $1', [id]))[0] ?? null;
}

/** The role, or a 404 naming it. */
export async function existingRole(q: Queryable, registry: Registry, id: number): Promise<Role> {
  const role = await loadRole(q, registry, id);
  if (!role) throw httpError(404, `Role ${id} not found`);
  return role;
}

/** The roles with these ids (in name order); unknown ids are left out. */
export async function loadRolesByIds(
  q: Queryable,
  registry: Registry,
  ids: readonly number[],
): Promise<Role[]> {
  return ids.length ? loadRoles(q, registry, 'r.id = ANY($1::bigint[])', [ids]) : [];
}

/**
 * The roles with these ids (in name order) without their member counts (no userRoleCount): for answers
 * that summarise a role (roleSummarySchema, an invitation of a search page), where counting each role's
 * memberships was read and not sent.
 */
export async function loadRoleSummariesByIds(
  q: Queryable,
  registry: Registry,
  ids: readonly number[],
): Promise<Role[]> {
  return ids.length ? loadRoles(q, registry, 'r.id = ANY($1::bigint[])', [ids], undefined, ROLE_COLUMNS) : [];
}

/** The roles using this registry application. */
export function rolesOfApplication(q: Queryable, registry: Registry, manageId: string): Promise<Role[]> {
  return loadRoles(
    q,
    registry,
    'EXISTS (SELECT 1 FROM application_usages au WHERE au.role_id = r.id AND au.manage_id = $1)',
    [manageId],
  );
}

/** The roles using any of these registry applications; every role when `manageIds` is null. */
export function rolesOfApplications(
  q: Queryable,
  registry: Registry,
  manageIds: readonly string[] | null,
): Promise<Role[]> {
  if (manageIds === null) return loadRoles(q, registry, 'TRUE');
  return loadRoles(
    q,
    registry,
    'EXISTS (SELECT 1 FROM application_usages au WHERE au.role_id = r.id AND au.manage_id = ANY($1::text[]))',
    [manageIds],
  );
}

const SEARCH = '(lower(r.name) LIKE $1 OR lower(r.description) LIKE $1 OR lower(r.short_name) LIKE $1)';

/** API sort keys of the role list → SQL; the first is the default (spec §9: by name). */
export const ROLE_SORT: Record<string, string> = {
  name: 'lower(r.name)',
  description: 'lower(r.description)',
  shortName: 'r.short_name',
  userRoleCount: ROLE_MEMBER_COUNT,
  createdAt: 'r.created_at',
  id: 'r.id',
};

/**
 * One page of the roles the user may list, matching the page's search text, and their total: one
 * statement, which answers the total even past the last page.
 */
export async function searchRoles(
  q: Queryable,
  registry: Registry,
  scope: { user: User; force: boolean },
  page: PageSql,
): Promise<{ roles: Role[]; total: number }> {
  const visible = visibleRolesWhere(scope.user, scope.force);
  const where = `${page.like ? SEARCH : '($1::text IS NULL)'} AND ${visible.where}`;
  const params: unknown[] = [page.like, ...visible.params];
  // Every role, without a text (the super user's list): their number as the database keeps it (migration
  // 046), where counting them read every role's index entry (5,000 at ten times the performance seed).
  const total =
    visible.where === 'TRUE' && !page.like
      ? keptRowCount('roles')
      : `(SELECT count(*) FROM roles r WHERE ${where})`;
  const { rows } = await q.query<{ total: number; rows: RoleSelectRow[] }>(
    `SELECT ${total}::int AS total,
            ${jsonRows(`SELECT ${ROLE_SELECT} FROM roles r WHERE ${where} ${page.order} ${limitOffset(page, params)}`)} AS rows`,
    params,
    // Without a text, planned once (generically, pool-db.ts PLAN_GENERIC): a role list's text is one of the
    // few its visibility and sort make, and one plan serves every value. A text is planned for its words.
    { prepare: !page.like },
  );
  const known = await registry.applicationMaps();
  return { roles: rows[0].rows.map((row) => toRole(row, known)), total: Number(rows[0].total) };
}

async function writeUsages(q: Queryable, roleId: number, usages: CheckedUsage[]): Promise<void> {
  await q.query('DELETE FROM application_usages WHERE role_id = $1', [roleId]);
  for (const u of usages) {
    await q.query(
      'INSERT INTO application_usages (role_id, manage_id, manage_type, landing_page) VALUES ($1, $2, $3, $4)',
      [roleId, u.manageId, u.manageType, u.landingPage],
    );
  }
}

export async function insertRole(
  q: Queryable,
  actor: AuditActor,
  role: CheckedRole & { shortName: string; urn: string; createdBy: string | null },
): Promise<number> {
  const taken = await q.query('SELECT 1 FROM roles WHERE short_name = $1', [role.shortName]);
  if (taken.rowCount > 0) throw httpError(409, 'The shortName already exists');
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO roles (name, short_name, urn, description, default_expiry_days, enforce_email_equality, edu_id_only,
       override_settings_allowed, inviter_display_name, organization_guid, created_by, end_date,
       requested_authn_context)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [
      role.name,
      role.shortName,
      role.urn,
      role.description,
      role.defaultExpiryDays,
      role.enforceEmailEquality,
      role.eduIDOnly,
      role.overrideSettingsAllowed,
      role.inviterDisplayName,
      role.organizationGUID,
      role.createdBy,
      role.endDate,
      role.requestedAuthnContext ?? null,
    ],
  );
  const id = Number(rows[0].id);
  await writeUsages(q, id, role.usages);
  await audit(q, actor, {
    entityType: 'role',
    entityId: id,
    action: 'create',
    after: { ...role, endDate: toEpochSeconds(role.endDate), createdBy: undefined },
  });
  return id;
}

export async function updateRole(
  q: Queryable,
  actor: AuditActor,
  before: Role,
  fields: Omit<CheckedRole, 'usages' | 'organizationGUID'>,
  usages: CheckedUsage[] | null,
  organizationGUID: string | null | undefined,
): Promise<void> {
  await q.query(
    `UPDATE roles SET name = $2, description = $3, default_expiry_days = $4, enforce_email_equality = $5,
       edu_id_only = $6, override_settings_allowed = $7, inviter_display_name = $8,
       organization_guid = COALESCE($9, organization_guid), end_date = $10, requested_authn_context = $11,
       updated_at = now()
     WHERE id = $1`,
    [
      before.id,
      fields.name,
      fields.description,
      fields.defaultExpiryDays,
      fields.enforceEmailEquality,
      fields.eduIDOnly,
      fields.overrideSettingsAllowed,
      fields.inviterDisplayName,
      organizationGUID ?? null,
      fields.endDate,
      // Absent from the body (an integration that predates the field): unchanged.
      fields.requestedAuthnContext === undefined
        ? (before.requestedAuthnContext ?? null)
        : fields.requestedAuthnContext,
    ],
  );
  if (usages) await writeUsages(q, before.id, usages);
  if (fields.endDate) await capMemberships(q, actor, before.id, fields.endDate);
  await audit(q, actor, {
    entityType: 'role',
    entityId: before.id,
    action: 'update',
    before: roleSnapshot(before),
    after: {
      ...fields,
      endDate: toEpochSeconds(fields.endDate),
      organizationGUID: organizationGUID ?? before.organizationGUID ?? null,
      applications: usages ?? undefined,
    },
  });
}

/**
 * No membership outlives its role's end date: the memberships that end later (or never) end on it now,
 * each audited. Runs when a role's end date is set or moved; moving it later extends none.
 */
async function capMemberships(q: Queryable, actor: AuditActor, roleId: number, endDate: Date): Promise<void> {
  const { rows } = await q.query<UserRoleRow & { before_end_date: Date | null }>(
    `UPDATE user_roles ur SET end_date = $2, expiry_notified_at = NULL
       FROM user_roles old JOIN users u ON u.id = old.user_id
      WHERE ur.id = old.id AND ur.role_id = $1 AND (ur.end_date IS NULL OR ur.end_date > $2)
      RETURNING ur.*, old.end_date AS before_end_date, u.email`,
    [roleId, endDate],
  );
  for (const row of rows.sort((a, b) => Number(a.id) - Number(b.id))) {
    await audit(q, actor, {
      entityType: 'user_role',
      entityId: Number(row.id),
      action: 'update',
      before: userRoleSnapshot({ ...row, end_date: row.before_end_date }),
      after: { ...userRoleSnapshot(row), reason: "the role's end date" },
    });
  }
}

/**
 * Deletes a role. Its memberships go with it (each audited), and so do open invitations that were for
 * this role only: accepting them would grant nothing.
 */
export async function deleteRole(q: Queryable, actor: AuditActor, role: Role): Promise<void> {
  const members = await q.query<UserRoleRow>(
    `SELECT ur.*, u.email FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE ur.role_id = $1 ORDER BY ur.id`,
    [role.id],
  );
  for (const member of members.rows) {
    await audit(q, actor, {
      entityType: 'user_role',
      entityId: Number(member.id),
      action: 'delete',
      before: userRoleSnapshot(member),
    });
  }
  const orphans = await q.query<InvitationRow>(
    `DELETE FROM invitations i WHERE i.status = 'OPEN'
       AND EXISTS (SELECT 1 FROM invitation_roles ir WHERE ir.invitation_id = i.id AND ir.role_id = $1)
       AND NOT EXISTS (SELECT 1 FROM invitation_roles ir WHERE ir.invitation_id = i.id AND ir.role_id <> $1)
     RETURNING i.id, i.email, i.intended_authority, i.status, i.expiry_date`,
    [role.id],
  );
  for (const invitation of orphans.rows) {
    await audit(q, actor, {
      entityType: 'invitation',
      entityId: Number(invitation.id),
      action: 'delete',
      before: invitationSnapshot({ ...invitation, roleIds: [role.id] }),
    });
  }
  await q.query('DELETE FROM roles WHERE id = $1', [role.id]);
  await audit(q, actor, {
    entityType: 'role',
    entityId: role.id,
    action: 'delete',
    before: roleSnapshot(role),
  });
}

/** Each provider with `roleCount`: the number of roles that have it among their applications. */
export async function withRoleCounts(q: Queryable, providers: Provider[]): Promise<Provider[]> {
  if (providers.length === 0) return providers;
  const ids = providers.map((provider) => provider.manageId ?? provider.id);
  const { rows } = await q.query<{ manage_id: string; n: number }>(
    `SELECT manage_id, count(DISTINCT role_id)::int AS n FROM application_usages
      WHERE manage_id = ANY($1::text[]) GROUP BY manage_id`,
    [ids],
  );
  const counts = new Map(rows.map((row) => [row.manage_id, Number(row.n)]));
  return providers.map((provider) => ({
    ...provider,
    roleCount: counts.get(provider.manageId ?? provider.id) ?? 0,
  }));
}
