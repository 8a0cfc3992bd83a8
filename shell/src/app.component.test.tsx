import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { LOADER_HOLD_MS, runStartup, startLogin, useSessionStore } from 'shared-auth';
import type { StartupOutcome } from 'shared-auth';
// eslint-disable-next-line no-restricted-imports -- test only: the real remote inside the host
import invitationsRemote from 'mfe-invitations/src/contributions';
import { App } from './app.component';
import { resetRemotesStore } from './remotes/remotes.store';
import { rolesRemote } from './test-support/fake-remotes';
import * as personas from 'test-support/personas';
import { LocationProbe } from 'test-support/render';
import { setupI18n } from './test-support/render-shell';
import {
  fetchRemoteUrls,
  loadContributions,
  resetRemoteSources,
  serveRemote,
} from './test-support/remote-loader.mock';

jest.mock('./remotes/remote-loader', () => jest.requireActual('./test-support/remote-loader.mock'));
jest.mock('shared-auth', () => ({
  ...jest.requireActual('shared-auth'),
  runStartup: jest.fn(),
  startLogin: jest.fn(() => true),
}));

const mockedStartup = jest.mocked(runStartup);

function startAt(path: string, outcome: StartupOutcome | Error) {
  setupI18n();
  resetRemoteSources();
  resetRemotesStore();
  serveRemote('roles', [rolesRemote]);
  serveRemote('invitations', [invitationsRemote]);
  mockedStartup.mockImplementation(async () => {
    if (outcome instanceof Error) throw outcome;
    if (outcome.kind === 'ready' && outcome.authenticated) {
      useSessionStore.setState({ authenticated: true, user: outcome.user, config: { authenticated: true } });
    }
    return outcome;
  });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.setState({ authenticated: false, user: null, config: {}, missingAttributes: [] });
});

describe('startup (spec §2 Startup)', () => {
  it('runs at the current location, holds the loader, then goes where startup says', async () => {
    startAt('/roles/4?x=1', { kind: 'ready', authenticated: true, to: '/roles/4', user: personas.manager });
    expect(screen.getByText('Starting the access portal...')).toBeInTheDocument();
    expect(mockedStartup).toHaveBeenCalledWith({ pathname: '/roles/4', search: '?x=1' });

    // The loader is held 500 ms first.
    expect(await screen.findByRole('heading', { name: 'Role 4' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/roles/4');
  });

  it('follows the startup the bootstrap started before rendering, without running another', async () => {
    setupI18n();
    resetRemoteSources();
    resetRemotesStore();
    serveRemote('roles', [rolesRemote]);
    useSessionStore.setState({
      authenticated: true,
      user: personas.manager,
      config: { authenticated: true },
    });
    const outcome: StartupOutcome = {
      kind: 'ready',
      authenticated: true,
      to: '/roles/4',
      user: personas.manager,
    };
    render(
      <MemoryRouter initialEntries={['/']}>
        <App startup={Promise.resolve(outcome)} />
        <LocationProbe />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Role 4' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/roles/4');
    expect(mockedStartup).not.toHaveBeenCalled();
  });

  it('goes where startup says, e.g. the deep link a logged-in user reloaded', async () => {
    startAt('/roles/9/maintainers', {
      kind: 'ready',
      authenticated: true,
      to: '/roles/9/maintainers',
      user: personas.manager,
    });
    expect(await screen.findByRole('heading', { name: 'Role 9' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/roles/9/maintainers');
  });

  it('sends a logged-in user who opened / to home', async () => {
    startAt('/', { kind: 'ready', authenticated: true, to: '/home', user: personas.manager });
    expect(await screen.findByRole('tab', { name: 'Roles' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/home');
  });

  it('keeps the loader up for 500 ms after startup is done', async () => {
    jest.useFakeTimers();
    try {
      startAt('/', { kind: 'ready', authenticated: false, to: '/login' });
      await act(() => jest.advanceTimersByTimeAsync(450));
      expect(screen.getByText('Starting the access portal...')).toBeInTheDocument();
      // The console renders behind the loader meanwhile, but nobody sees or reaches it yet.
      expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(100));
      expect(screen.queryByText('Starting the access portal...')).not.toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: 'Log in' }).length).toBeGreaterThan(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('counts the 500 ms from when startup’s last answer arrived', async () => {
    jest.useFakeTimers();
    try {
      // The answers came in 200 ms before the shell got to them (the libraries were still being evaluated).
      await jest.advanceTimersByTimeAsync(1000);
      const answered = performance.now() - 200;
      // (jsdom keeps no resource timing: the browser's, for the config's answer.)
      Object.defineProperty(performance, 'getEntriesByName', {
        configurable: true,
        value: (name: string) => (name.endsWith('/api/v1/users/config') ? [{ responseEnd: answered }] : []),
      });
      startAt('/', { kind: 'ready', authenticated: false, to: '/login' });
      await act(() => jest.advanceTimersByTimeAsync(250));
      expect(screen.getByText('Starting the access portal...')).toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(100));
      expect(screen.queryByText('Starting the access portal...')).not.toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: 'Log in' }).length).toBeGreaterThan(0);
    } finally {
      delete (performance as Partial<Performance>).getEntriesByName;
      jest.useRealTimers();
    }
  });

  it('goes to /missingAttributes and lists what is missing', async () => {
    useSessionStore.setState({ missingAttributes: ['schacHomeOrganization', 'email'] });
    startAt('/home', { kind: 'ready', authenticated: false, to: '/missingAttributes' });
    expect(
      await screen.findByRole('heading', { name: 'Missing attributes' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('schacHomeOrganization')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in again' })).toBeInTheDocument();
  });

  it('goes to /deadend when startup fails', async () => {
    startAt('/home', new Error('config unreachable'));
    expect(
      await screen.findByRole('heading', { name: 'No access to the access portal' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/deadend');
  });

  it('starts the login flow and keeps the loader while the browser leaves', async () => {
    jest.useFakeTimers();
    try {
      startAt('/roles/4', { kind: 'login' });
      await act(() => jest.advanceTimersByTimeAsync(0));
      expect(startLogin).toHaveBeenCalled();
      // Long past the hold: the browser is leaving for the identity provider, and the console never shows.
      await act(() => jest.advanceTimersByTimeAsync(LOADER_HOLD_MS * 10));
      expect(screen.getByText('Starting the access portal...')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Role 4' })).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('reads what the remotes publish but loads no remote code for the anonymous landing page', async () => {
    startAt('/', { kind: 'ready', authenticated: false, to: '/login' });
    expect(
      (await screen.findAllByRole('button', { name: 'Log in' }, { timeout: 3000 })).length,
    ).toBeGreaterThan(0);
    expect(fetchRemoteUrls).toHaveBeenCalledTimes(1);
    expect(loadContributions).not.toHaveBeenCalled();
  });

  it('loads the code of the remote owning a public page, before startup is done', async () => {
    startAt('/invitation/accept?h=abc', {
      kind: 'ready',
      authenticated: false,
      to: '/invitation/accept?h=abc',
    });
    expect(fetchRemoteUrls).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(loadContributions).toHaveBeenCalledWith('invitations'));
    expect(loadContributions).not.toHaveBeenCalledWith('roles');
  });
});
