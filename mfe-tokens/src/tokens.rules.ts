import { highestAuthority } from 'shared-auth';
import type { User } from 'shared-auth';

type MaybeUser = User | null | undefined;

/**
 * /tokens sends guests to /404 (spec §2 routes, §6 GUEST). A user without any authority ('No member')
 * is treated the same way: they hold no right a token could carry.
 */
export function mayOpenTokens(user: MaybeUser): boolean {
  if (!user) return false;
  const highest = highestAuthority(user);
  return highest !== 'GUEST' && highest !== 'No member';
}

export interface TokenColumns {
  owner: boolean;
  superUserToken: boolean;
  organizationGUID: boolean;
}

/** Spec §6: owner and superUserToken for super users; the organisation GUID hidden for inviters and managers. */
export function tokenColumnsFor(user: MaybeUser): TokenColumns {
  const superUser = Boolean(user?.superUser);
  const highest = user ? highestAuthority(user) : 'No member';
  return {
    owner: superUser,
    superUserToken: superUser,
    organizationGUID: highest !== 'INVITER' && highest !== 'MANAGER',
  };
}
