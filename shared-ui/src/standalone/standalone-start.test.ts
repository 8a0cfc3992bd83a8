import type { Extension, RemoteRoute } from '../contract';
import { pathWithoutParameters, standaloneStartPath } from './standalone-start';

const element = () => null;
const route = (path: string, access: RemoteRoute['access'] = 'authenticated'): RemoteRoute => ({
  path,
  access,
  element,
});
const extension = (slot: Extension['slot'], id: string, href?: string): Extension => ({
  slot,
  id,
  order: 1,
  labelKey: id,
  visibleRule: 'loggedIn',
  ...(href ? { href } : {}),
});

describe('pathWithoutParameters', () => {
  it('leaves optional parameters out and refuses a pattern that needs one', () => {
    expect(pathWithoutParameters('tokens')).toBe('/tokens');
    expect(pathWithoutParameters('system/:tab?')).toBe('/system');
    expect(pathWithoutParameters('invitation/mine')).toBe('/invitation/mine');
    expect(pathWithoutParameters('roles/:id/:tab?')).toBeNull();
    expect(pathWithoutParameters('applications/:manageId')).toBeNull();
    expect(pathWithoutParameters('files/*')).toBeNull();
  });
});

describe('standaloneStartPath', () => {
  // The roles remote: its first route needs a role id (/roles alone is no screen).
  const rolesRoutes = [
    route('roles/:id/:tab?'),
    route('role/:id'),
    route('applications/:manageId'),
    route('inviter'),
  ];

  it('starts on its first route when that needs no parameter', () => {
    expect(standaloneStartPath([route('tokens')], [extension('home.tabs', 'tokens')], true)).toBe('/tokens');
  });

  it('else on the first visible home tab', () => {
    expect(standaloneStartPath(rolesRoutes, [extension('home.tabs', 'roles')], true)).toBe('/home/roles');
  });

  it('without a home tab, on the page a visible home landing names', () => {
    expect(standaloneStartPath(rolesRoutes, [extension('home.landing', 'inviter', '/inviter')], true)).toBe(
      '/inviter',
    );
  });

  it('else on any route that needs no parameter, never on a pattern cut short', () => {
    expect(standaloneStartPath(rolesRoutes, [], true)).toBe('/inviter');
    expect(standaloneStartPath([route('system/:tab?'), route('audit-logs/:id')], [], true)).toBe('/system');
  });

  it('when logged in, prefers its logged-in pages to public ones that need a link', () => {
    const invitations = [
      route('invitation/accept', 'public'),
      route('invitation/mine'),
      route('invitation/:id'),
    ];
    expect(standaloneStartPath(invitations, [], true)).toBe('/invitation/mine');
    expect(standaloneStartPath(invitations.slice(0, 1), [], false)).toBe('/invitation/accept');
  });

  it('is null when no screen exists without parameters', () => {
    expect(standaloneStartPath([route('roles/:id/:tab?')], [], true)).toBeNull();
    expect(standaloneStartPath([], [], false)).toBeNull();
  });
});
