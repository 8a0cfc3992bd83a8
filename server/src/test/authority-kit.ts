/**
 * Fixtures of the rights tests (issue 51): claims with and without the institution-admin entitlements, and
 * a SUPER_USER or INSTITUTION_ADMIN invitation made and accepted through the API, as a person would.
 */
import type { FastifyInstance } from 'fastify';
import { DEFAULT_INSTITUTION_ADMIN_ENTITLEMENT, DEFAULT_ORGANIZATION_GUID_PREFIX } from '../config.js';
import { resolveLogin } from '../dev/idp/personas.js';
import type { LoginClaims } from '../oidc/user-from-claims.js';
import { call, DAY, now } from './api-kit.js';
import type { TestSession } from './helper.js';

/** The claims of the person with this e-mail address, with these entitlements. */
export function claimsOf(email: string, entitlements: string[] = []): LoginClaims {
  return { ...resolveLogin(email).claims, eduperson_entitlement: entitlements };
}

/** The entitlements that make an institution admin of `guid`. */
export function adminEntitlements(guid: string): string[] {
  return [DEFAULT_INSTITUTION_ADMIN_ENTITLEMENT, `${DEFAULT_ORGANIZATION_GUID_PREFIX}${guid}`];
}

/**
 * `inviter` invites `invitee`'s user to `intendedAuthority` (of `organizationGUID`) and the invitee accepts;
 * answers the invitation's id.
 */
export async function inviteAndAccept(
  app: FastifyInstance,
  inviter: TestSession,
  invitee: TestSession & { email: string },
  intendedAuthority: 'SUPER_USER' | 'INSTITUTION_ADMIN',
  organizationGUID?: string,
): Promise<number> {
  const created = await call(app, inviter, 'POST', '/api/v1/invitations', {
    intendedAuthority,
    invites: [invitee.email],
    roleIdentifiers: [],
    language: 'en',
    expiryDate: now() + 14 * DAY,
    ...(organizationGUID ? { organizationGUID } : {}),
  });
  if (created.statusCode !== 201) throw new Error(`invitation not made: ${created.body}`);
  const id = Number(created.json().ids[0]);
  const { rows } = await app.db.query<{ hash: string }>('SELECT hash FROM invitations WHERE id = $1', [id]);
  const accepted = await call(app, invitee, 'POST', '/api/v1/invitations/accept', {
    hash: rows[0].hash,
    invitationId: id,
  });
  if (accepted.statusCode !== 201) throw new Error(`invitation not accepted: ${accepted.body}`);
  return id;
}
