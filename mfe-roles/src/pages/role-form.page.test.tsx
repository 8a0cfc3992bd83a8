import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-auth';
import {
  fetchHasProvisioning,
  fetchInstitutionApplications,
  fetchProviders,
  validateOrganizationGUID,
  validateUrl,
} from '../resources/manage.resource';
import { deleteRole, fetchConsequences, fetchRole, saveRole } from '../resources/roles.resource';
import * as personas from '../test-support/personas';
import { flashMessage, renderAt, setUpRoles } from '../test-support/render';
import { wikiRole } from '../test-support/roles.fixture';
import en from '../translations/en.json';
import RoleFormPage from './role-form.page';

jest.mock('../resources/roles.resource', () => {
  const { useLoad } = jest.requireActual('shared-ui');
  const fetchRole = jest.fn();
  return {
    fetchRole,
    useRole: (id: number) => useLoad(() => fetchRole(id), [id]),
    saveRole: jest.fn(),
    deleteRole: jest.fn(),
    fetchConsequences: jest.fn(),
  };
});
jest.mock('../resources/manage.resource', () => ({
  fetchProviders: jest.fn(),
  fetchInstitutionApplications: jest.fn(),
  fetchHasProvisioning: jest.fn(),
  validateOrganizationGUID: jest.fn(),
  validateUrl: jest.fn(),
  fetchRequestedAuthnContextValues: jest.fn(async () => ({
    EduIDValidatedName: 'https://eduid.nl/trust/validate-names',
  })),
}));
jest.mock('../role-form/reload-user', () => ({ reloadCurrentUser: jest.fn() }));

const mocked = <T extends (...args: never[]) => unknown>(fn: T) => fn as unknown as jest.MockedFunction<T>;
const wiki = {
  id: 'app-wiki',
  manageId: 'app-wiki',
  type: 'saml20_sp' as const,
  'name:en': 'Research Wiki',
  'OrganizationName:en': 'Harderwijk University',
  landingPage: 'https://wiki.example.org/start',
};
const canvas = { ...wiki, id: 'app-canvas', manageId: 'app-canvas', 'name:en': 'Canvas', landingPage: '' };
const ROUTE = '/role/:id';

beforeEach(() => {
  jest.clearAllMocks();
  mocked(fetchRole).mockResolvedValue(wikiRole);
  mocked(fetchProviders).mockResolvedValue([wiki, canvas]);
  mocked(fetchInstitutionApplications).mockResolvedValue({ providers: [wiki, canvas], provisionings: [] });
  mocked(fetchHasProvisioning).mockResolvedValue(true);
  mocked(validateUrl).mockResolvedValue(true);
  mocked(saveRole).mockImplementation(async (input) => ({ ...wikiRole, ...input, id: input.id ?? 42 }));
});

