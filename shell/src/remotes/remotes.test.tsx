import path from 'node:path';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from 'shared-auth';
import { CONTRACT_VERSION } from 'shared-ui';
// The remotes' real source stands in for what Module Federation would load (see remote-loader.mock).
// eslint-disable-next-line no-restricted-imports -- test only: the real remote inside the host
import realRolesRemote from 'mfe-roles/src/contributions';
// eslint-disable-next-line no-restricted-imports -- test only: the real remote inside the host
import systemRemote from 'mfe-system/src/contributions';
import { brokenSystemRemote, rolesRemote, tokensRemote } from '../test-support/fake-remotes';
import * as personas from 'test-support/personas';
import { renderShell } from '../test-support/render-shell';
import { loadContributions, serveRemote } from '../test-support/remote-loader.mock';

jest.mock('./remote-loader', () => jest.requireActual('../test-support/remote-loader.mock'));

const UNAVAILABLE = 'This part of the console is unavailable';

describe('remotes inside the shell', () => {
  it('mounts the real roles remote, which sees the shared session and whose flash shows in the shell', async () => {
    // A guest: the real roles tab then shows the applications its roles give access to, without calling the API.
    await renderShell({
      path: '/home',
      user: personas.personasHolding(personas.role(13, 'Wiki guests')).guest,
      remotes: { roles: [realRolesRemote], tokens: [tokensRemote] },
    });

    expect(await screen.findByRole('heading', { level: 2, name: 'My applications' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Users' })).not.toBeInTheDocument();

    // A user change made in the shell's store is seen by the remote's own visibility rules.
    act(() => useSessionStore.getState().setUser(personas.superUser));
    expect(await screen.findByRole('tab', { name: 'Users' })).toBeInTheDocument();

    // The remote resolves shared-auth from its own folder; it must be the very module the shell uses.
    const remoteSharedAuth = jest.requireActual(
      require.resolve('shared-auth', { paths: [path.join(__dirname, '../../../mfe-roles/src')] }),
    );
    act(() => remoteSharedAuth.setFlash('Role saved by the remote', 'error'));
    expect(await screen.findByText('Role saved by the remote')).toBeInTheDocument();
  });

  it('shows the unavailable panel for a remote that fails to load, and Retry loads it', async () => {
    const user = userEvent.setup();
    await renderShell({
      path: '/roles/5',
      user: personas.superUser,
      remotes: { roles: [new Error('remote down'), rolesRemote], tokens: [tokensRemote] },
    });

    expect(await screen.findByText(UNAVAILABLE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Role 5' })).toBeInTheDocument();
    expect(screen.queryByText(UNAVAILABLE)).not.toBeInTheDocument();
    expect(loadContributions).toHaveBeenLastCalledWith('roles');
  });

  it("keeps a failed remote's home tabs in place, showing the panel, while other tabs work", async () => {
    const user = userEvent.setup();
    await renderShell({
      path: '/home',
      user: personas.superUser,
      remotes: { roles: [new Error('down')], tokens: [tokensRemote] },
      described: { roles: rolesRemote },
    });

    const tabs = within(await screen.findByRole('tablist', { name: 'Home tabs' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Roles',
      'Users',
      'Applications',
      'API tokens',
    ]);
    expect(screen.getByText(UNAVAILABLE)).toBeInTheDocument();

    await user.click(tabs.getByRole('tab', { name: 'API tokens' }));
    expect(await screen.findByText('Your API tokens are listed here')).toBeInTheDocument();
    expect(screen.queryByText(UNAVAILABLE)).not.toBeInTheDocument();
  });

  it('catches a remote page that throws and shows the panel, while the rest of the console works', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderShell({
      path: '/system',
      user: personas.superUser,
      remotes: { roles: [rolesRemote], system: [brokenSystemRemote(systemRemote), systemRemote] },
    });

    expect(await screen.findByText(UNAVAILABLE)).toBeInTheDocument();
    // The header still works: the user menu leads home, where the roles remote is fine.
    await user.click(screen.getByRole('button', { name: /User menu of/ }));
    await user.click(screen.getByRole('link', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { name: 'Ada Admin' })).toBeInTheDocument();

    // Retry loads the (now repaired) remote again.
    await user.click(screen.getByRole('button', { name: /User menu of/ }));
    await user.click(screen.getByRole('link', { name: 'System' }));
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    // The system page renders its tabs from the shell's slot host; cron is the first.
    expect(await screen.findByRole('button', { name: 'Run cleanup' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cron' })).toHaveAttribute('aria-selected', 'true');
  });

  it('refuses a remote built against another contract major: its routes and tabs name both versions', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderShell({
      path: '/home/tokens',
      user: personas.superUser,
      remotes: { roles: [rolesRemote], tokens: [tokensRemote] },
      contractVersions: { tokens: '9.0' },
    });
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent(UNAVAILABLE);
    expect(panel).toHaveTextContent(
      `built for version 9.0 of the console contract; this console speaks version ${CONTRACT_VERSION}`,
    );
    expect(loadContributions).not.toHaveBeenCalledWith('tokens');
    expect(console.error).toHaveBeenCalledWith(
      expect.stringContaining('Remote tokens was built against contract 9.0'),
    );
  });

  it('says a part may be unavailable, with Retry, for an unknown path while a remote cannot be described', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderShell({
      path: '/tokens',
      user: personas.superUser,
      remotes: { roles: [rolesRemote], tokens: [new Error('down')] },
    });
    expect(await screen.findByText('This part of the console may be unavailable')).toBeInTheDocument();
    // The manifest can be read again: Retry discovers the remote and shows its page.
    serveRemote('tokens', [tokensRemote]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Your API tokens are listed here')).toBeInTheDocument();
  });

  it('names on home a remote that cannot be described, with Retry, rather than silently fewer tabs', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderShell({
      path: '/home',
      user: personas.superUser,
      remotes: { roles: [new Error('down')], tokens: [tokensRemote] },
    });
    const tabs = within(await screen.findByRole('tablist', { name: 'Home tabs' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['API tokens']);
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('The part “roles” of the console is unavailable');
    expect(notice).toHaveTextContent('Its tabs and pages cannot be shown');
    // The tab that is there still works beside it.
    expect(await screen.findByText('Your API tokens are listed here')).toBeInTheDocument();

    // The remote is back: Retry reads its manifest again, and its tabs take their places.
    serveRemote('roles', [rolesRemote]);
    await user.click(within(notice).getByRole('button', { name: 'Retry' }));
    expect(await tabs.findByRole('tab', { name: 'Roles' })).toBeInTheDocument();
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Roles',
      'Users',
      'Applications',
      'API tokens',
    ]);
    expect(screen.queryByText(/The part “roles”/)).not.toBeInTheDocument();
  });

  it('names every remote that cannot be described on a home without any tab', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderShell({
      path: '/home',
      user: personas.superUser,
      remotes: { roles: [new Error('down')], tokens: [new Error('down')] },
    });
    const notices = await screen.findAllByRole('alert');
    expect(notices.map((notice) => notice.querySelector('h2')?.textContent)).toEqual([
      'The part “roles” of the console is unavailable',
      'The part “tokens” of the console is unavailable',
    ]);
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(2);
  });

  it('says a home tab may be unavailable, rather than not found, while a remote cannot be described', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderShell({
      path: '/home/users',
      user: personas.superUser,
      remotes: { roles: [new Error('down')], tokens: [tokensRemote] },
    });
    expect(await screen.findByText('This part of the console may be unavailable')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/home/users');
  });

  it('shows a system tab of a remote that is down as unavailable, not as not found', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderShell({
      path: '/system/invitations',
      user: personas.superUser,
      remotes: { roles: [rolesRemote], system: [systemRemote], invitations: [new Error('down')] },
    });
    expect(await screen.findByText(UNAVAILABLE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/system/invitations');
  });

  it('tells a remote rendering a slot which remotes cannot be described: the system area names them', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderShell({
      path: '/system/cron',
      user: personas.superUser,
      remotes: { roles: [rolesRemote], system: [systemRemote], invitations: [new Error('down')] },
    });
    expect(await screen.findByRole('button', { name: 'Run cleanup' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Part of this page may be missing: “invitations” cannot be loaded',
    );
    expect(screen.queryByRole('tab', { name: 'Invitations' })).not.toBeInTheDocument();
  });

  it('still answers not found for an unknown path when every remote is described', async () => {
    await renderShell({ path: '/nowhere', user: personas.superUser, remotes: { roles: [rolesRemote] } });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
