import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'shared-auth';
// eslint-disable-next-line no-restricted-imports -- test only: the real remote inside the host
import invitationsRemote from 'mfe-invitations/src/contributions';
// eslint-disable-next-line no-restricted-imports -- test only: the real remote inside the host
import systemRemote from 'mfe-system/src/contributions';
import { rolesRemote, tokensRemote } from './test-support/fake-remotes';
import * as personas from 'test-support/personas';
import { renderShell } from './test-support/render-shell';

jest.mock('./remotes/remote-loader', () => jest.requireActual('./test-support/remote-loader.mock'));

const remotes = {
  roles: [rolesRemote],
  invitations: [invitationsRemote],
  system: [systemRemote],
  tokens: [tokensRemote],
};

async function at(path: string, user: User | null) {
  await renderShell({ path, user, remotes });
}

const location = () => screen.getByTestId('location').textContent;

describe('routes and guards (spec §2)', () => {
  it.each(['/', '/home', '/home/users'])(
    'sends a visitor at %s to the landing page at /login',
    async (path) => {
      await at(path, null);
      expect(
        await screen.findByRole('heading', { name: 'Access to your applications, by invitation' }),
      ).toBeInTheDocument();
      expect(location()).toBe('/login');
      expect(screen.getAllByRole('button', { name: 'Log in' }).length).toBeGreaterThan(0);
    },
  );

  it('lets a visitor open the public invitation page but not an authenticated one', async () => {
    await at('/invitation/accept?hash=abc', null);
    expect(await screen.findByRole('heading', { name: 'Your invitation' })).toBeInTheDocument();
  });

  it('gives a visitor the not-found page for a page that needs a login', async () => {
    await at('/roles/3', null);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(location()).toBe('/404');
  });

  it.each(['/', '/login'])('sends a logged-in user from %s to home, roles tab first', async (path) => {
    await at(path, personas.manager);
    expect(await screen.findByText(/The roles you hold or manage will be listed here/)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Roles' })).toHaveAttribute('aria-selected', 'true');
    expect(location()).toBe('/home');
  });

  it('switches home tabs through the URL', async () => {
    const user = userEvent.setup();
    await at('/home', personas.superUser);
    await user.click(await screen.findByRole('tab', { name: 'Users' }));
    expect(await screen.findByText(/All users of the console will be listed here/)).toBeInTheDocument();
    expect(location()).toBe('/home/users');
  });

  it('sends a user whose highest authority is inviter from home to /inviter', async () => {
    await at('/home', personas.inviter);
    expect(await screen.findByRole('heading', { name: 'Inviter home' })).toBeInTheDocument();
    expect(location()).toBe('/inviter');
  });

  it('shows the invite-only page to a user without roles', async () => {
    await at('/home', personas.noMember);
    expect(
      await screen.findByText('Welcome Newcomer, you have no roles in the access portal yet.'),
    ).toBeInTheDocument();
  });

  it('shows the not-found page, with its image, for an unknown path', async () => {
    await at('/no/such/page', personas.manager);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'A lost traveller with an empty map' })).toBeInTheDocument();
    expect(location()).toBe('/404');
  });

  it('sends non-super users away from the system area', async () => {
    await at('/system', personas.institutionAdmin);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('opens the system area for a super user, cron first', async () => {
    await at('/system', personas.superUser);
    expect(await screen.findByRole('button', { name: 'Run cleanup' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cron' })).toHaveAttribute('aria-selected', 'true');
  });

  it('decodes refresh-route/{path} and goes there', async () => {
    await at(`/refresh-route/${encodeURIComponent('/roles/7/guests')}`, personas.manager);
    expect(await screen.findByRole('heading', { name: 'Role 7' })).toBeInTheDocument();
    expect(location()).toBe('/roles/7/guests');
  });
});

describe('home tabs per persona (spec §2 Home tabs)', () => {
  const tabNames = async () => {
    const tabs = within(await screen.findByRole('tablist', { name: 'Home tabs' }));
    return tabs.getAllByRole('tab').map((tab) => tab.textContent);
  };

  it.each([
    ['super user', personas.superUser, ['Roles', 'Users', 'Applications', 'API tokens']],
    [
      'institution admin',
      personas.institutionAdmin,
      ['Roles', 'Applications', 'Application users', 'Application managers', 'API tokens'],
    ],
    ['application manager', personas.applicationManager, ['Roles', 'Applications', 'Application users']],
    ['manager', personas.manager, ['Roles']],
    // A guest's roles tab lists its applications, and is named so (issue 55).
    ['guest', personas.guest, ['My applications']],
  ])('%s', async (_name, persona, expected) => {
    await at('/home', persona);
    expect(await tabNames()).toEqual(expected);
  });

  it('shows home > tab in the breadcrumb and the chosen tab', async () => {
    await at('/home/applicationUsers', personas.institutionAdmin);
    expect(
      await screen.findByText(/users holding roles for your institution's applications/),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Application users' })).toHaveAttribute('aria-selected', 'true');
    // The breadcrumb (shared-ui, from the session's breadcrumb path).
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(screen.getByText('Application users', { selector: '[aria-current="page"]' })).toBeInTheDocument();
  });

  it('gives the not-found page for a tab the user may not see', async () => {
    await at('/home/users', personas.institutionAdmin);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
