// Small remotes written for the shell's tests, where the real one belongs to someone else (tokens) or
// where a remote must misbehave on purpose.
import { useParams } from 'react-router-dom';
import type { RemoteContributions } from 'shared-ui';
// eslint-disable-next-line no-restricted-imports -- test only: the real remote's tabs and rules
import realRolesRemote from 'mfe-roles/src/contributions';

function TokensPanel() {
  return <p>Your API tokens are listed here</p>;
}

export const tokensRemote: RemoteContributions = {
  id: 'tokens',
  contractVersion: '1.0',
  routes: [{ path: 'tokens', access: 'authenticated', element: TokensPanel }],
  extensions: [
    {
      slot: 'home.tabs',
      id: 'tokens',
      order: 90,
      labelKey: 'tab',
      visibleRule: 'tokensHomeTab',
      component: TokensPanel,
    },
    {
      slot: 'user-menu.links',
      id: 'tokens',
      order: 50,
      labelKey: 'menuLink',
      href: '/tokens',
      visibleRule: 'tokensMenuLink',
    },
  ],
  translations: {
    en: { tab: 'API tokens', menuLink: 'API tokens' },
    nl: { tab: 'API-tokens', menuLink: 'API-tokens' },
  },
};

function Explodes(): never {
  throw new Error('this remote page is broken');
}

/** A system remote whose page throws while rendering (its metadata as the real one publishes it). */
export const brokenSystemRemote = (real: RemoteContributions): RemoteContributions => ({
  ...real,
  routes: real.routes.map((route) => ({ ...route, element: Explodes })),
});

function RolePage() {
  const { id } = useParams();
  return <h1>{`Role ${id}`}</h1>;
}

function InviterPage() {
  return <h1>Inviter home</h1>;
}

const panel = (text: string) =>
  function Panel() {
    return <p>{text}</p>;
  };

const PLACEHOLDER_PAGES: Record<string, () => React.JSX.Element> = {
  'roles/:id/:tab?': RolePage,
  'role/:id': RolePage,
  'applications/:manageId': panel('Application page'),
  inviter: InviterPage,
};

const PLACEHOLDER_TABS: Record<string, string> = {
  roles: 'The roles you hold or manage will be listed here',
  users: 'All users of the console will be listed here',
  applications: 'The applications will be listed here',
  applicationUsers: "The users holding roles for your institution's applications will be listed here",
};

/**
 * A roles remote with the real one's routes, slot entries and visibility rules but plain placeholder
 * pages: the shell's routing tests must not depend on the roles screens (which call the API).
 */
export const rolesRemote: RemoteContributions = {
  ...realRolesRemote,
  routes: realRolesRemote.routes.map((route) => ({
    ...route,
    element: PLACEHOLDER_PAGES[route.path] ?? panel(route.path),
  })),
  extensions: realRolesRemote.extensions.map((extension) =>
    extension.component
      ? { ...extension, component: panel(PLACEHOLDER_TABS[extension.id] ?? extension.id) }
      : extension,
  ),
};
