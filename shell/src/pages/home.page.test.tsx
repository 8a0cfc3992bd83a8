import { act, screen, waitFor, within } from '@testing-library/react';
import { i18n } from 'shared-ui/core';
// eslint-disable-next-line no-restricted-imports -- test only: the real remote inside the host
import rolesRemote from 'mfe-roles/src/contributions';
import * as personas from 'test-support/personas';
import { renderShell, setupI18n } from '../test-support/render-shell';

jest.mock('../remotes/remote-loader', () => jest.requireActual('../test-support/remote-loader.mock'));

beforeAll(setupI18n);
afterEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

describe("a guest's home (issue 55)", () => {
  it.each([
    ['en', 'My applications', 'Access portal'],
    ['nl', 'Mijn applicaties', 'Toegangsportaal'],
  ])('(%s) names its one tab "%s" in the tab, heading, breadcrumb and title', async (language, name, app) => {
    await act(async () => {
      await i18n.changeLanguage(language);
    });
    await renderShell({ path: '/home', user: personas.guest, remotes: { roles: [rolesRemote] } });
    const tablist = await screen.findByRole('tablist');
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([name]);
    expect(screen.getByRole('heading', { level: 1, name })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: /breadcrumb|kruimelpad/i })).toHaveTextContent(name);
    await waitFor(() => expect(document.title).toBe(`${name} – ${app}`));
  });

  it('keeps "Roles" for everyone else', async () => {
    await renderShell({ path: '/home', user: personas.superUser, remotes: { roles: [rolesRemote] } });
    const tablist = await screen.findByRole('tablist');
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toContain('Roles');
    expect(within(tablist).queryByRole('tab', { name: 'My applications' })).not.toBeInTheDocument();
  });
});
