import { screen } from '@testing-library/react';
import { apiGet } from 'shared-auth';
import type { Role } from 'shared-auth';
import contributions from '../contributions';
import * as personas from '../test-support/personas';
import { renderAt, setUpRoles } from '../test-support/render';
import { wikiRole } from '../test-support/roles.fixture';
import { ALL_ROLES_FIRST_PAGE } from './roles-tab.prefetch';

jest.mock('shared-auth', () => ({ ...jest.requireActual('shared-auth'), apiGet: jest.fn() }));
const get = apiGet as jest.MockedFunction<typeof apiGet>;

const RolesTab = contributions.extensions.find(
  (ext) => ext.id === 'roles' && ext.slot === 'home.tabs',
)!.component!;

describe("the roles tab's list, asked for with its code", () => {
  it("is the super user's first page, asked for once", async () => {
    get.mockResolvedValue({ content: [wikiRole as Role], totalElements: 1 });
    await setUpRoles(personas.superUser);
    renderAt('/home/roles', <RolesTab />);
    // Asked for as the tab's code started loading, before the tab rendered its list.
    expect(get).toHaveBeenCalledWith('roles', { searchParams: { ...ALL_ROLES_FIRST_PAGE } });
    expect(await screen.findByText('Wiki Editors')).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(1);
  });
});
