// Every remote of this repository: what its build publishes (from contributions.meta.ts and its
// translations) is exactly what its code contributes, so the shell never places a route or tab that the
// remote's code does not have.
import path from 'node:path';
import type { RemoteContributions, RemoteMetadata } from 'shared-ui';
// eslint-disable-next-line no-restricted-imports -- test only: the real remotes
import invitations from 'mfe-invitations/src/contributions';
// eslint-disable-next-line no-restricted-imports -- test only: the real remotes
import roles from 'mfe-roles/src/contributions';
// eslint-disable-next-line no-restricted-imports -- test only: the real remotes
import system from 'mfe-system/src/contributions';
// eslint-disable-next-line no-restricted-imports -- test only: the real remotes
import tokens from 'mfe-tokens/src/contributions';
import { parseMetadata } from './remote-metadata';

const { publishedMetadata, remoteMetadata } = jest.requireActual<{
  publishedMetadata: (
    source: RemoteContributions,
    translations: RemoteContributions['translations'],
  ) => RemoteMetadata;
  remoteMetadata: (dir: string) => RemoteMetadata;
}>('../../../tooling/remote-metadata.cjs');

const REPO = path.join(__dirname, '..', '..', '..');
const remotes: [string, RemoteContributions][] = [
  ['mfe-roles', roles],
  ['mfe-invitations', invitations],
  ['mfe-system', system],
  ['mfe-tokens', tokens],
];

describe.each(remotes)('%s', (folder, contributions) => {
  const published = remoteMetadata(path.join(REPO, folder));

  it('publishes what its code contributes, in a form the shell reads', () => {
    expect(publishedMetadata(contributions, contributions.translations)).toEqual(published);
    expect(parseMetadata(contributions.id, published)).toEqual(published);
    expect(contributions.contractVersion).toBe(published.contractVersion);
  });

  it('has a page for every route and a component for every tab', () => {
    expect(contributions.routes.filter((route) => !route.element).map((route) => route.path)).toEqual([]);
    const tabs = contributions.extensions.filter((entry) => entry.slot.endsWith('.tabs'));
    expect(tabs.filter((tab) => !tab.component).map((tab) => tab.id)).toEqual([]);
  });
});

describe('the published metadata of the build', () => {
  const source = {
    id: 'hello',
    routes: { page: { path: 'hello', access: 'authenticated' } },
    extensions: {
      tab: { slot: 'home.tabs', id: 'hello', order: 1, labelKey: 'tab', visibleRule: 'loggedIn' },
    },
  } as unknown as RemoteContributions;

  it('refuses an entry whose label is missing in a language, naming it', () => {
    expect(() => publishedMetadata(source, { en: { tab: 'Hello' }, nl: {} })).toThrow(
      'hello: home.tabs entry hello names label tab, missing in nl',
    );
  });

  it('refuses a route whose access is neither public nor authenticated', () => {
    const open = {
      ...source,
      routes: { page: { path: 'hello', access: 'everyone' } },
    } as unknown as RemoteContributions;
    expect(() => publishedMetadata(open, { en: { tab: 'Hello' }, nl: { tab: 'Hallo' } })).toThrow(
      'route hello of hello: access must be public or authenticated',
    );
  });
});
