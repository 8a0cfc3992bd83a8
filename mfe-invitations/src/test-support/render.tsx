// The invitations remote's test set-up, on the shared one (test-support/render): its texts, and the pages
// an invitation screen may go to.
import type { RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import type { User } from 'shared-auth';
import { LocationProbe, renderAt as renderWithRoutes, setUpRemote } from 'test-support/render';
import contributions from '../contributions';

export async function setUp(user: User | null, config: Record<string, unknown> = {}): Promise<void> {
  await setUpRemote('invitations', contributions.translations, user, { config });
}

export function renderAt(path: string, element: ReactElement, state?: unknown): RenderResult {
  return renderWithRoutes(path, element, {
    state,
    routes: (
      <>
        <Route path="/home" element={<p>Home page</p>} />
        <Route path="/roles/:id/:tab" element={<LocationProbe />} />
        <Route path="/invitation/:id" element={element} />
      </>
    ),
  });
}
