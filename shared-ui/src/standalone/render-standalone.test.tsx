jest.mock('shared-auth', () => jest.requireActual('test-support/shared-auth.mock').sharedAuthMock());

import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Root } from 'react-dom/client';
import { logout, runStartup, setFlash, startLogin, useSessionStore, type User } from 'shared-auth';
import type { RemoteContributions } from '../contract';
import { i18n, initI18n } from '../i18n/i18n';
import { resetStores } from 'test-support/stores';
import { renderStandalone } from './render-standalone';

const USER = {
  id: 1,
  name: 'Mary Manager',
  superUser: false,
  institutionAdmin: false,
  userRoles: [],
} as User;

const contributions: RemoteContributions = {
  id: 'tokens',
  contractVersion: '1.0',
  routes: [
    {
      path: 'tokens',
      access: 'authenticated',
      element: () => (
        <>
          <h1>Your tokens</h1>
          <p>token list</p>
        </>
      ),
    },
    { path: 'tokens/help', access: 'public', element: () => <p>token help</p> },
  ],
  extensions: [
    {
      slot: 'home.tabs',
      id: 'tokens',
      order: 1,
      labelKey: 'tab',
      visibleRule: 'loggedIn',
      component: () => <p>tokens tab</p>,
    },
    {
      slot: 'home.tabs',
      id: 'hidden',
      order: 2,
      labelKey: 'hidden',
      visibleRule: 'usersHomeTab',
      component: () => <p>hidden tab</p>,
    },
  ],
  translations: {
    en: { tab: 'API tokens', hidden: 'Hidden', remoteName: 'Token keeper' },
    nl: { tab: 'API-tokens', hidden: 'Verborgen', remoteName: 'Tokenbeheer' },
  },
};

let root: Root | undefined;
let container: HTMLElement;

async function start(path: string) {
  window.history.replaceState({}, '', path);
  container = document.createElement('div');
  document.body.appendChild(container);
  await act(async () => {
    root = renderStandalone(contributions, container);
  });
}

function loggedIn() {
  (runStartup as jest.Mock).mockImplementation(async () => {
    useSessionStore.setState({ authenticated: true, user: USER });
    return { kind: 'ready', authenticated: true, to: '/tokens', user: USER };
  });
}

