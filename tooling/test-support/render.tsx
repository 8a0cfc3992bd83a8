// Renders a remote's screen the way the shell would, for the component tests of every package
// (`test-support/render`): the remote's texts in English (or Dutch), the real shared-auth stores, and a
// router with a /404 page to land on.
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  initialSessionState,
  useErrorDialogStore,
  useFlashStore,
  useSessionStore,
  type User,
} from 'shared-auth';
import { i18n, initI18n, registerTranslations } from 'shared-ui';

export interface SetUpOptions {
  language?: 'en' | 'nl';
  /** What GET config answered, besides `authenticated`. */
  config?: Record<string, unknown>;
}

/**
 * Registers the remote's texts under `namespace`, logs `user` in (null: nobody) and empties the flash, the
 * error dialog and localStorage.
 */
export async function setUpRemote(
  namespace: string,
  translations: Parameters<typeof registerTranslations>[1],
  user: User | null,
  { language = 'en', config = {} }: SetUpOptions = {},
): Promise<void> {
  initI18n();
  registerTranslations(namespace, translations);
  await i18n.changeLanguage(language);
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

/** The flash message shown now, if any. */
export function flashMessage(): string | undefined {
  return useFlashStore.getState().flash?.msg;
}

/**
 * Renders `element` at `path` (with the location's `state`), beside `routes` (other pages it may go to)
 * and a /404 page.
 */
export function renderAt(
  path: string,
  element: ReactElement,
  { routes, state }: { routes?: ReactNode; state?: unknown } = {},
): RenderResult {
  const [pathname, search] = path.split('?');
  return render(
    <MemoryRouter initialEntries={[{ pathname, search: search ? `?${search}` : '', state }]}>
      <Routes>
        <Route path="/404" element={<p>Not found page</p>} />
        {routes}
        <Route path="*" element={element} />
      </Routes>
    </MemoryRouter>,
  );
}
