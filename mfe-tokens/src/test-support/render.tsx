// Renders a token screen the way the shell would: English texts of the `tokens` namespace, the real
// shared-auth stores, and a router with a /404 page to land on.
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { useSessionStore, type User } from 'shared-auth';
import { i18n, initI18n, registerTranslations } from 'shared-ui';
import contributions from '../contributions';

export async function setUpTokens(user: User | null): Promise<void> {
  initI18n();
  registerTranslations('tokens', contributions.translations);
  await i18n.changeLanguage('en');
  useSessionStore.setState({ user, authenticated: true, breadcrumbPath: [] });
}

export function renderAt(path: string, element: ReactElement): RenderResult {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/404" element={<p>Not found page</p>} />
        <Route path="*" element={element} />
      </Routes>
    </MemoryRouter>,
  );
}