beforeEach(async () => {
  resetStores();
  (runStartup as jest.Mock).mockReset();
  (startLogin as jest.Mock).mockClear();
  initI18n();
  await i18n.changeLanguage('en');
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

describe('renderStandalone', () => {
  it('runs startup, then shows the header with the user and the remote route', async () => {
    loggedIn();
    await start('/tokens');
    expect(runStartup).toHaveBeenCalledWith({ pathname: '/tokens', search: '' });
    expect(screen.getByText('Mary Manager')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'NL' })).toBeInTheDocument();
    expect(screen.getByText('token list')).toBeInTheDocument();
  });

  it('has the polite live region before any message, and the flash message lands in it (issue 55)', async () => {
    loggedIn();
    await start('/tokens');
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('');
    act(() => setFlash('Token created', 'info'));
    // The toast is drawn inside the region (its chunk arrives first): the words once, in the region.
    expect(await within(region).findByText('Token created')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBe(region);
    expect(screen.getAllByText('Token created')).toHaveLength(1);
  });

  it('shows the home tabs the session may see at /home/<id>, in the remote language', async () => {
    loggedIn();
    await start('/tokens');
    await act(async () => {
      window.history.pushState({}, '', '/home/tokens');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('tab', { name: 'API tokens' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Hidden' })).not.toBeInTheDocument();
    expect(screen.getByText('tokens tab')).toBeInTheDocument();
  });

  it('sends an unknown path to the first route', async () => {
    (runStartup as jest.Mock).mockImplementation(async () => {
      useSessionStore.setState({ authenticated: true, user: USER });
      return { kind: 'ready', authenticated: true, to: '/nowhere', user: USER };
    });
    await start('/nowhere');
    expect(window.location.pathname).toBe('/tokens');
    expect(screen.getByText('token list')).toBeInTheDocument();
  });

  it('lands its start page on a screen that exists when its first route needs a parameter', async () => {
    (runStartup as jest.Mock).mockImplementation(async () => {
      useSessionStore.setState({ authenticated: true, user: USER });
      return { kind: 'ready', authenticated: true, to: '/', user: USER };
    });
    const saved = contributions.routes;
    contributions.routes = [
      { path: 'roles/:id/:tab?', access: 'authenticated', element: () => <p>role detail</p> },
      ...saved,
    ];
    try {
      await start('/');
      // The home tabs the session sees, not /roles (which no route matches).
      expect(window.location.pathname).toBe('/home/tokens');
      expect(screen.getByText('tokens tab')).toBeInTheDocument();
    } finally {
      contributions.routes = saved;
    }
  });

  it('shows a not-found page at /404 instead of bouncing back to the first route', async () => {
    (runStartup as jest.Mock).mockImplementation(async () => {
      useSessionStore.setState({ authenticated: true, user: USER });
      return { kind: 'ready', authenticated: true, to: '/404', user: USER };
    });
    await start('/404');
    expect(window.location.pathname).toBe('/404');
    expect(screen.getByRole('heading', { name: /does not exist/ })).toBeInTheDocument();
    expect(screen.queryByText('token list')).not.toBeInTheDocument();
  });

  it('starts the login flow when startup says so, asking to come back to this page', async () => {
    (runStartup as jest.Mock).mockResolvedValue({ kind: 'login' });
    await start('/tokens?page=2');
    expect(startLogin).toHaveBeenCalledWith({ returnTo: 'http://localhost/tokens?page=2' });
    expect(screen.getByRole('status')).toHaveTextContent('Redirecting to log in...');
  });

  it('without a session mounts only public routes', async () => {
    (runStartup as jest.Mock).mockResolvedValue({ kind: 'ready', authenticated: false, to: '/tokens/help' });
    await start('/tokens/help');
    expect(screen.getByText('token help')).toBeInTheDocument();
    await act(async () => {
      window.history.pushState({}, '', '/tokens');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.queryByText('token list')).not.toBeInTheDocument();
  });

  it('names the remote in the header and titles each page by its heading, in English and in Dutch (issue 55)', async () => {
    loggedIn();
    await start('/tokens');
    expect(screen.getByRole('banner')).toHaveTextContent('Token keeper');
    expect(screen.getByRole('banner')).not.toHaveTextContent('tokens');
    expect(document.title).toBe('Your tokens – Token keeper – Access portal');
    // Another page, its own title.
    await act(async () => {
      window.history.pushState({}, '', '/home/tokens');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(document.title).toBe('Token keeper – Access portal');

    act(() => root?.unmount());
    root = undefined;
    await act(async () => {
      await i18n.changeLanguage('nl');
    });
    await start('/tokens');
    expect(screen.getByRole('banner')).toHaveTextContent('Tokenbeheer');
    expect(document.title).toBe('Your tokens – Tokenbeheer – Toegangsportaal');
    expect(screen.getByRole('button', { name: 'Uitloggen' })).toBeInTheDocument();
  });

  it("logs out with the shell's logout call and says so, with a way to log in again (issue 55)", async () => {
    loggedIn();
    (logout as jest.Mock).mockImplementation(async () => {
      useSessionStore.setState({ authenticated: false, user: undefined });
    });
    await start('/tokens');
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('heading', { name: 'You have logged out.' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/logged-out');
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(startLogin).toHaveBeenCalledWith({ force: true, returnTo: 'http://localhost/' });
  });

  it('switches the language with a cookie and a reload', async () => {
    loggedIn();
    await start('/tokens');
    // jsdom cannot reload; it reports "not implemented: navigation" on the console instead.
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'NL' }));
    expect(document.cookie).toContain('lang=nl');
    quiet.mockRestore();
    document.cookie = 'lang=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });
});
