import { render, screen } from '@testing-library/react';
import { setUpTexts } from 'test-support/i18n';
import { logIn } from 'test-support/stores';
import type { RemoteContributions } from '../contract';
import { contributionsSlotHost, SlotHostProvider, useSlotItems } from './slot-host.component';

const remote = (
  id: 'system' | 'invitations',
  extensions: RemoteContributions['extensions'],
): RemoteContributions => ({
  id,
  contractVersion: '1.0',
  routes: [],
  extensions,
  translations: { en: { label: `${id} tab` }, nl: { label: `${id} tabblad` } },
});

const system = remote('system', [
  {
    slot: 'system.tabs',
    id: 'cron',
    order: 10,
    labelKey: 'label',
    visibleRule: 'loggedIn',
    component: () => <p>cron body</p>,
  },
  { slot: 'system.tabs', id: 'seed', order: 60, labelKey: 'label', visibleRule: 'systemMenuLink' },
  {
    slot: 'system.tabs',
    id: 'broken',
    order: 70,
    labelKey: 'label',
    visibleRule: 'noSuchRule',
  },
  { slot: 'home.tabs', id: 'other', order: 1, labelKey: 'label', visibleRule: 'loggedIn' },
]);
const invitations = remote('invitations', [
  { slot: 'system.tabs', id: 'invitations', order: 5, labelKey: 'label', visibleRule: 'loggedIn' },
]);

function Probe() {
  const { items, settled } = useSlotItems('system.tabs');
  return (
    <div>
      <p>{settled ? 'settled' : 'loading'}</p>
      <ul>
        {items.map((item) => (
          <li key={item.id}>{`${item.remoteId}:${item.id}:${item.label}`}</li>
        ))}
      </ul>
      {items.find((item) => item.id === 'cron')?.render()}
    </div>
  );
}

beforeAll(async () => {
  await setUpTexts({ system: system.translations, invitations: invitations.translations });
  logIn({ id: 1, superUser: false, institutionAdmin: false, userRoles: [] });
});

describe('slot host', () => {
  it('answers the visible entries of a slot from every remote, by order, hiding broken rules', async () => {
    render(
      <SlotHostProvider useItems={contributionsSlotHost([system, invitations])}>
        <Probe />
      </SlotHostProvider>,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'invitations:invitations:invitations tab',
      'system:cron:system tab',
    ]);
    expect(await screen.findByText('cron body')).toBeInTheDocument();
    expect(screen.getByText('settled')).toBeInTheDocument();
  });

  it('answers nothing without a host', () => {
    render(<Probe />);
    expect(screen.queryAllByRole('listitem')).toEqual([]);
  });
});