describe('role form', () => {
  it('lets an institution admin create a role for its own application', async () => {
    await setUpRoles(personas.institutionAdmin);
    renderAt('/role/new', <RoleFormPage />, ROUTE);
    const save = await screen.findByRole('button', { name: en.save });
    expect(save).toHaveAttribute('aria-disabled', 'true');
    await userEvent.type(screen.getByLabelText(/^Name/), ' Lab  Assistants! ');
    expect(screen.getByText(/Short name: lab_assistants · urn:test:lab_assistants/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Description/), 'Assist in the lab');
    await userEvent.selectOptions(screen.getByLabelText('Application 1'), 'app-wiki');
    expect(screen.getByLabelText('Landing page')).toHaveValue('https://wiki.example.org/start');
    expect(fetchInstitutionApplications).toHaveBeenCalled();
    expect(fetchProviders).not.toHaveBeenCalled();
    await userEvent.click(save);
    await waitFor(() => expect(screen.getByText('Landed at /roles/42')).toBeInTheDocument());
    expect(saveRole).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Lab  Assistants!',
        description: 'Assist in the lab',
        defaultExpiryDays: 365,
        applicationUsages: [
          {
            application: { manageId: 'app-wiki', manageType: 'saml20_sp' },
            landingPage: 'https://wiki.example.org/start',
          },
        ],
      }),
    );
    expect(flashMessage()).toBe('Role Lab  Assistants! has been created');
  });

  it("offers the configured assurance levels and saves the role's choice (issue 52)", async () => {
    await setUpRoles(personas.superUser);
    renderAt('/role/7', <RoleFormPage />, ROUTE);
    const field = await screen.findByLabelText('Assurance level invitees must log in with');
    expect(field).toHaveValue('');
    expect(
      within(field)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['None', 'eduID with validated names']);
    await userEvent.selectOptions(field, 'https://eduid.nl/trust/validate-names');
    await userEvent.click(screen.getByRole('button', { name: en.save }));
    await waitFor(() =>
      expect(saveRole).toHaveBeenCalledWith(
        expect.objectContaining({ id: 7, requestedAuthnContext: 'https://eduid.nl/trust/validate-names' }),
      ),
    );
  });

  it('shows the required messages once a field was emptied, and the invalid landing page', async () => {
    mocked(validateUrl).mockResolvedValue(false);
    await setUpRoles(personas.superUser);
    renderAt('/role/7', <RoleFormPage />, ROUTE);
    const name = await screen.findByLabelText(/^Name/);
    await userEvent.clear(name);
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    const landing = screen.getByLabelText('Landing page');
    await userEvent.clear(landing);
    await userEvent.type(landing, 'not a url');
    await userEvent.tab();
    expect(await screen.findByText('The value is invalid for Landing page')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.save })).toHaveAttribute('aria-disabled', 'true');
  });

  it('tells a keyboard user what is missing: on leaving a field, and when Save is pressed', async () => {
    await setUpRoles(personas.institutionAdmin);
    renderAt('/role/new', <RoleFormPage />, ROUTE);
    const name = await screen.findByLabelText(/^Name/);
    name.focus();
    await userEvent.tab();
    // Leaving the name empty says so at once; so does leaving the application unchosen.
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    screen.getByLabelText('Application 1').focus();
    await userEvent.tab();
    expect(screen.getByText('Application is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Description/), 'Assist in the lab');
    const save = screen.getByRole('button', { name: en.save });
    // Save can be reached and pressed; it names what is missing and takes focus to the first such field.
    save.focus();
    expect(save).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('To save, fill in: Name, Application');
    expect(save).toHaveAccessibleDescription('To save, fill in: Name, Application');
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveFocus());
    expect(screen.getByText('Application is required')).toBeInTheDocument();
    expect(saveRole).not.toHaveBeenCalled();
  });

  it('looks the organisation GUID up on blur (super user)', async () => {
    mocked(validateOrganizationGUID).mockRejectedValue(new ApiError(404, null));
    await setUpRoles(personas.superUser);
    renderAt('/role/7', <RoleFormPage />, ROUTE);
    await userEvent.type(await screen.findByLabelText('Organisation GUID'), 'nope');
    await userEvent.tab();
    expect(await screen.findByText('The value is invalid for Organisation GUID')).toBeInTheDocument();
    expect(validateOrganizationGUID).toHaveBeenCalledWith('nope');
  });

  it('warns when the application has no provisioning and receives no memberships', async () => {
    mocked(fetchHasProvisioning).mockResolvedValue(false);
    await setUpRoles(personas.superUser);
    renderAt('/role/7', <RoleFormPage />, ROUTE);
    expect(await screen.findByText(en.noProvisioning)).toBeInTheDocument();
  });

  it('adds and removes applications by the rules', async () => {
    await setUpRoles(personas.superUser);
    renderAt('/role/7', <RoleFormPage />, ROUTE);
    await screen.findByLabelText('Application 1');
    expect(screen.queryByRole('button', { name: 'Remove application 1' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: en.addApplication }));
    const second = screen.getByLabelText('Application 2');
    // The first application cannot be chosen twice.
    expect(within(second).getByRole('option', { name: /Research Wiki/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: en.addApplication })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove application 2' }));
    expect(screen.queryByLabelText('Application 2')).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Edit role Wiki Editors', 'Edit'],
    ['nl', 'Rol Wiki Editors bewerken', 'Bewerken'],
  ] as const)('names the role it edits in its heading (%s)', async (language, heading, crumb) => {
    await setUpRoles(personas.superUser, language);
    renderAt('/role/7', <RoleFormPage />, ROUTE);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: /breadcrumb|kruimelpad/i })).toHaveTextContent(crumb);
  });

  it('deletes a role after listing the first 5 users who lose access and how many more', async () => {
    const names = ['Ann', 'Bob', 'Cas', 'Dirk', 'Eva', 'Fay', 'Gijs'];
    mocked(fetchConsequences).mockResolvedValue(
      names.map((name, i) => ({ userInfo: { id: i + 1, name }, authority: 'GUEST' })),
    );
    mocked(deleteRole).mockResolvedValue();
    await setUpRoles(personas.superUser);
    renderAt('/role/7', <RoleFormPage />, ROUTE);
    await userEvent.click(await screen.findByRole('button', { name: en.delete }));
    const dialog = await screen.findByRole('alertdialog', { name: en.deleteRoleTitle });
    expect(dialog).toHaveTextContent('7 users will lose access:');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(names.slice(0, 5).map((name) => `${name} Guest`));
    expect(dialog).toHaveTextContent('and 2 more');
    await userEvent.click(within(dialog).getByRole('button', { name: en.delete }));
    await waitFor(() => expect(screen.getByText('Landed at /home/roles')).toBeInTheDocument());
    expect(deleteRole).toHaveBeenCalledWith(7);
    expect(flashMessage()).toBe('Role Wiki Editors has been deleted');
  });

  it('stays on the form when saving fails (the failure dialog is shared-auth’s)', async () => {
    mocked(saveRole).mockRejectedValue(new ApiError(409, { status: 409, error: 'Conflict', message: 'x' }));
    await setUpRoles(personas.superUser);
    renderAt('/role/7', <RoleFormPage />, ROUTE);
    await userEvent.click(await screen.findByRole('button', { name: en.save }));
    expect(await screen.findByText('The short name already exists')).toBeInTheDocument();
    expect(screen.queryByText(/Landed at/)).not.toBeInTheDocument();
  });

  it('keeps a manager away from a new role and from the applications of an existing one', async () => {
    await setUpRoles(personas.manager);
    const { unmount } = renderAt('/role/new', <RoleFormPage />, ROUTE);
    expect(screen.getByText('Not found page')).toBeInTheDocument();
    unmount();
    renderAt('/role/7', <RoleFormPage />, ROUTE);
    expect(await screen.findByLabelText('Application 1')).toBeDisabled();
    expect(screen.queryByRole('button', { name: en.delete })).not.toBeInTheDocument();
  });
});
