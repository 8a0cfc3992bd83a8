/**
 * The named visibility rules of the remote contract. A remote's published metadata names the rule that
 * decides whether one of its slot entries (a home tab, a user-menu link, …) shows; the shell resolves that
 * name here, so it can place the entry before the remote's code is loaded, and a remote that is down keeps
 * its tab in place. Rules are pure: (user, slot context) → visible. Adding an entry to a slot that needs a
 * new decision means adding the rule here, once; the shell and the standalone runner call it.
 */
import { highestAuthority, isUserAllowed } from './authority.js';
import {
  showsApplicationManagersHomeTab,
  showsApplicationUsersTab,
  showsApplicationsTab,
  showsMyApplicationsTab,
  showsRolesTab,
  showsTokensTab,
  showsUsersTab,
} from './home-tabs.js';
import { mayViewRoleMembers } from './role-access.js';
import { showsTokensMenuLink } from './tokens.js';
import type { Role, User } from './types.js';
import { mayOpenSystem } from './users.js';

type MaybeUser = User | null | undefined;

export type VisibilityRule = (user: MaybeUser, context?: Record<string, unknown>) => boolean;

/** Each name points at the one rule that decides it (home-tabs.ts, tokens.ts, authority.ts). */
export const VISIBILITY_RULES = {
  /** Anyone who is logged in. */
  loggedIn: (user) => Boolean(user),
  rolesHomeTab: showsRolesTab,
  /** The roles tab of a guest, named "My applications" (an entry under the roles tab's id). */
  myApplicationsHomeTab: showsMyApplicationsTab,
  usersHomeTab: showsUsersTab,
  applicationsHomeTab: showsApplicationsTab,
  applicationUsersHomeTab: showsApplicationUsersTab,
  applicationManagersHomeTab: showsApplicationManagersHomeTab,
  tokensHomeTab: showsTokensTab,
  tokensMenuLink: showsTokensMenuLink,
  /** Whoever may open the system area (its tabs). */
  superUser: mayOpenSystem,
  /** The performance seed tab: whoever may open the system area, where the configuration allows it. */
  performanceSeed: (user, context) => mayOpenSystem(user) && context?.performanceSeedAllowed === true,
  /** User-menu link to the system area (spec §2 Header). */
  systemMenuLink: mayOpenSystem,
  /** Header link to a new invitation (spec §2 Header): whoever may invite (inviter or more). */
  mayInvite: (user) => isUserAllowed(user, 'INVITER'),
  /**
   * The role-detail link of a profile's role card: only where the role page opens for the viewer (inviter
   * or more on it, its institution admin, a super user); a guest's card shows its applications instead.
   * The context carries the role (`role`), or at least its id (`roleId`).
   */
  mayOpenRole: (user, context) => {
    const role = context?.role as Role | undefined;
    if (role) return mayViewRoleMembers(user, role);
    const roleId = Number(context?.roleId);
    if (!Number.isInteger(roleId)) return false;
    return mayViewRoleMembers(user, {
      id: roleId,
      applicationMaps: [],
      applicationUsages: [],
    } as unknown as Role);
  },
  /** /home sends a user whose highest authority is inviter to the inviter home (spec §2 Home). */
  inviterHome: (user) => (user ? highestAuthority(user) === 'INVITER' : false),
} satisfies Record<string, VisibilityRule>;

export type VisibilityRuleName = keyof typeof VISIBILITY_RULES;

/** The rule of that name, or undefined when no such rule exists (a remote built against newer rules). */
export function visibilityRule(name: string): VisibilityRule | undefined {
  return Object.hasOwn(VISIBILITY_RULES, name) ? VISIBILITY_RULES[name as VisibilityRuleName] : undefined;
}
