// Renders a system screen the way the shell would: English texts of the `system` namespace, the real
// shared-auth stores, a slot host over this remote and a fake invitations remote, and a /404 to land on.
import { render, type RenderResult } from '@testing-library/react';
import { act, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useSessionStore, type User } from 'shared-auth';
import {
  contributionsSlotHost,
  i18n,
  initI18n,
  registerTranslations,
  SlotHostProvider,
  type RemoteContributions,
  type SlotItems,
} from 'shared-ui';
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

export const superUser: User = {
  id: 1,
  name: 'Ada Admin',
  superUser: true,
  institutionAdmin: false,
  userRoles: [],
};
export const manager: User = {
  id: 4,
  name: 'Max Manager',
  superUser: false,
  institutionAdmin: false,
  userRoles: [],
};

export async function setUpSystem(user: User | null, performanceSeedAllowed = false): Promise<void> {
  initI18n();
  registerTranslations('system', contributions.translations);
  registerTranslations('invitations', fakeInvitations.translations);
  await act(async () => {
    await i18n.changeLanguage('en');
  });
  act(() => {
    useSessionStore.setState({
      user,
      authenticated: true,
      breadcrumbPath: [],
      config: { authenticated: true, performanceSeedAllowed },
    });
  });
}

const useSlotItems = contributionsSlotHost([contributions, fakeInvitations]);

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * The remote's routes under one router, as the shell mounts them; `host` adds to every slot's answer (what a
 * shell says of remotes it could not describe).
 */
export function renderRoutes(path: string, host: Partial<SlotItems> = {}): RenderResult {
  const useItems: typeof useSlotItems = (slot, context) => ({ ...useSlotItems(slot, context), ...host });
  return render(
    <SlotHostProvider useItems={useItems}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {contributions.routes.map(({ path: routePath, element: Page }) => (
            <Route key={routePath} path={routePath} element={<Page />} />
          ))}
          <Route path="404" element={<p>Not found page</p>} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </SlotHostProvider>,
  );
}

/** One component under a router, for tab tests. */
export function renderAt(path: string, element: ReactElement): RenderResult {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/404" element={<p>Not found page</p>} />
        <Route path="*" element={element} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}
