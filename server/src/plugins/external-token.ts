/**
 * The external API's authentication (`/api/external/v1`): an `X-API-TOKEN` and nothing else — no session,
 * no CSRF token, no impersonation. It runs as the preHandler `apiTokenOnly` (plugins/permissions.ts) of
 * each external route, not as a hook on the whole prefix, so that routes with an authentication of their
 * own (HTTP Basic service accounts) can sit under the same prefix.
 *
 * A token's reach is the token's, not its owner's session (spec §3): a super-user token reaches every
 * role; an organisation's token the roles on the applications of its `organizationGUID`, as an institution
 * admin of that organisation would; a member's token (an inviter's or a manager's, without organisation)
 * the roles its owner holds as inviter or above. The rules of shared-auth judge the token as that principal.
 * The token and its owner are read afresh on every call: a token whose owner is no longer a super user (or
 * no longer an institution admin of the token's organisation, or holds no role as inviter or above any
 * more) stops working at once, on every instance.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { highestAuthority, isUserAllowed, type User } from 'shared-auth/rules';
import { httpError } from '../errors.js';
import { recordTokenUse } from '../stores/tokens.store.js';
import { limitKeys, limitTokenCall, limitUnknownToken, WINDOW_SECONDS } from './credential-limiter.js';
import { readTokenWithOwner, shapeLoadedUser } from '../stores/users.store.js';

/** Where the external API lives. */
export const EXTERNAL_API_PREFIX = '/api/external/v1';

/** The route config that marks a route authenticating itself (the session, auth and CSRF hooks skip it). */
export const API_TOKEN_ROUTE = { authentication: 'api-token' } as const;

/** True for a route that authenticates its callers itself (route config `authentication`). */
export function authenticatesItself(request: FastifyRequest): boolean {
  const config = request.routeOptions?.config as { authentication?: string } | undefined;
  return typeof config?.authentication === 'string';
}

/** The principal the shared rules judge for a token, or the reason it reaches nothing. */
export function tokenPrincipal(
  token: { superUserToken: boolean; organizationGUID: string | null },
  owner: User,
): { principal: Omit<User, 'applications' | 'institution'> } | { refusal: string } {
  // A super-user or organisation token acts for that right only: not for its owner's roles, nor for the
  // applications its owner manages as application manager (a member's token below keeps those).
  const base = { ...owner, userRoles: [], roles: [], authority: '', managedApplications: [] };
  if (token.superUserToken) {
    if (!owner.superUser) return { refusal: "This super-user token's owner is no longer a super user" };
    return { principal: { ...base, superUser: true, institutionAdmin: false } };
  }
  const guid = token.organizationGUID;
  if (!guid) {
    // A member's token (an inviter's or a manager's: made without an organisation) is linked to its owner,
    // as OpenConext Invite links them: it reaches the roles its owner holds as inviter or above, read afresh
    // on every call, with no super user's or institution admin's powers even if the owner has them since.
    const member = { ...owner, superUser: false, institutionAdmin: false, organizationGUID: null };
    if (!isUserAllowed(member, 'INVITER')) {
      return { refusal: "This token's owner no longer holds a role as inviter or above" };
    }
    return { principal: member };
  }
  const ownerStillAdmin = owner.superUser || (owner.institutionAdmin && owner.organizationGUID === guid);
  if (!ownerStillAdmin) {
    return { refusal: "This token's owner is no longer an institution admin of the token's organisation" };
  }
  return { principal: { ...base, superUser: false, institutionAdmin: true, organizationGUID: guid } };
}

/**
 * Authenticates an external API call: 401 without a token or with an unknown one, 403 when the token
 * reaches nothing (any more), 429 past the limits of plugins/credential-limiter.ts (unknown tokens from
 * one address; the calls of one token owner). Sets `request.apiToken`, `request.user` (the token's
 * principal) and `request.realUser` (its owner).
 */
export async function authenticateExternalToken(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { db, registry } = request.server;
  const secret = request.headers['x-api-token'];
  if (typeof secret !== 'string' || secret.length === 0) {
    throw httpError(401, 'This call needs an API token in the X-API-TOKEN header (made on the tokens page)');
  }
  const impersonate = request.headers['x-impersonate-id'];
  if (typeof impersonate === 'string' && impersonate.length > 0) {
    throw httpError(403, 'An API token cannot impersonate: leave out X-IMPERSONATE-ID');
  }
  const found = await readTokenWithOwner(db, secret, limitKeys.address(request.ip), WINDOW_SECONDS);
  const owner = found?.ownerRow ? await shapeLoadedUser(registry, found.ownerRow) : null;
  if (!found || !owner) {
    await limitUnknownToken(request, reply);
    throw httpError(401, 'Unknown API token: check the X-API-TOKEN header');
  }
  const { token } = found;
  const reach = tokenPrincipal(
    { superUserToken: token.super_user_token, organizationGUID: token.organization_guid },
    owner,
  );
  if ('refusal' in reach) throw httpError(403, reach.refusal);
  await limitTokenCall(request, reply, owner.id, found.lockout);
  const principal: User = { ...reach.principal, applications: [], institution: null };
  if (principal.institutionAdmin && principal.organizationGUID) {
    const [applications, institution] = await Promise.all([
      registry.applicationsOfOrganization(principal.organizationGUID),
      registry.institutionOfOrganization(principal.organizationGUID),
    ]);
    principal.applications = applications;
    principal.institution = institution;
  }
  principal.highestAuthority = highestAuthority(principal);
  if (!token.used_recently) await recordTokenUse(db, token.id);
  request.apiToken = {
    id: token.id,
    description: token.description,
    superUserToken: token.super_user_token,
    organizationGUID: token.organization_guid,
  };
  request.realUser = owner;
  request.user = principal;
}
