import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as personas from '../test-support/personas';
import { renderAt, setUpRoles } from '../test-support/render';
import { wikiRole } from '../test-support/roles.fixture';
import en from '../translations/en.json';
import InviterHomePage from './inviter-home.page';

const long =
  'A description that goes on and on about what this role is for, well past the eighty characters of a card.';

describe('inviter home', () => {
  it('shows the non-guest roles as cards sorted by name, descriptions cut at 80 characters', async () => {
    await setUpRoles({
      ...personas.inviter,
      name: 'Ivo Inviter',
      userRoles: [
        {
          id: 1,
          authority: 'INVITER',
          role: { ...wikiRole, id: 7, name: 'Wiki Editors', description: long },
        },
        { id: 2, authority: 'INVITER', role: { ...wikiRole, id: 8, name: 'Archive Readers' } },
        { id: 3, authority: 'GUEST', role: { ...wikiRole, id: 9, name: 'Zoo Guests' } },
      ],
    });
    renderAt('/inviter', <InviterHomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ivo Inviter' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Archive Readers',
      'Wiki Editors',
    ]);
    expect(
      screen.getByText(
        /^A description that goes on and on about what this role is for, well past the eighty\.\.\.$/,
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Details of Wiki Editors' }));
    expect(screen.getByText('Landed at /roles/7')).toBeInTheDocument();
  });

  it('sends invites from the home', async () => {
    await setUpRoles(personas.inviter);
    renderAt('/inviter', <InviterHomePage />);
    await userEvent.click(screen.getByRole('button', { name: en.sendInvite }));
    expect(screen.getByText('Landed at /invitation/new')).toBeInTheDocument();
  });
});
