import { useSessionStore } from 'shared-auth';
import { initI18n } from 'shared-ui';
import * as personas from 'test-support/personas';
import { rolesRemote, tokensRemote } from '../test-support/fake-remotes';
import { loadContributions, resetRemoteSources, serveRemote } from '../test-support/remote-loader.mock';
import { homeRemotes, loadRemotesFor } from './page-remotes';
import { resetRemotesStore, useRemotesStore } from './remotes.store';

jest.mock('./remote-loader', () => jest.requireActual('../test-support/remote-loader.mock'));

beforeEach(() => {
  initI18n();
  resetRemotesStore();
  resetRemoteSources();
  serveRemote('roles', [rolesRemote]);
  serveRemote('tokens', [tokensRemote]);
});

const remotes = () => useRemotesStore.getState().remotes;

describe('the remotes a page shows at once', () => {
  it('are, on home, the remote of the tab it opens: the first the user may see, or the one named', async () => {
    await useRemotesStore.getState().discover();
    // A super user's first tab is the roles remote's; the tokens tab is the tokens remote's.
    expect(homeRemotes(undefined, remotes(), personas.superUser)).toEqual(['roles']);
    expect(homeRemotes('tokens', remotes(), personas.superUser)).toEqual(['tokens']);
    // A guest may not see the tokens tab: nothing to load first.
    expect(homeRemotes('tokens', remotes(), personas.guest)).toEqual([]);
    // An inviter's home is the roles remote's landing page.
    expect(homeRemotes(undefined, remotes(), personas.inviter)).toContain('roles');
    expect(homeRemotes('nothing', remotes(), null)).toEqual([]);
  });

  it("load first, and every other remote's code after them", async () => {
    useSessionStore.getState().setUser(personas.superUser);
    const order: string[] = [];
    loadContributions.mockImplementation(async (id) => {
      order.push(`start ${id}`);
      await new Promise((resolve) => setTimeout(resolve, 0));
      order.push(`done ${id}`);
      return id === 'roles' ? rolesRemote : tokensRemote;
    });

    await loadRemotesFor('/home/tokens');
    expect(order).toEqual(['start tokens', 'done tokens', 'start roles', 'done roles']);
    expect(Object.values(remotes()).map((remote) => remote.status)).toEqual(['loaded', 'loaded']);
  });

  it("load first elsewhere too: the route's owner", async () => {
    useSessionStore.getState().setUser(personas.superUser);
    const started: string[] = [];
    loadContributions.mockImplementation(async (id) => {
      started.push(id);
      await new Promise((resolve) => setTimeout(resolve, 0));
      return id === 'roles' ? rolesRemote : tokensRemote;
    });

    await loadRemotesFor('/tokens');
    expect(started).toEqual(['tokens', 'roles']);
  });
});
