// The roles remote's test set-up, on the shared one (test-support/render): its texts, and its own slot
// entries (the role page's tabs, as the standalone runner serves them).
import type { RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { User } from 'shared-auth';
import { flashMessage, renderAt as renderWithRoutes, setUpRemote } from 'test-support/render';
import contributions from '../contributions';

export async function setUpRoles(user: User | null, language: 'en' | 'nl' = 'en'): Promise<void> {
  await setUpRemote('roles', contributions.translations, user, {
    language,
    config: { groupUrnPrefix: 'urn:test' },
  });
}

/** Renders `element` at `path` (matched against `route`); any other path shows "Landed at <path>". */
export function renderAt(path: string, element: ReactElement, route = path.split('?')[0]): RenderResult {
  return renderWithRoutes(path, element, { route, slots: [contributions] });
}

export { flashMessage };
