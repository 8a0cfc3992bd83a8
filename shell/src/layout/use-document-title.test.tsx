import { act, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { useSessionStore } from 'shared-auth';
import { i18n } from 'shared-ui';
import { setupI18n } from '../test-support/render-shell';
import { useDocumentTitle } from './document-title';

/** A role page as the roles remote draws it: the breadcrumb first, the heading once the role is in. */
function RolePage({ crumbs, heading }: { crumbs: string[]; heading: string }) {
  useDocumentTitle();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    useSessionStore.getState().setBreadcrumbPath(crumbs.map((value) => ({ value })));
  }, [crumbs]);
  return (
    <main id="main">
      {loaded ? <h1>{heading}</h1> : <button onClick={() => setLoaded(true)}>load</button>}
    </main>
  );
}

beforeAll(setupI18n);
afterEach(() => useSessionStore.getState().setBreadcrumbPath([]));

describe('useDocumentTitle', () => {
  it.each([
    [
      'en',
      ['Home', 'Roles', 'Wiki Editors', 'Members'],
      'Wiki Editors',
      'Members – Wiki Editors – Access portal',
    ],
    [
      'nl',
      ['Home', 'Rollen', 'Wiki Editors', 'Leden'],
      'Wiki Editors',
      'Leden – Wiki Editors – Toegangsportaal',
    ],
    ['en', ['Home', 'System', 'Cron'], 'System', 'Cron – System – Access portal'],
    ['nl', ['Home', 'Systeem', 'Cron'], 'Systeem', 'Cron – Systeem – Toegangsportaal'],
    ['en', ['Home', 'Roles', 'Wiki', 'Edit'], 'Edit role Wiki', 'Edit role Wiki – Access portal'],
    [
      'nl',
      ['Home', 'Rollen', 'Wiki', 'Bewerken'],
      'Rol Wiki bewerken',
      'Rol Wiki bewerken – Toegangsportaal',
    ],
  ])('%s: %j under "%s" is titled "%s"', async (language, crumbs, heading, title) => {
    await act(() => i18n.changeLanguage(language));
    render(
      <MemoryRouter>
        <RolePage crumbs={crumbs} heading={heading} />
      </MemoryRouter>,
    );
    // Before the heading is drawn the title is the tab alone; the heading, once there, joins it.
    expect(document.title).toBe(
      `${crumbs.at(-1)} – ${language === 'nl' ? 'Toegangsportaal' : 'Access portal'}`,
    );
    act(() => screen.getByRole('button', { name: 'load' }).click());
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await act(async () => {});
    expect(document.title).toBe(title);
  });
});
