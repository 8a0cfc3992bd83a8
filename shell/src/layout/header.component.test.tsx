import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { logout, startLogin, useFlashStore, useSessionStore } from 'shared-auth';
import { i18n, switchLanguage } from 'shared-ui/core';
// eslint-disable-next-line no-restricted-imports -- test only: the real remote inside the host
import rolesRemote from 'mfe-roles/src/contributions';
// eslint-disable-next-line no-restricted-imports -- test only: the real remote inside the host
import systemRemote from 'mfe-system/src/contributions';
// eslint-disable-next-line no-restricted-imports -- test only: the real remote inside the host
import invitationsRemote from 'mfe-invitations/src/contributions';
import { tokensRemote } from '../test-support/fake-remotes';
import * as personas from 'test-support/personas';
import { renderShell } from '../test-support/render-shell';

jest.mock('../remotes/remote-loader', () => jest.requireActual('../test-support/remote-loader.mock'));
jest.mock('shared-auth', () => {
  const actual = jest.requireActual('shared-auth');
  return {
    ...actual,
    startLogin: jest.fn(() => true),
    // The real logout minus the server call: clears the session the same way.
    logout: jest.fn(async () => actual.useSessionStore.getState().clearSession()),
  };
});
jest.mock('shared-ui/core', () => ({ ...jest.requireActual('shared-ui/core'), switchLanguage: jest.fn() }));
// Records whether the end of an impersonation is reported while the impersonation header is still sent.
const reportedWhileImpersonating: boolean[] = [];
jest.mock('../users.resource', () => ({
  ...jest.requireActual('../users.resource'),
  reportImpersonationEnd: jest.fn(async () => {
    const { useSessionStore: store } = jest.requireActual('shared-auth');
    reportedWhileImpersonating.push(store.getState().impersonator !== null);
  }),
}));

const remotes = {
  roles: [rolesRemote],
  invitations: [invitationsRemote],
  system: [systemRemote],
  tokens: [tokensRemote],
};

/** Opens the user menu and returns queries scoped to its items. */
async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  const button = await screen.findByRole('button', { name: /User menu of/ });
  await user.click(button);
  return within(document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement);
}

