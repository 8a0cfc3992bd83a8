import { matchPath } from 'react-router-dom';
import type { RemoteId, RouteAccess } from 'shared-ui';
import {
  showsApplicationUsersTab,
  showsApplicationsTab,
  showsRolesTab,
  showsTokensTab,
  showsUsersTab,
  type User,
} from 'shared-auth';

/**
 * What the shell knows about each remote without loading it: the route prefixes it owns and the home
 * tabs it contributes. When a remote cannot be loaded, these render the unavailable panel instead of a
 * not-found page, so the user sees that a part of the console is down rather than missing.
 */
export interface KnownRoute {
  path: string;
  access: RouteAccess;
}

export interface KnownHomeTab {
  id: string;
  order: number;
  /** Key in the shell's namespace, for the label while the remote is unavailable. */
  labelKey: string;
  /** Spec §2 Home tabs: the same shared rule the remote uses, so the tab bar stays stable when it is down. */
  visible: (user: User | null | undefined) => boolean;
}

export interface KnownRemote {
  routes: KnownRoute[];
  homeTabs: KnownHomeTab[];
}

export const KNOWN_REMOTES: Record<RemoteId, KnownRemote> = {
  roles: {
    routes: [
      { path: 'roles/*', access: 'authenticated' },
      { path: 'role/*', access: 'authenticated' },
      { path: 'applications/*', access: 'authenticated' },
      { path: 'inviter', access: 'authenticated' },
    ],
    homeTabs: [
      { id: 'roles', order: 10, labelKey: 'tabRoles', visible: showsRolesTab },
      { id: 'users', order: 20, labelKey: 'tabUsers', visible: showsUsersTab },
      { id: 'applications', order: 30, labelKey: 'tabApplications', visible: showsApplicationsTab },
      {
        id: 'applicationUsers',
        order: 40,
        labelKey: 'tabApplicationUsers',
        visible: showsApplicationUsersTab,
      },
    ],
  },
  invitations: {
    routes: [
      { path: 'invitation/accept', access: 'public' },
      { path: 'invitation/*', access: 'authenticated' },
    ],
    homeTabs: [],
  },
  system: {
    routes: [
      { path: 'system/*', access: 'authenticated' },
      { path: 'audit-logs/*', access: 'authenticated' },
    ],
    homeTabs: [],
  },
  tokens: {
    routes: [{ path: 'tokens', access: 'authenticated' }],
    homeTabs: [{ id: 'tokens', order: 90, labelKey: 'tabTokens', visible: showsTokensTab }],
  },
};

export const REMOTE_IDS = Object.keys(KNOWN_REMOTES) as RemoteId[];

/**
 * Whether a page needs the remotes: every page of a logged-in user (header, home tabs), or a route a
 * remote owns (e.g. the public /invitation/accept). The landing page, deadend, 404 and missing-attributes
 * pages of an anonymous visitor need none. A logged-in user's /home waits for startup to tell: loading
 * the remotes earlier only slows startup's own calls down, and they are loaded during the loader hold.
 */
export function needsRemotes(pathname: string, authenticated: boolean): boolean {
  if (authenticated) return true;
  return REMOTE_IDS.some((id) =>
    KNOWN_REMOTES[id].routes.some((route) => matchPath(`/${route.path}`, pathname) !== null),
  );
}
