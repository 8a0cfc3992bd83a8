// Renders a roles screen the way the shell would: English texts of the `roles` namespace, the real
// shared-auth stores, and a router with the pages a screen navigates to.
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useErrorDialogStore, useFlashStore, useSessionStore, type User } from 'shared-auth';
import { contributionsSlotHost, i18n, initI18n, registerTranslations, SlotHostProvider } from 'shared-ui';
import contributions from '../contributions';

export async function setUpRoles(user: User | null, language: 'en' | 'nl' = 'en'): Promise<void> {
  initI18n();
  registerTranslations('roles', contributions.translations);
  await i18n.changeLanguage(language);
  useSessionStore.setState({
    user,
    impersonator: null,
    authenticated: true,
    breadcrumbPath: [],
    config: { authenticated: true, groupUrnPrefix: 'urn:test' },
  });
  useFlashStore.getState().clearFlash();
  useErrorDialogStore.getState().close();
}

/** Where the screen navigated to, shown as text so tests can read it. */
function Landed() {
  const location = useLocation();
  return <p>Landed at {location.pathname + location.search}</p>;
}

/** This remote's own slot entries, as the standalone runner serves them (the role page's tabs). */
const useOwnSlotItems = contributionsSlotHost([contributions]);

/** Renders `element` at `path` (matched against `route`); any other path shows "Landed at <path>". */
export function renderAt(path: string, element: ReactElement, route = path.split('?')[0]): RenderResult {
  return render(
    <SlotHostProvider useItems={useOwnSlotItems}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={element} />
          <Route path="*" element={<Landed />} />
        </Routes>
      </MemoryRouter>
    </SlotHostProvider>,
  );
}

export function flashMessage(): string | undefined {
  return useFlashStore.getState().flash?.msg;
}
