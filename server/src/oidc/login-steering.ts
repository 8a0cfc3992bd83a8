/**
 * Steering the login that accepts an invitation (issue 52): which assurance to ask the identity provider
 * for (acr_values) and through which identity providers the invitee can log in (login_hint), so that an
 * eduID-only invitee is not sent to every institution first and a guest picks a provider the role's
 * applications accept.
 */
import type { AppConfig } from '../config.js';
import type { Db } from '../db/types.js';
import type { Registry } from '../registry/registry.js';
import { invitationStatusOf, type InvitationRow } from '../stores/invitation.rows.js';
import { invitationByHash } from '../stores/invitations.store.js';
import { loadRolesByIds } from '../stores/roles.store.js';

/**
 * A login_hint this long or longer is left out: the authorization request travels as a URL, and proxies
 * and identity providers refuse request lines and headers past 8 KB.
 */
export const LOGIN_HINT_MAX_BYTES = 6000;

export interface LoginSteering {
  acr_values?: string;
  login_hint?: string;
}

/** The entity ids of every application of every role of the invitation; null when one is unknown. */
async function applicationEntityIds(
  db: Db,
  registry: Registry,
  row: InvitationRow,
): Promise<string[] | null> {
  const links = Array.isArray(row.invitation_roles) ? row.invitation_roles : [];
  const roles = await loadRolesByIds(
    db,
    registry,
    links.map((link) => Number(link.roleId)),
  );
  const entityIds = new Set<string>();
  for (const role of roles) {
    for (const usage of role.applicationUsages) {
      const entityId = (await registry.provider(usage.application.manageId))?.entityid;
      // An application the registry no longer knows: no identity provider can be said to allow it.
      if (!entityId) return null;
      entityIds.add(entityId);
    }
  }
  return [...entityIds];
}

/** The hint of the invitation: eduID for an eduID-only one, the allowing providers for a guest one. */
async function loginHint(
  db: Db,
  registry: Registry,
  config: Pick<AppConfig, 'eduidEntityId'>,
  row: InvitationRow,
): Promise<string | undefined> {
  if (row.edu_id_only) return config.eduidEntityId;
  if (row.intended_authority !== 'GUEST') return undefined;
  const entityIds = await applicationEntityIds(db, registry, row);
  if (!entityIds || entityIds.length === 0) return undefined;
  const hint = (await registry.identityProvidersAllowing(entityIds)).join(',');
  if (hint === '' || Buffer.byteLength(hint, 'utf8') >= LOGIN_HINT_MAX_BYTES) return undefined;
  return hint;
}

/**
 * The extra parameters of the authorization request for accepting the invitation with this hash: none for
 * an unknown hash or an invitation that is no longer open (its page tells that, not the login).
 */
export async function acceptLoginSteering(
  db: Db,
  registry: Registry,
  config: Pick<AppConfig, 'eduidEntityId' | 'loginHint'>,
  hash: string,
): Promise<LoginSteering> {
  const row = await invitationByHash(db, hash);
  if (!row || invitationStatusOf(row) !== 'OPEN') return {};
  const steering: LoginSteering = {};
  if (row.requested_authn_context) steering.acr_values = row.requested_authn_context;
  if (config.loginHint) {
    const hint = await loginHint(db, registry, config, row);
    if (hint) steering.login_hint = hint;
  }
  return steering;
}
