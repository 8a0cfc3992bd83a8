import { CONTRACT_VERSION, i18n, initI18n } from 'shared-ui';
import type { RemoteContributions } from 'shared-ui';
import {
  fetchRemoteManifest,
  fetchRemoteUrls,
  loadContributions,
  registerRemoteEntries,
  resetRemoteSources,
  serveRemote,
} from '../test-support/remote-loader.mock';
import { compatibleContract } from './remote-metadata';
import { resetRemotesStore, restartDiscovery, useRemotesStore } from './remotes.store';

jest.mock('./remote-loader', () => jest.requireActual('../test-support/remote-loader.mock'));

const hello: RemoteContributions = {
  id: 'hello',
  contractVersion: CONTRACT_VERSION,
  routes: [{ path: 'hello', access: 'authenticated', element: () => null }],
  extensions: [
    {
      slot: 'home.tabs',
      id: 'hello',
      order: 5,
      labelKey: 'tab',
      visibleRule: 'loggedIn',
      component: () => null,
    },
  ],
  translations: { en: { tab: 'Hello' }, nl: { tab: 'Hallo' } },
};

beforeEach(() => {
  initI18n();
  resetRemotesStore();
  resetRemoteSources();
  jest.clearAllMocks();
  // Failures are logged on purpose; the assertions below look at the state.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

const status = () =>
  Object.fromEntries(Object.entries(useRemotesStore.getState().remotes).map(([id, r]) => [id, r.status]));

describe('remotes store', () => {
  it('reads every manifest of remotes.json, loading no code until asked', async () => {
    serveRemote('hello', [hello]);
    serveRemote('down', [new Error('down')]);
    await useRemotesStore.getState().discover();

    expect(status()).toEqual({ hello: 'known', down: 'failed' });
    expect(useRemotesStore.getState().remotes.hello.metadata).toEqual({
      id: 'hello',
      contractVersion: CONTRACT_VERSION,
      routes: [{ path: 'hello', access: 'authenticated' }],
      extensions: [
        {
          slot: 'home.tabs',
          id: 'hello',
          order: 5,
          label: { en: 'Hello', nl: 'Hallo' },
          visibleRule: 'loggedIn',
        },
      ],
    });
    expect(registerRemoteEntries).toHaveBeenCalledWith([
      { id: 'hello', federationName: 'mfe_hello', entry: 'http://localhost/remotes/hello/remoteEntry.js' },
    ]);
    expect(loadContributions).not.toHaveBeenCalled();

    await useRemotesStore.getState().ensureLoaded();
    expect(status()).toEqual({ hello: 'loaded', down: 'failed' });
    expect(i18n.t('tab', { ns: 'hello', lng: 'nl' })).toBe('Hallo');
  });

  it('loads the code of the remote owning a path only', async () => {
    serveRemote('hello', [hello]);
    serveRemote('other', [{ ...hello, id: 'other', routes: [] }]);
    await useRemotesStore.getState().loadFor('/hello');
    expect(status()).toEqual({ hello: 'loaded', other: 'known' });
  });

  it('refuses a remote built against another major of the contract, naming both versions in the log', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    serveRemote('hello', [hello], { contractVersion: '2.0' });
    await useRemotesStore.getState().ensureLoaded();

    expect(status()).toEqual({ hello: 'refused' });
    expect(loadContributions).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledWith(
      `Remote hello was built against contract 2.0; this console speaks ${CONTRACT_VERSION}. It is not loaded.`,
    );
    // Retry does not load a refused remote either.
    await useRemotesStore.getState().retry('hello');
    expect(loadContributions).not.toHaveBeenCalled();
  });

  it('runs a remote built against an older minor of the same major', async () => {
    const [major] = CONTRACT_VERSION.split('.');
    serveRemote('hello', [hello], { contractVersion: `${major}.0` });
    await useRemotesStore.getState().ensureLoaded();
    expect(status()).toEqual({ hello: 'loaded' });
    expect(compatibleContract(`${major}.0`, `${major}.7`)).toBe(true);
    expect(compatibleContract(`${Number(major) + 1}.0`, `${major}.7`)).toBe(false);
    expect(compatibleContract('banana', CONTRACT_VERSION)).toBe(false);
  });

  it('retries a failed remote by reading its manifest again, and counts attempts', async () => {
    serveRemote('hello', [new Error('down'), hello], { described: hello });
    await useRemotesStore.getState().ensureLoaded();
    expect(useRemotesStore.getState().remotes.hello).toMatchObject({ status: 'failed', attempt: 1 });

    await useRemotesStore.getState().retry('hello');
    expect(fetchRemoteManifest).toHaveBeenCalledTimes(2);
    expect(useRemotesStore.getState().remotes.hello).toMatchObject({ status: 'loaded', attempt: 2 });
  });

  it('keeps a remote in place with what it published last time when its manifest cannot be read now', async () => {
    serveRemote('hello', [hello]);
    await useRemotesStore.getState().discover();
    // A new page load (the store starts empty, the browser remembers) while the remote's host is down.
    useRemotesStore.setState({ remotes: {}, discovered: false });
    restartDiscovery();
    serveRemote('hello', [new Error('down')]);
    await useRemotesStore.getState().discover();
    expect(useRemotesStore.getState().remotes.hello).toMatchObject({
      status: 'failed',
      metadata: { routes: [{ path: 'hello', access: 'authenticated' }] },
    });
  });

  it('discovers once, however often a page asks', async () => {
    serveRemote('hello', [hello]);
    await Promise.all([useRemotesStore.getState().ensureLoaded(), useRemotesStore.getState().ensureLoaded()]);
    await useRemotesStore.getState().discover();
    expect(fetchRemoteUrls).toHaveBeenCalledTimes(1);
    expect(loadContributions).toHaveBeenCalledTimes(1);
  });

  it('marks the list as failed when remotes.json cannot be read, and retryAll reads it again', async () => {
    fetchRemoteUrls.mockRejectedValueOnce(new Error('offline'));
    serveRemote('hello', [hello]);
    await useRemotesStore.getState().discover();
    expect(useRemotesStore.getState()).toMatchObject({ discovered: true, listFailed: true, remotes: {} });

    await useRemotesStore.getState().retryAll();
    expect(useRemotesStore.getState().listFailed).toBe(false);
    expect(status()).toEqual({ hello: 'loaded' });
  });
});
