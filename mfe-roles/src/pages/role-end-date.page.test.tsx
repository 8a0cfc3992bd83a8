/**
 * Issue 53 part 2: the role form offers "N days after acceptance" or "on a date", and the role page
 * shows the end date; in English and Dutch.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  fetchHasProvisioning,
  fetchInstitutionApplications,
  fetchProviders,
  validateUrl,
} from '../resources/manage.resource';
import { fetchRole, saveRole } from '../resources/roles.resource';
import { fetchRoleProvisioning } from '../resources/provisioning.resource';
import { fetchManagerEmails, searchUserRoles } from '../resources/user-roles.resource';
import { fetchRoleInstitutionAdmins } from '../resources/users.resource';
import * as personas from '../test-support/personas';
import { renderAt, setUpRoles } from '../test-support/render';
import { wikiRole } from '../test-support/roles.fixture';
import en from '../translations/en.json';
import nl from '../translations/nl.json';
import RoleDetailPage from './role-detail.page';
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
jest.mock('../resources/user-roles.resource', () => ({
  prefetchUserRoles: jest.fn(),
  searchUserRoles: jest.fn(),
  fetchManagerEmails: jest.fn(),
  updateEndDate: jest.fn(),
  deleteUserRole: jest.fn(),
}));
jest.mock('../resources/provisioning.resource', () => {
  const { useLoad } = jest.requireActual('shared-ui');
  const fetchRoleProvisioning = jest.fn();
  return {
    fetchRoleProvisioning,
    useRoleProvisioning: (id: number) => useLoad(() => fetchRoleProvisioning(id), [id]),
  };
});
jest.mock('../resources/users.resource', () => ({ fetchRoleInstitutionAdmins: jest.fn() }));
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
/** 31 January 2030, local midnight: the day the date picker gives for 31/01/2030. */
const END = new Date(2030, 0, 31);
const END_SECONDS = END.getTime() / 1000;
const semesterRole = { ...wikiRole, defaultExpiryDays: 0, endDate: END_SECONDS };

beforeEach(() => {
  jest.clearAllMocks();
  mocked(fetchRole).mockResolvedValue(wikiRole);
  mocked(fetchProviders).mockResolvedValue([wiki]);
  mocked(fetchInstitutionApplications).mockResolvedValue({ providers: [wiki], provisionings: [] });
  mocked(fetchHasProvisioning).mockResolvedValue(true);
  mocked(validateUrl).mockResolvedValue(true);
  mocked(saveRole).mockImplementation(async (input) => ({ ...wikiRole, ...input, id: input.id ?? 42 }));
  mocked(fetchRoleProvisioning).mockResolvedValue([]);
  mocked(searchUserRoles).mockResolvedValue({ content: [], totalElements: 0 });
  mocked(fetchManagerEmails).mockResolvedValue([]);
  mocked(fetchRoleInstitutionAdmins).mockResolvedValue([]);
});

describe('role form: how memberships end', () => {
  it('saves a role whose memberships end on a date: endDate in epoch seconds, no days', async () => {
    await setUpRoles(personas.superUser);
    renderAt('/role/7', <RoleFormPage />, '/role/:id');
    await userEvent.click(await screen.findByRole('switch', { name: en.expirySwitch }));
    expect(screen.getByRole('combobox', { name: en.expiryBy })).toHaveValue('days');
    expect(screen.getByLabelText(en.defaultExpiryDays)).toHaveValue(365);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: en.expiryBy }), en.expiryByDate);
    expect(screen.queryByLabelText(en.defaultExpiryDays)).not.toBeInTheDocument();
    const date = screen.getByLabelText(en.roleEndDate);
    await userEvent.clear(date);
    await userEvent.type(date, '31/01/2030{Enter}');
    expect(screen.getByText(en.roleEndDateInfo)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: en.save }));
    await waitFor(() => expect(screen.getByText('Landed at /roles/7')).toBeInTheDocument());
    expect(saveRole).toHaveBeenCalledWith(
      expect.objectContaining({ id: 7, defaultExpiryDays: 0, endDate: END_SECONDS }),
    );
  });

  it('opens a role with an end date on the date choice, and going back to days sends no end date', async () => {
    mocked(fetchRole).mockResolvedValue(semesterRole);
    await setUpRoles(personas.superUser);
    renderAt('/role/7', <RoleFormPage />, '/role/:id');
    expect(await screen.findByRole('combobox', { name: en.expiryBy })).toHaveValue('date');
    expect(screen.getByLabelText(en.roleEndDate)).toHaveValue('31/01/2030');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: en.expiryBy }), en.expiryByDays);
    await userEvent.clear(screen.getByLabelText(en.defaultExpiryDays));
    await userEvent.type(screen.getByLabelText(en.defaultExpiryDays), '180');
    await userEvent.click(screen.getByRole('button', { name: en.save }));
    await waitFor(() => expect(saveRole).toHaveBeenCalled());
    expect(saveRole).toHaveBeenCalledWith(expect.objectContaining({ defaultExpiryDays: 180, endDate: null }));
  });

  it('sends neither when the switch is off: 365 days, no end date', async () => {
    mocked(fetchRole).mockResolvedValue(semesterRole);
    await setUpRoles(personas.superUser);
    renderAt('/role/7', <RoleFormPage />, '/role/:id');
    await userEvent.click(await screen.findByRole('switch', { name: en.expirySwitch }));
    expect(screen.queryByRole('combobox', { name: en.expiryBy })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: en.save }));
    await waitFor(() => expect(saveRole).toHaveBeenCalled());
    expect(saveRole).toHaveBeenCalledWith(expect.objectContaining({ defaultExpiryDays: 365, endDate: null }));
  });

  it('offers the choice in Dutch', async () => {
    mocked(fetchRole).mockResolvedValue(semesterRole);
    await setUpRoles(personas.superUser, 'nl');
    renderAt('/role/7', <RoleFormPage />, '/role/:id');
    const by = await screen.findByRole('combobox', { name: nl.expiryBy });
    expect(by).toHaveValue('date');
    expect(within(by).getByRole('option', { name: nl.expiryByDate })).toHaveProperty('selected', true);
    expect(within(by).getByRole('option', { name: nl.expiryByDays })).toBeInTheDocument();
    expect(screen.getByLabelText(nl.roleEndDate)).toHaveValue('31/01/2030');
    expect(screen.getByText(nl.roleEndDateInfo)).toBeInTheDocument();
  });
});

describe('role page: the end date', () => {
  it('shows when the memberships end instead of the validity in days', async () => {
    mocked(fetchRole).mockResolvedValue(semesterRole);
    await setUpRoles(personas.manager);
    renderAt('/roles/7', <RoleDetailPage />, '/roles/:id/:tab?');
    expect(await screen.findByText(/3 members · ends on 31\/01\/2030/)).toBeInTheDocument();
    expect(screen.queryByText(/valid for/)).not.toBeInTheDocument();
  });

  it('says so in Dutch', async () => {
    mocked(fetchRole).mockResolvedValue(semesterRole);
    await setUpRoles(personas.manager, 'nl');
    renderAt('/roles/7', <RoleDetailPage />, '/roles/:id/:tab?');
    expect(await screen.findByText(/3 leden · eindigt op 31\/01\/2030/)).toBeInTheDocument();
  });
});
