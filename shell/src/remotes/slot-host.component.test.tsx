import { render, screen } from '@testing-library/react';
import { useSessionStore } from 'shared-auth';
import {
  CONTRACT_VERSION,
  registerTranslations,
  useSlotHost,
  type RemoteContributions,
  type RemoteMetadata,
  type SlotProps,
} from 'shared-ui';
import { setupI18n } from '../test-support/render-shell';
import { useRemotesStore, type RemoteState } from './remotes.store';
import { SlotHostProvider } from './slot-host.component';

function Tab({ name }: { name: string }) {
  return function Panel({ context }: SlotProps) {
    return <p>{`${name} of role ${String(context?.roleId)}`}</p>;
  };
}

const rolesRemote: RemoteContributions = {
  id: 'roles',
  contractVersion: CONTRACT_VERSION,
  routes: [],
  extensions: [
    {
      slot: 'role.tabs',
      id: 'maintainers',
      order: 30,
      labelKey: 'm',
      visibleRule: 'loggedIn',
      component: Tab({ name: 'Maintainers' }),
    },
    {
      slot: 'role.tabs',
      id: 'guests',
      order: 10,
      labelKey: 'g',
      visibleRule: 'loggedIn',
      component: Tab({ name: 'Guests' }),
    },
  ],
  translations: { en: { g: 'Guests', m: 'Maintainers' }, nl: { g: 'Gasten', m: 'Beheerders' } },
};
const invitationsRemote: RemoteContributions = {
  id: 'invitations',
  contractVersion: CONTRACT_VERSION,
  routes: [],
  extensions: [
    {
      slot: 'role.tabs',
      id: 'invitations',
      order: 20,
      labelKey: 'i',
      visibleRule: 'superUser',
      component: Tab({ name: 'Invitations' }),
    },
  ],
  translations: { en: { i: 'Invitations' }, nl: { i: 'Uitnodigingen' } },
};

/** What a remote page does with the host: lists the slot's views and shows them all. */
function RemotePage() {
  const SlotViews = useSlotHost();
  if (!SlotViews) return <p>no host</p>;
  return (
    <SlotViews slot="role.tabs" context={{ roleId: 7 }}>
      {(views) => (
        <ul>
          {views.map((view) => (
            <li key={view.id}>
              {view.label}: {view.element}
            </li>
          ))}
        </ul>
      )}
    </SlotViews>
  );
}

const { publishedMetadata } = jest.requireActual<{
  publishedMetadata: (
    source: RemoteContributions,
    translations: RemoteContributions['translations'],
  ) => RemoteMetadata;
}>('../../../tooling/remote-metadata.cjs');

/** The remotes as the shell holds them once loaded: their published metadata and their code. */
function load(remotes: RemoteContributions[]) {
  const next: Record<string, RemoteState> = {};
  for (const remote of remotes) {
    registerTranslations(remote.id, remote.translations);
    next[remote.id] = {
      status: 'loaded',
      attempt: 1,
      metadata: publishedMetadata(remote, remote.translations),
      contributions: remote,
    };
  }
  useRemotesStore.setState({ remotes: next });
}

describe('slot host', () => {
  beforeEach(() => setupI18n());

  it('lends remote pages every loaded remote’s visible extensions of a slot, in order, with context', async () => {
    load([rolesRemote, invitationsRemote]);
    useSessionStore.setState({ user: { id: 1, superUser: true, institutionAdmin: false, userRoles: [] } });
    render(
      <SlotHostProvider>
        <RemotePage />
      </SlotHostProvider>,
    );
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Guests: Guests of role 7',
      'Invitations: Invitations of role 7',
      'Maintainers: Maintainers of role 7',
    ]);
  });

  it('leaves out what the session may not see, and remotes that failed to load', async () => {
    load([rolesRemote]);
    useSessionStore.setState({ user: { id: 2, superUser: false, institutionAdmin: false, userRoles: [] } });
    render(
      <SlotHostProvider>
        <RemotePage />
      </SlotHostProvider>,
    );
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Guests: Guests of role 7',
      'Maintainers: Maintainers of role 7',
    ]);
  });

  it('is absent outside the shell', () => {
    render(<RemotePage />);
    expect(screen.getByText('no host')).toBeInTheDocument();
  });
});
