// Renders an invitation screen the way the shell would: English texts of the `invitations` namespace,
// the real shared-auth stores, and a router with the pages it may go to.
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  initialSessionState,
  useErrorDialogStore,
  useFlashStore,
  useSessionStore,
  type User,
} from 'shared-auth';
import { i18n, initI18n, registerTranslations } from 'shared-ui';
import contributions from '../contributions';

export async function setUp(user: User | null, config: Record<string, unknown> = {}): Promise<void> {
  initI18n();
  registerTranslations('invitations', contributions.translations);
  await i18n.changeLanguage('en');
  useSessionStore.setState({
    ...initialSessionState,
    user,
    authenticated: user !== null,
    config: { authenticated: user !== null, ...config },
  });
  useFlashStore.setState({ flash: null });
  useErrorDialogStore.setState({ open: false, reference: null });
  localStorage.clear();
}

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

export function renderAt(path: string, element: ReactElement, state?: unknown): RenderResult {
  return render(
    <MemoryRouter
      initialEntries={[
        { pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state },
      ]}
    >
      <Routes>
        <Route path="/404" element={<p>Not found page</p>} />
        <Route path="/home" element={<p>Home page</p>} />
        <Route path="/roles/:id/:tab" element={<Where />} />
        <Route path="/invitation/:id" element={element} />
        <Route path="*" element={element} />
      </Routes>
    </MemoryRouter>,
  );
}
