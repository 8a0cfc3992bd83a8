import contract from 'shared-ui/contract-version.json';
import { beginRemoteDiscovery, firstFiles } from './early-remotes';

const PAGE = 'https://portal.example.org/home';
const manifest = {
  name: 'mfe_roles',
  metaData: {
    publicPath: 'auto',
    remoteEntry: { name: 'remoteEntry.js', path: '' },
    portal: { contractVersion: contract.contractVersion },
  },
  exposes: [
    { name: 'contributions', assets: { js: { sync: ['725.ab.js', 'expose.cd.js'], async: ['593.ef.js'] } } },
  ],
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake network: /remotes.json and the manifests by URL; records what was asked for. */
function network(list: Record<string, string>) {
  const asked: string[] = [];
  const fetchMock = jest.fn(async (url: string) => {
    asked.push(url);
    if (url === '/remotes.json') return json(list);
    if (url.endsWith('/mf-manifest.json')) return json(manifest);
    return json({}, 404);
  });
  return { fetch: fetchMock as unknown as typeof fetch, asked };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const preloads = (head: HTMLElement) =>
  Array.from(head.querySelectorAll('link'), (link) => [link.rel, link.as, link.href]);

describe('remote discovery begun by startup.js', () => {
  const list = {
    roles: 'https://portal.example.org/remotes/roles/mf-manifest.json',
    reports: 'https://reports.example.org/mf-manifest.json',
  };

  test('asks for every manifest as soon as the list is read; the store gets the answers by URL', async () => {
    const { fetch, asked } = network(list);
    const head = document.createElement('head');
    const early = beginRemoteDiscovery({ fetch, loggedIn: Promise.resolve(false), head, pageUrl: PAGE });
    const manifests = await early.manifests;
    expect(asked).toEqual(['/remotes.json', list.roles, list.reports]);
    expect(Object.keys(manifests)).toEqual([list.roles, list.reports]);
    expect(await (await manifests[list.roles]).json()).toEqual(manifest);
    // The list is still unread for the store.
    expect(await (await early.list).json()).toEqual(list);
    await settle();
    // Not logged in: the landing loads no remote code.
    expect(preloads(head)).toEqual([]);
  });

  test("takes the list the page carries, and on a logged-in page preloads each remote's first files", async () => {
    const { fetch, asked } = network({});
    const head = document.createElement('head');
    const early = beginRemoteDiscovery({
      fetch,
      carriedList: Promise.resolve(json(list)),
      loggedIn: Promise.resolve(true),
      head,
      pageUrl: PAGE,
    });
    await early.manifests;
    await settle();
    await settle();
    expect(asked).toEqual([list.roles, list.reports]);
    expect(preloads(head)).toEqual([
      ['preload', 'script', 'https://portal.example.org/remotes/roles/remoteEntry.js'],
      ['preload', 'script', 'https://portal.example.org/remotes/roles/725.ab.js'],
      ['preload', 'script', 'https://portal.example.org/remotes/roles/expose.cd.js'],
      ['preload', 'script', 'https://reports.example.org/remoteEntry.js'],
      ['preload', 'script', 'https://reports.example.org/725.ab.js'],
      ['preload', 'script', 'https://reports.example.org/expose.cd.js'],
    ]);
  });

  test('a list that cannot be read leaves no manifests; a manifest without an entry, no files', async () => {
    const failing = jest.fn(async () => json({}, 500)) as unknown as typeof fetch;
    const early = beginRemoteDiscovery({ fetch: failing, loggedIn: Promise.resolve(true), head: null });
    await expect(early.manifests).resolves.toEqual({});
    expect(firstFiles({ name: 'x' }, list.roles, PAGE)).toEqual([]);
    expect(
      firstFiles(
        { ...manifest, metaData: { ...manifest.metaData, publicPath: 'https://cdn.example.org/roles/' } },
        list.roles,
        PAGE,
      )[0],
    ).toBe('https://cdn.example.org/roles/remoteEntry.js');
  });

  test('no file of a remote built against another contract major (its code is never loaded)', () => {
    const major = Number(contract.contractVersion.split('.')[0]);
    const built = (contractVersion: unknown) => ({
      ...manifest,
      metaData: { ...manifest.metaData, portal: { contractVersion } },
    });
    expect(firstFiles(built(`${major + 1}.0`), list.roles, PAGE)).toEqual([]);
    expect(firstFiles(built(`${major}.99`), list.roles, PAGE)).toHaveLength(3);
    expect(firstFiles(built(undefined), list.roles, PAGE)).toEqual([]);
  });
});
