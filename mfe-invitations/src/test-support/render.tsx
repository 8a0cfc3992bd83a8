// Renders an invitation screen the way the shell would (test-support/render: English texts of the
// `invitations` namespace, the real shared-auth stores), with the pages it may go to.
import type { RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, useLocation } from 'react-router-dom';
import type { User } from 'shared-auth';
import { renderAt as renderWithRoutes, setUpRemote } from 'test-support/render';
import contributions from '../contributions';

export async function setUp(user: User | null, config: Record<string, unknown> = {}): Promise<void> {
  await setUpRemote('invitations', contributions.translations, user, { config });
}

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

export function renderAt(path: string, element: ReactElement, state?: unknown): RenderResult {
  return renderWithRoutes(path, element, {
    state,
    routes: (
      <>
        <Route path="/home" element={<p>Home page</p>} />
        <Route path="/roles/:id/:tab" element={<Where />} />
        <Route path="/invitation/:id" element={element} />
      </>
    ),
  });
}
