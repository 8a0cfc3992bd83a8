// Renders a roles screen the way the shell would (test-support/render sets up the texts and the stores),
// with this remote's slot entries and a router with the pages a screen navigates to.
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { User } from 'shared-auth';
import { contributionsSlotHost, SlotHostProvider } from 'shared-ui';
import { flashMessage, setUpRemote } from 'test-support/render';
import contributions from '../contributions';

export async function setUpRoles(user: User | null, language: 'en' | 'nl' = 'en'): Promise<void> {
  await setUpRemote('roles', contributions.translations, user, {
    language,
    config: { groupUrnPrefix: 'urn:test' },
  });
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

export { flashMessage };
