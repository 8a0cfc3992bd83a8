// Renders a remote's screen the way the shell would, for the component tests of every package
// (`test-support/render`): the remote's texts in English (or Dutch), the real shared-auth stores, its slot
// entries, and a router with a /404 page to land on.
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { User } from 'shared-auth';
import {
  contributionsSlotHost,
  SlotHostProvider,
  type RemoteContributions,
  type UseSlotItems,
} from 'shared-ui/core';
import { setUpTexts, type Texts } from './i18n';
import { flashMessage, logIn, resetStores } from './stores';

export { flashMessage };

export interface SetUpOptions {
  language?: 'en' | 'nl';
  /** What GET config answered, besides `authenticated`. */
  config?: Record<string, unknown>;
  /** Texts of other namespaces the screen shows (a fake remote's, say). */
  texts?: Record<string, Texts>;
}

/**
 * Registers the remote's texts under `namespace`, logs `user` in (null: nobody) and empties the flash, the
 * error dialog and localStorage.
 */
export async function setUpRemote(
  namespace: string,
  translations: Texts,
  user: User | null,
  { language = 'en', config = {}, texts = {} }: SetUpOptions = {},
): Promise<void> {
  await setUpTexts({ [namespace]: translations, ...texts }, language);
  resetStores();
  logIn(user, config);
  localStorage.clear();
}

/** Shows where the router is (`data-testid="location"`), so tests can read where a screen navigated to. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Where the screen navigated to, as text: what any path but the screen's own shows. */
function Landed() {
  const location = useLocation();
  return <p>Landed at {location.pathname + location.search}</p>;
}

export interface RenderAtOptions {
  /** Other pages the screen may go to. */
  routes?: ReactNode;
  /** The location's state. */
  state?: unknown;
  /** The path pattern the screen is mounted on; any other path shows "Landed at <path>". Default: every path. */
  route?: string;
  /** What the screen's slots show: these remotes' entries, or an answer of its own. */
  slots?: RemoteContributions[] | UseSlotItems;
  /** Adds a LocationProbe below the routes. */
  showLocation?: boolean;
}

/** Renders `element` at `path`, beside `routes` and a /404 page (see RenderAtOptions). */
export function renderAt(
  path: string,
  element: ReactElement,
  { routes, state, route, slots, showLocation = false }: RenderAtOptions = {},
): RenderResult {
  const [pathname, search] = path.split('?');
  const tree = (
    <MemoryRouter initialEntries={[{ pathname, search: search ? `?${search}` : '', state }]}>
      <Routes>
        <Route path="/404" element={<p>Not found page</p>} />
        {routes}
        {route && <Route path={route} element={element} />}
        <Route path="*" element={route ? <Landed /> : element} />
      </Routes>
      {showLocation && <LocationProbe />}
    </MemoryRouter>
  );
  if (!slots) return render(tree);
  const useItems = Array.isArray(slots) ? contributionsSlotHost(slots) : slots;
  return render(<SlotHostProvider useItems={useItems}>{tree}</SlotHostProvider>);
}
