import { highestAuthority } from './authority.js';
import { sameId } from './ids.js';
import type { User } from './types.js';

type MaybeUser = User | null | undefined;

/**
 * Spec §2 routes and §6 GUEST: /tokens (and every token call of the API) is for everyone but guests.
 * An institution admin counts even without roles; a user without any authority ('No member') is treated
 * like a guest: they hold no right a token could carry.
 */
export function mayOpenTokens(user: MaybeUser): boolean {
  if (!user) return false;
  const highest = highestAuthority(user);
  return highest !== 'GUEST' && highest !== 'No member';
}

/**
 * User-menu link (spec §2 Header): only for users whose highest authority is inviter, manager or
 * application manager (who have no tokens tab on their home page).
 */
export function showsTokensMenuLink(user: MaybeUser): boolean {
  if (!user) return false;
  const highest = highestAuthority(user);
  return highest === 'INVITER' || highest === 'MANAGER' || highest === 'APPLICATION_MANAGER';
}

/** Spec §6: a super user sees every token and may delete any; everyone else only their own. */
export function mayDeleteToken(user: MaybeUser, token: { ownerId?: number | null }): boolean {
  if (!mayOpenTokens(user)) return false;
  return user!.superUser || sameId(token.ownerId, user!.id);
}

export interface TokenColumns {
  owner: boolean;
  superUserToken: boolean;
  organizationGUID: boolean;
}

/**
 * Spec §6: owner and superUserToken for super users; the organisation GUID hidden for inviters, managers
 * and application managers (none of them acts for an organisation).
 */
export function tokenColumnsFor(user: MaybeUser): TokenColumns {
  const superUser = Boolean(user?.superUser);
  const highest = user ? highestAuthority(user) : 'No member';
  return {
    owner: superUser,
    superUserToken: superUser,
    organizationGUID: highest !== 'INVITER' && highest !== 'MANAGER' && highest !== 'APPLICATION_MANAGER',
  };
}
