import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  fetchRemoteManifest,
  fetchRemoteUrls,
  loadContributions,
  registerRemoteEntries,
} from './remote-loader';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

function answer(status: number, body: unknown) {
  global.fetch = jest.fn(async () => new Response(JSON.stringify(body), { status }));
}

describe('remote loader', () => {
  it('reads remotes.json: every id with a URL is a remote, whatever its name', async () => {
    answer(200, { roles: '/remotes/roles/mf-manifest.json', hello: '/h.json', tokens: 42, system: '' });
    await expect(fetchRemoteUrls()).resolves.toEqual({
      roles: '/remotes/roles/mf-manifest.json',
      hello: '/h.json',
    });
    expect(global.fetch).toHaveBeenCalledWith(
      '/remotes.json',
      expect.objectContaining({ cache: 'no-cache' }),
    );
  });

  it('fails when remotes.json cannot be read', async () => {
    answer(503, {});
    await expect(fetchRemoteUrls()).rejects.toThrow('/remotes.json answered 503');
  });

  it("reads a manifest's federation name, published metadata and remoteEntry URL", async () => {
    const remoteEntry = { name: 'remoteEntry.js', path: '', type: 'global' };
    answer(200, {
      name: 'mfe_hello',
      metaData: { portal: { id: 'hello' }, publicPath: 'auto', remoteEntry },
    });
    await expect(fetchRemoteManifest('/remotes/hello/mf-manifest.json')).resolves.toEqual({
      federationName: 'mfe_hello',
      metadata: { id: 'hello' },
      entry: 'http://localhost/remotes/hello/remoteEntry.js',
      sharesCore: false,
    });
    // Whether it shares shared-ui's core, from the shared modules the manifest lists.
    answer(200, {
      name: 'mfe_hello',
      shared: [{ name: 'shared-ui' }, { name: 'shared-ui/core' }],
      metaData: { publicPath: 'auto', remoteEntry },
    });
    await expect(fetchRemoteManifest('/remotes/hello/mf-manifest.json')).resolves.toMatchObject({
      sharesCore: true,
    });
    // Another host, and a remote built with a fixed publicPath and an entry folder.
    answer(200, { name: 'mfe_hello', metaData: { publicPath: 'https://cdn.example.org/h/', remoteEntry } });
    await expect(fetchRemoteManifest('https://other.example.org/m.json')).resolves.toMatchObject({
      entry: 'https://cdn.example.org/h/remoteEntry.js',
    });
    answer(200, { name: 'mfe_hello', metaData: { remoteEntry: { ...remoteEntry, path: 'js' } } });
    await expect(fetchRemoteManifest('https://other.example.org/h/m.json')).resolves.toMatchObject({
      entry: 'https://other.example.org/h/js/remoteEntry.js',
    });
    answer(200, { nothing: true });
    await expect(fetchRemoteManifest('/h.json')).rejects.toThrow('/h.json is no remote manifest');
    answer(200, { name: 'mfe_hello', metaData: { portal: { id: 'hello' } } });
    await expect(fetchRemoteManifest('/h.json')).rejects.toThrow('/h.json is no remote manifest');
  });

  it('registers each remote by its federation name with its id as alias, and loads its contributions', async () => {
    registerRemoteEntries([{ id: 'hello', federationName: 'mfe_hello', entry: '/h/remoteEntry.js' }]);
    expect(registerPlugins).toHaveBeenCalledTimes(1);
    expect(registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'mfe_hello', alias: 'hello', entry: '/h/remoteEntry.js' }],
      { force: false },
    );
    // A second registration (a retry after remotes.json changed) replaces the first.
    registerRemoteEntries([{ id: 'hello', federationName: 'mfe_hello', entry: '/h2/remoteEntry.js' }]);
    expect(registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'mfe_hello', alias: 'hello', entry: '/h2/remoteEntry.js' }],
      { force: true },
    );
    expect(registerPlugins).toHaveBeenCalledTimes(1);

    const contributions = { id: 'hello', contractVersion: '1.0', routes: [], extensions: [] };
    jest.mocked(loadRemote).mockResolvedValue({ default: contributions });
    await expect(loadContributions('hello')).resolves.toBe(contributions);
    expect(loadRemote).toHaveBeenCalledWith('mfe_hello/contributions');
  });

  it.each([
    [
      "a remote that carries shared-ui's core inside: the shell's copy of shared-ui first",
      false,
      ['shared-ui', 'remote'],
    ],
    ["a remote that shares shared-ui's core: no wait", true, ['remote']],
  ])('loads %s', async (_name, sharesCore, expected) => {
    jest.resetModules();
    const events: string[] = [];
    jest.doMock('shared-ui', () => {
      events.push('shared-ui');
      return {};
    });
    const runtime = await import('@module-federation/enhanced/runtime');
    const contributions = { id: 'hello', contractVersion: '1.0', routes: [], extensions: [] };
    jest.mocked(runtime.loadRemote).mockImplementation(async () => {
      events.push('remote');
      return { default: contributions };
    });
    const loader = await import('./remote-loader');
    const entry = { id: 'hello', federationName: 'mfe_hello', entry: '/h/remoteEntry.js', sharesCore };
    loader.registerRemoteEntries([entry]);
    await expect(loader.loadContributions('hello')).resolves.toBe(contributions);
    expect(events).toEqual(expected);
    jest.dontMock('shared-ui');
  });

  it('rejects a remote that is not registered, exposes no contributions, or those of another remote', async () => {
    await expect(loadContributions('unheard')).rejects.toThrow('Remote unheard is not registered');
    registerRemoteEntries([{ id: 'roles', federationName: 'mfe_roles', entry: '/r.json' }]);
    jest.mocked(loadRemote).mockResolvedValue(null);
    await expect(loadContributions('roles')).rejects.toThrow('Remote roles exposes no contributions');
    jest.mocked(loadRemote).mockResolvedValue({ default: { id: 'tokens' } });
    await expect(loadContributions('roles')).rejects.toThrow('Remote roles exposes no contributions');
  });
});