describe('header and user menu', () => {
  it('gives super users a system link, everyone profile and logout', async () => {
    const user = userEvent.setup();
    await renderShell({ path: '/home', user: personas.superUser, remotes });
    const menu = await openMenu(user);
    expect(menu.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['System', '/system'],
      ['Profile', '/profile'],
      ['My invitations', '/invitation/mine'],
      ['Log out', '/logout'],
    ]);
  });

  it('shows links contributed to user-menu.links (tokens for an inviter), and no system link', async () => {
    const user = userEvent.setup();
    await renderShell({ path: '/inviter', user: personas.inviter, remotes });
    const menu = await openMenu(user);
    expect(menu.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Profile', '/profile'],
      ['My invitations', '/invitation/mine'],
      ['API tokens', '/tokens'],
      ['Log out', '/logout'],
    ]);
  });

  it('links to switch app, welcome, the invitation form (for whoever may invite) and help', async () => {
    await renderShell({ path: '/inviter', user: personas.inviter, remotes });
    act(() =>
      useSessionStore.setState({
        config: {
          authenticated: true,
          welcomeUrl: 'https://welcome.example.org',
          helpUrl: 'https://help.example.org',
          switchAppUrl: 'https://apps.example.org',
        },
      }),
    );
    const links = within(await screen.findByRole('navigation', { name: 'Console links' }));
    expect(links.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Switch app', 'https://apps.example.org'],
      ['Welcome', 'https://welcome.example.org'],
      ['Invite', '/invitation/new'],
      ['Help', 'https://help.example.org'],
    ]);
  });

  it('shows the environment as a band on anything but production, in both languages', async () => {
    await renderShell({ path: '/home', user: personas.guest, remotes });
    const setEnvironment = (environment: string | undefined) =>
      act(() => useSessionStore.setState({ config: { authenticated: true, environment } }));
    setEnvironment('test');
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Environment: test. This is not the production console.',
    );
    // Inside a landmark of its own (axe's rule `region`: all content in landmarks).
    expect(screen.getByRole('region', { name: 'Environment' })).toContainElement(screen.getByRole('note'));
    await act(async () => {
      await i18n.changeLanguage('nl');
    });
    expect(screen.getByRole('note')).toHaveTextContent('Omgeving: test. Dit is niet de productieconsole.');
    expect(screen.getByRole('region', { name: 'Omgeving' })).toContainElement(screen.getByRole('note'));
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    setEnvironment('production');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    setEnvironment(undefined);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('offers a guest no invite link', async () => {
    await renderShell({ path: '/home', user: personas.guest, remotes });
    await screen.findByRole('button', { name: /User menu of/ });
    expect(screen.queryByRole('link', { name: 'Invite' })).not.toBeInTheDocument();
  });

  it('closes the menu 325 ms after it loses focus', async () => {
    jest.useFakeTimers();
    try {
      await renderShell({ path: '/home', user: personas.manager, remotes });
      fireEvent.click(screen.getByRole('button', { name: /User menu of/ }));
      expect(screen.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
      fireEvent.blur(screen.getByRole('button', { name: /User menu of/ }));
      act(() => jest.advanceTimersByTime(300));
      expect(screen.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(30));
      expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('closes the menu on Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    await renderShell({ path: '/home', user: personas.manager, remotes });
    const menu = await openMenu(user);
    menu.getByRole('link', { name: 'Profile' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /User menu of/ })).toHaveFocus();
  });

  it('is a disclosure: no menu announced, and it names its list only while the list shows', async () => {
    const user = userEvent.setup();
    await renderShell({ path: '/home', user: personas.manager, remotes });
    const button = await screen.findByRole('button', { name: /User menu of/ });
    expect(button).not.toHaveAttribute('aria-haspopup');
    expect(button).not.toHaveAttribute('aria-controls');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(button.getAttribute('aria-controls') ?? '')).toBeInTheDocument();
  });

  it("puts a skip link first, which takes focus to the page's content", async () => {
    const user = userEvent.setup();
    await renderShell({ path: '/profile', user: personas.manager, remotes });
    await screen.findByRole('heading', { level: 1 });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    const main = screen.getByRole('main');
    expect(main.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(within(main).getAllByRole('heading', { level: 1 })[0]);
  });

  it('logs out through shared-auth and shows the landing page', async () => {
    const user = userEvent.setup();
    await renderShell({ path: '/home', user: personas.manager, remotes });
    await openMenu(user);
    await user.click(screen.getByRole('link', { name: 'Log out' }));
    expect(
      await screen.findByRole('heading', { name: 'Access to your applications, by invitation' }),
    ).toBeInTheDocument();
    expect(logout).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('switches the language through shared-ui', async () => {
    const user = userEvent.setup();
    await renderShell({ path: '/login', user: null, remotes });
    expect(screen.getByRole('button', { name: /English/ })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: /Nederlands/ }));
    expect(switchLanguage).toHaveBeenCalledWith('nl');
  });

  it('starts the login from the landing page', async () => {
    const user = userEvent.setup();
    await renderShell({ path: '/login', user: null, remotes });
    expect(screen.getByText(/This portal is invite only/)).toBeInTheDocument();
    expect(screen.getAllByText('Admin function')).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: 'Log in' })[1]);
    expect(startLogin).toHaveBeenCalled();
  });
});

describe('impersonation', () => {
  it('shows a banner whose exit restores the real user, flashes and goes to /', async () => {
    const user = userEvent.setup();
    await renderShell({ path: '/profile', user: personas.superUser, remotes });
    act(() => useSessionStore.getState().startImpersonation(personas.guest));

    expect(await screen.findByText(/You are impersonating guest user/)).toBeInTheDocument();
    // The logo is decorative inside the home link named by the portal's name.
    expect(screen.getByRole('link', { name: 'Access portal' }).querySelector('img')).toHaveAttribute(
      'data-winking',
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'Stop impersonating' }));
    await waitFor(() => expect(useSessionStore.getState().user?.name).toBe('Ada Admin'));
    expect(reportedWhileImpersonating).toEqual([true]);
    expect(useSessionStore.getState().impersonator).toBeNull();
    expect(useFlashStore.getState().flash?.msg).toBe('You are no longer impersonating guest user');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home'));
    expect(screen.queryByText(/You are impersonating/)).not.toBeInTheDocument();
  });
});
