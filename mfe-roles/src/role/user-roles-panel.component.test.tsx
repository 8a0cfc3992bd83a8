import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateValue, loadLanguageTexts } from 'shared-ui';
import { deleteUserRole, searchUserRoles, updateEndDate } from '../resources/user-roles.resource';
import * as personas from '../test-support/personas';
import { flashMessage, renderAt, setUpRoles } from '../test-support/render';
import { soon, userRole, wikiRole } from '../test-support/roles.fixture';
import en from '../translations/en.json';
import nl from '../translations/nl.json';
import { GuestsTab, MaintainersTab } from './user-roles-panel.component';

jest.mock('../resources/user-roles.resource', () => ({
  searchUserRoles: jest.fn(),
  updateEndDate: jest.fn(),
  deleteUserRole: jest.fn(),
}));
const search = searchUserRoles as jest.MockedFunction<typeof searchUserRoles>;
const update = updateEndDate as jest.MockedFunction<typeof updateEndDate>;
const remove = deleteUserRole as jest.MockedFunction<typeof deleteUserRole>;

const context = { roleId: wikiRole.id, role: wikiRole };
const guests = [
  userRole(1, 'Gina Guest', { endDate: soon() }),
  userRole(2, 'Gus Guest'),
  userRole(3, 'Gwen Guest'),
];

beforeEach(() => {
  search.mockReset().mockResolvedValue({ content: guests, totalElements: 3 });
  update.mockReset().mockResolvedValue();
  remove.mockReset().mockResolvedValue();
});

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('guests tab', () => {
  it('rings the bell for an end date within 30 days only', async () => {
    await setUpRoles(personas.manager);
    renderAt('/roles/7/guests', <GuestsTab context={context} />);
    await screen.findByText('Gina Guest');
    expect(within(row('Gina Guest')).getByRole('img', { name: en.expiresSoon })).toBeInTheDocument();
    expect(within(row('Gus Guest')).queryByRole('img', { name: en.expiresSoon })).not.toBeInTheDocument();
  });

  it("lets a manager change a guest's end date after confirming, then reloads", async () => {
    await setUpRoles(personas.manager);
    renderAt('/roles/7/guests', <GuestsTab context={context} />);
    await screen.findByText('Gus Guest');
    await userEvent.click(screen.getByRole('button', { name: 'Change the end date of Gus Guest' }));
    const dialog = screen.getByRole('dialog', { name: en.endDateTitle });
    // No clearing in guest lists.
    expect(within(dialog).queryByRole('button', { name: en.endDateRemove })).not.toBeInTheDocument();
    const next = new Date();
    next.setDate(next.getDate() + 40);
    const input = within(dialog).getByLabelText(en.endDateLabel);
    await userEvent.clear(input);
    await userEvent.type(input, `${formatDateValue(next)}{enter}`);
    expect(
      within(dialog).getByText(
        `Are you sure you want to set the end date of Gus Guest to ${formatDateValue(next)}?`,
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: en.endDateChange }));
    await waitFor(() => expect(update).toHaveBeenCalledWith(2, expect.any(Number)));
    const sent = new Date(update.mock.calls[0][1]! * 1000);
    expect(formatDateValue(sent)).toBe(formatDateValue(next));
    expect(flashMessage()).toBe('The end date of Gus Guest has been changed');
    await waitFor(() => expect(search).toHaveBeenCalledTimes(2));
  });

  it('waits for a date when a guest has none, and offers no clearing', async () => {
    search.mockResolvedValue({ content: [userRole(5, 'Nora None', { endDate: null })], totalElements: 1 });
    await setUpRoles(personas.manager);
    renderAt('/roles/7/guests', <GuestsTab context={context} />);
    await screen.findByText('Nora None');
    expect(within(row('Nora None')).getByText(en.noEndDate)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change the end date of Nora None' }));
    const dialog = screen.getByRole('dialog', { name: en.endDateTitle });
    expect(within(dialog).getByRole('button', { name: en.endDateChange })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: en.endDateRemove })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(update).not.toHaveBeenCalled();
  });

  it.each([
    ['en', en, 'Date input not valid.'],
    ['nl', nl, 'Ongeldige datum.'],
  ] as const)(
    'leaves an empty end date empty when the field is tabbed out of (%s)',
    async (language, texts, invalidText) => {
      search.mockResolvedValue({ content: [userRole(5, 'Nora None', { endDate: null })], totalElements: 1 });
      await setUpRoles(personas.manager, language);
      await loadLanguageTexts();
      renderAt('/roles/7/guests', <GuestsTab context={context} />);
      await screen.findByText('Nora None');
      const editLabel = texts.endDateEditFor.replace('{{name}}', 'Nora None');
      await userEvent.click(screen.getByRole('button', { name: editLabel }));
      const dialog = screen.getByRole('dialog', { name: texts.endDateTitle });
      const input = within(dialog).getByLabelText(texts.endDateLabel);
      await userEvent.click(input);
      await userEvent.tab();
      expect(input).not.toHaveFocus();
      expect(input).toHaveValue('');
      expect(input).not.toHaveAttribute('aria-invalid');
      expect(within(dialog).queryByText(invalidText)).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      const question = texts.endDateQuestion.split('{{name}}')[0];
      expect(within(dialog).queryByText(new RegExp(question))).not.toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: texts.endDateChange })).toBeDisabled();
    },
  );

  it('removes two guests at once after confirming', async () => {
    await setUpRoles(personas.manager);
    renderAt('/roles/7/guests', <GuestsTab context={context} />);
    await screen.findByText('Gus Guest');
    await userEvent.click(within(row('Gina Guest')).getByRole('checkbox'));
    await userEvent.click(within(row('Gus Guest')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete 2 selected' }));
    const dialog = screen.getByRole('alertdialog', { name: en.deleteUserRolesTitle_other });
    expect(dialog).toHaveTextContent('Are you sure you want to remove these 2 users from Wiki Editors?');
    await userEvent.click(within(dialog).getByRole('button', { name: en.delete }));
    await waitFor(() => expect(flashMessage()).toBe('2 user roles have been deleted'));
    expect(remove.mock.calls).toEqual([
      [7, 1, true],
      [7, 2, true],
    ]);
  });

  it('shows the not-allowed tooltip where the row-level rule says no', async () => {
    await setUpRoles(personas.guest);
    renderAt('/roles/7/guests', <GuestsTab context={context} />);
    await screen.findByText('Gus Guest');
    const button = screen.getByRole('button', { name: 'Delete the role of Gus Guest' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', en.notAllowed);
  });
});

describe('maintainers tab', () => {
  it("lets an institution admin clear a manager's end date, with its own question", async () => {
    search.mockResolvedValue({
      content: [userRole(4, 'Manon Manager', { authority: 'MANAGER' })],
      totalElements: 1,
    });
    await setUpRoles(personas.institutionAdmin);
    renderAt('/roles/7/maintainers', <MaintainersTab context={context} />);
    await screen.findByText('Manon Manager');
    expect(search).toHaveBeenCalledWith(7, 'maintainers', expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Change the end date of Manon Manager' }));
    await userEvent.click(screen.getByRole('button', { name: en.endDateRemove }));
    const dialog = screen.getByRole('alertdialog', { name: en.endDateClearTitle });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to remove the end date of Manon Manager? The role will then never expire.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: en.endDateClear }));
    await waitFor(() => expect(update).toHaveBeenCalledWith(4, null));
    expect(flashMessage()).toBe('The end date of Manon Manager has been removed');
  });
});
