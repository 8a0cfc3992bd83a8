/**
 * Creating, changing and deleting a role: one use case for the console (/api/v1/roles), the external API
 * (/api/external/v1/roles) and the internal API of the self-service portals
 * (/api/external/v1/internal/invite/roles). The route has checked who may; `user` is whose reach the
 * body's applications are judged by (the person, the token's principal, the service account's) and
 * `actor` who the audit trail names.
 */
import type { FastifyInstance } from 'fastify';
import { mayChangeRoleApplications, type Role, type User } from 'shared-auth/rules';
import {
  checkRequestedAuthnContext,
  checkRoleBody,
  checkRoleFields,
  shortNameFor,
  type RoleBody,
} from '../domain/role-input.js';
import type { AuditActor } from '../stores/audit.store.js';
import { deleteRole, insertRole, updateRole } from '../stores/roles.store.js';

type Deps = Pick<FastifyInstance, 'db' | 'registry' | 'config'>;

/** A new role from `body`; its short name (and urn) derived from the name, 409 when taken. Its id. */
export async function createRole(
  app: Deps,
  actor: AuditActor,
  user: User,
  body: RoleBody,
  createdBy: string | null,
): Promise<number> {
  checkRequestedAuthnContext(body.requestedAuthnContext, app.config.acrValues);
  const checked = await checkRoleBody(body, user, app.registry, {
    pastDateAllowed: app.config.pastDateAllowed,
  });
  const shortName = shortNameFor(checked.name);
  return app.db.tx((q) =>
    insertRole(q, actor, {
      ...checked,
      shortName,
      urn: `${app.config.groupUrnPrefix}:${shortName}`,
      createdBy,
    }),
  );
}

/**
 * The role `before` changed as `body` says: all of it for whoever may change its applications, only its
 * own fields for a manager. The short name and urn never change.
 */
export async function changeRole(
  app: Deps,
  actor: AuditActor,
  user: User,
  before: Role,
  body: RoleBody,
): Promise<void> {
  checkRequestedAuthnContext(body.requestedAuthnContext, app.config.acrValues);
  const endDateContext = { pastDateAllowed: app.config.pastDateAllowed, current: before.endDate };
  if (mayChangeRoleApplications(user, before)) {
    const checked = await checkRoleBody(body, user, app.registry, endDateContext);
    const organization = user.superUser ? checked.organizationGUID : undefined;
    await app.db.tx((q) => updateRole(q, actor, before, checked, checked.usages, organization));
  } else {
    const fields = checkRoleFields(body, endDateContext);
    await app.db.tx((q) => updateRole(q, actor, before, fields, null, undefined));
  }
}

/** The role gone, with its memberships and invitations (audited; its members deprovisioned). */
export async function removeRole(app: Deps, actor: AuditActor, role: Role): Promise<void> {
  await app.db.tx((q) => deleteRole(q, actor, role));
}
