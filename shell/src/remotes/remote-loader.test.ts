import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { fetchRemoteUrls, loadContributions, registerRemoteUrls } from './remote-loader';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

function answer(status: number, body: unknown) {
  global.fetch = jest.fn(async () => new Response(JSON.stringify(body), { status }));
}

describe('remote loader', () => {
  it('reads remotes.json, keeping only URLs of the known remotes', async () => {
    answer(200, { roles: '/remotes/roles/mf-manifest.json', tokens: 42, unknown: '/x.json', system: '' });
    await expect(fetchRemoteUrls()).resolves.toEqual({ roles: '/remotes/roles/mf-manifest.json' });
    expect(global.fetch).toHaveBeenCalledWith(
      '/remotes.json',
      expect.objectContaining({ cache: 'no-cache' }),
    );
  });

  it('fails when remotes.json cannot be read', async () => {
    answer(503, {});
    await expect(fetchRemoteUrls()).rejects.toThrow('/remotes.json answered 503');
  });

  it('registers each remote by federation name with its id as alias and the manifest as entry', () => {
    registerRemoteUrls({ roles: '/r/mf-manifest.json', tokens: '/t/mf-manifest.json' });
    expect(registerPlugins).toHaveBeenCalledTimes(1);
    expect(registerRemotes).toHaveBeenLastCalledWith(
      [
        { name: 'mfe_roles', alias: 'roles', entry: '/r/mf-manifest.json' },
        { name: 'mfe_tokens', alias: 'tokens', entry: '/t/mf-manifest.json' },
      ],
      { force: false },
    );
    // A second registration (a retry after remotes.json changed) replaces the first.
    registerRemoteUrls({ roles: '/r2/mf-manifest.json' });
    expect(registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'mfe_roles', alias: 'roles', entry: '/r2/mf-manifest.json' }],
      {
        force: true,
      },
    );
    expect(registerPlugins).toHaveBeenCalledTimes(1);
  });

  it("loads a remote's contributions module", async () => {
    const contributions = { id: 'roles', routes: [], extensions: [], translations: { en: {}, nl: {} } };
    jest.mocked(loadRemote).mockResolvedValue({ default: contributions });
    await expect(loadContributions('roles')).resolves.toBe(contributions);
    expect(loadRemote).toHaveBeenCalledWith('mfe_roles/contributions');
  });

  it('rejects a remote that exposes no contributions, or those of another remote', async () => {
    jest.mocked(loadRemote).mockResolvedValue(null);
    await expect(loadContributions('roles')).rejects.toThrow('Remote roles exposes no contributions');
    jest.mocked(loadRemote).mockResolvedValue({ default: { id: 'tokens' } });
    await expect(loadContributions('roles')).rejects.toThrow('Remote roles exposes no contributions');
  });
});
