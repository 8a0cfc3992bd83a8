import { i18n, initI18n } from 'shared-ui';
import type { RemoteContributions } from 'shared-ui';
import { fetchRemoteUrls, loadContributions, registerRemoteUrls } from './remote-loader';
import { resetRemotesStore, useRemotesStore } from './remotes.store';

jest.mock('./remote-loader', () => ({
  fetchRemoteUrls: jest.fn(),
  registerRemoteUrls: jest.fn(),
  loadContributions: jest.fn(),
}));

const roles: RemoteContributions = {
  id: 'roles',
  routes: [],
  extensions: [],
  translations: { en: { tabRoles: 'Roles' }, nl: { tabRoles: 'Rollen' } },
};

beforeEach(() => {
  initI18n();
  resetRemotesStore();
  jest.mocked(loadContributions).mockReset();
  jest.mocked(fetchRemoteUrls).mockReset();
});

const status = () =>
  Object.fromEntries(Object.entries(useRemotesStore.getState().remotes).map(([id, r]) => [id, r.status]));

describe('remotes store', () => {
  it('loads every listed remote in parallel, registers its translations, and fails the ones it cannot load', async () => {
    jest.mocked(fetchRemoteUrls).mockResolvedValue({ roles: '/r.json', system: '/s.json' });
    jest.mocked(loadContributions).mockImplementation(async (id) => {
      if (id === 'roles') return roles;
      throw new Error('down');
    });
    await useRemotesStore.getState().loadAll();

    expect(registerRemoteUrls).toHaveBeenCalledWith({ roles: '/r.json', system: '/s.json' });
    expect(status()).toEqual({ roles: 'loaded', invitations: 'failed', system: 'failed', tokens: 'failed' });
    // Remotes missing from remotes.json are not even tried.
    expect(
      jest
        .mocked(loadContributions)
        .mock.calls.map(([id]) => id)
        .sort(),
    ).toEqual(['roles', 'system']);
    expect(i18n.t('tabRoles', { ns: 'roles', lng: 'nl' })).toBe('Rollen');
  });

  it('counts attempts, and a retry re-reads remotes.json when it could not be read', async () => {
    jest
      .mocked(fetchRemoteUrls)
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ roles: '/r.json' });
    jest.mocked(loadContributions).mockResolvedValue(roles);
    await useRemotesStore.getState().loadAll();
    expect(useRemotesStore.getState().remotes.roles).toEqual({ status: 'failed', attempt: 1 });

    await useRemotesStore.getState().retry('roles');
    expect(fetchRemoteUrls).toHaveBeenCalledTimes(2);
    expect(useRemotesStore.getState().remotes.roles).toMatchObject({
      status: 'loaded',
      attempt: 2,
      contributions: roles,
    });
  });

  it('starts loading once, however often a page asks for the remotes', async () => {
    jest.mocked(fetchRemoteUrls).mockResolvedValue({ roles: '/r.json' });
    jest.mocked(loadContributions).mockResolvedValue(roles);
    await Promise.all([useRemotesStore.getState().ensureLoaded(), useRemotesStore.getState().ensureLoaded()]);
    await useRemotesStore.getState().ensureLoaded();
    expect(fetchRemoteUrls).toHaveBeenCalledTimes(1);
    expect(useRemotesStore.getState().remotes.roles).toMatchObject({ status: 'loaded', attempt: 1 });
  });
});
