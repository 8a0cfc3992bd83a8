/** Writes of roles and their application usages, each audited in the same transaction. */
import type { Role } from 'shared-auth/rules';
import { audit, type AuditActor } from '../audit.js';
import type { Queryable } from '../db/types.js';
import { httpError } from '../errors.js';
import { invitationSnapshot, type InvitationRow } from './invitations.js';
import { userRoleSnapshot, type UserRoleRow } from './user-roles.js';
import type { CheckedRole, CheckedUsage } from './role-input.js';

/** What the audit log keeps of a role. */
export function roleSnapshot(role: Role) {
  return {
    name: role.name,
    shortName: role.shortName,
    urn: role.urn,
    description: role.description,
    defaultExpiryDays: role.defaultExpiryDays,
    enforceEmailEquality: role.enforceEmailEquality,
    eduIDOnly: role.eduIDOnly,
    overrideSettingsAllowed: role.overrideSettingsAllowed,
    inviterDisplayName: role.inviterDisplayName ?? null,
    organizationGUID: role.organizationGUID ?? null,
    applications: role.applicationUsages.map((u) => ({
      manageId: u.application.manageId,
      landingPage: u.landingPage,
    })),
  };
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
       override_settings_allowed, inviter_display_name, organization_guid, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
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
    ],
  );
  const id = Number(rows[0].id);
  await writeUsages(q, id, role.usages);
  await audit(q, actor, {
    entityType: 'role',
    entityId: id,
    action: 'create',
    after: { ...role, createdBy: undefined },
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
       organization_guid = COALESCE($9, organization_guid), updated_at = now()
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
    ],
  );
  if (usages) await writeUsages(q, before.id, usages);
  await audit(q, actor, {
    entityType: 'role',
    entityId: before.id,
    action: 'update',
    before: roleSnapshot(before),
    after: {
      ...fields,
      organizationGUID: organizationGUID ?? before.organizationGUID ?? null,
      applications: usages ?? undefined,
    },
  });
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
