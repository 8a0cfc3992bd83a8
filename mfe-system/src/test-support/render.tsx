// The system remote's own test set-up, on the shared one (test-support/render): its texts and a fake
// invitations remote that adds its tab to the same slot, and the remote's routes mounted as the shell does.
import type { RenderResult } from '@testing-library/react';
import { act, type ReactElement } from 'react';
import { Route } from 'react-router-dom';
import type { User } from 'shared-auth';
import { contributionsSlotHost, type RemoteContributions, type SlotItems } from 'shared-ui';
import { renderAt as renderWithRoutes, setUpRemote } from 'test-support/render';
import contributions from '../contributions';

/** Stands in for the invitations remote, which adds its tab to the same slot. */
export const fakeInvitations: RemoteContributions = {
  id: 'invitations',
  contractVersion: '1.0',
  routes: [],
  extensions: [
    {
      slot: 'system.tabs',
      id: 'invitations',
      order: 20,
      labelKey: 'systemTab',
      visibleRule: 'superUser',
      component: () => <p>All invitations of the system</p>,
    },
  ],
  translations: { en: { systemTab: 'Invitations' }, nl: { systemTab: 'Uitnodigingen' } },
};

export async function setUpSystem(user: User | null, performanceSeedAllowed = false): Promise<void> {
  await act(() =>
    setUpRemote('system', contributions.translations, user, {
      config: { performanceSeedAllowed },
      texts: { invitations: fakeInvitations.translations },
    }),
  );
}

const useSlotItems = contributionsSlotHost([contributions, fakeInvitations]);

/**
 * The remote's routes under one router, as the shell mounts them (any other path shows "Elsewhere"); `host`
 * adds to every slot's answer (what a shell says of remotes it could not describe).
 */
export function renderRoutes(path: string, host: Partial<SlotItems> = {}): RenderResult {
  const useItems: typeof useSlotItems = (slot, context) => ({ ...useSlotItems(slot, context), ...host });
  return renderWithRoutes(path, <p>Elsewhere</p>, {
    routes: contributions.routes.map(({ path: routePath, element: Page }) => (
      <Route key={routePath} path={routePath} element={<Page />} />
    )),
    slots: useItems,
    showLocation: true,
  });
}

/** One component under a router, for tab tests. */
export function renderAt(path: string, element: ReactElement): RenderResult {
  return renderWithRoutes(path, element, { showLocation: true });
}
