import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SlotHostProvider, type SlotItems } from 'shared-ui';
import { superUser } from '../test-support/personas';
import { setUpRoles } from '../test-support/render';
import { RoleTabs } from './role-tabs.component';

const guestsTab = {
  remoteId: 'roles',
  id: 'guests',
  order: 10,
  label: 'Guests',
  render: () => <p>the guests</p>,
};

function renderTabs(answer: SlotItems) {
  return render(
    <SlotHostProvider useItems={() => answer}>
      <RoleTabs context={{ roleId: 4 }} tab="guests" onChange={() => undefined} />
    </SlotHostProvider>,
  );
}

beforeEach(async () => {
  await setUpRoles(superUser);
});

describe('RoleTabs', () => {
  it('names a remote that cannot be described beside the tabs, with Retry: its tabs may be missing', async () => {
    const retry = jest.fn();
    renderTabs({ items: [guestsTab], settled: true, incomplete: true, undescribed: ['invitations'], retry });
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('Part of this page may be missing: “invitations” cannot be loaded');
    expect(screen.getByRole('tab', { name: 'Guests' })).toBeInTheDocument();
    expect(screen.getByText('the guests')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('shows no notice when every remote is described, or under a shell that does not tell', () => {
    renderTabs({ items: [guestsTab], settled: true, undescribed: [], retry: jest.fn() });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    renderTabs({ items: [guestsTab], settled: true });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
