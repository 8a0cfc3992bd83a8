// Small remotes written for the shell's tests, where the real one belongs to someone else (tokens) or
// where a remote must misbehave on purpose.
import { useParams } from 'react-router-dom';
import { highestAuthority } from 'shared-auth';
import type { RemoteContributions } from 'shared-ui';
// eslint-disable-next-line no-restricted-imports -- test only: the real remote's tabs and rules
import realRolesRemote from 'mfe-roles/src/contributions';

function TokensPanel() {
  return <p>Your API tokens are listed here</p>;
}

export const tokensRemote: RemoteContributions = {
  id: 'tokens',
  routes: [{ path: 'tokens', access: 'authenticated', element: TokensPanel }],
  extensions: [
    {
      slot: 'home.tabs',
      id: 'tokens',
      order: 90,
      labelKey: 'tab',
      visible: ({ user }) =>
        Boolean(user?.superUser) || (Boolean(user?.institutionAdmin) && Boolean(user?.organizationGUID)),
      component: TokensPanel,
    },
    {
      slot: 'user-menu.links',
      id: 'tokens',
      order: 50,
      labelKey: 'menuLink',
      href: '/tokens',
      visible: ({ user }) => (user ? ['INVITER', 'MANAGER'].includes(highestAuthority(user)) : false),
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

/** A system remote whose page throws while rendering. */
export const brokenSystemRemote: RemoteContributions = {
  id: 'system',
  routes: [{ path: 'system/:tab?', access: 'authenticated', element: Explodes }],
  extensions: [],
  translations: { en: {}, nl: {} },
};

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

/**
 * A roles remote with the real one's routes, home tabs and visibility rules but plain placeholder pages:
 * the shell's routing tests must not depend on the roles screens (which call the API).
 */
export const rolesRemote: RemoteContributions = {
  id: 'roles',
  routes: [
    { path: 'roles/:id/:tab?', access: 'authenticated', element: RolePage },
    { path: 'role/:id', access: 'authenticated', element: RolePage },
    { path: 'applications/:manageId', access: 'authenticated', element: panel('Application page') },
    { path: 'inviter', access: 'authenticated', element: InviterPage },
  ],
  extensions: realRolesRemote.extensions
    .filter((extension) => extension.slot === 'home.tabs')
    .map((extension) => ({
      ...extension,
      component: panel(
        {
          roles: 'The roles you hold or manage will be listed here',
          users: 'All users of the console will be listed here',
          applications: 'The applications will be listed here',
          applicationUsers: "The users holding roles for your institution's applications will be listed here",
        }[extension.id] ?? extension.id,
      ),
    })),
  translations: realRolesRemote.translations,
};
