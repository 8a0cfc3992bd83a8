// The home's Microsoft Graph redeem links (issue 54): shown until redeemed, in the user's language.
import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { setupI18n } from '../test-support/render-shell';
import { RedeemLinks } from './redeem-links.component';

function answer(body: unknown) {
  jest.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-session-alive': 'true' },
      }),
  );
}

beforeAll(() => setupI18n());
afterEach(() => jest.restoreAllMocks());

const link = { target: 'prov-graph', 'name:en': 'Noorderlicht Graph', 'name:nl': 'Noorderlicht-Graph' };

describe('the redeem links on the home', () => {
  it('shows an open invitation with its link, not a redeemed one nor one still being made', async () => {
    answer([
      { ...link, redeemUrl: 'https://graph.example.org/redeem/1', redeemed: false },
      { ...link, target: 'prov-2', 'name:en': 'Made', redeemUrl: null, redeemed: false },
      {
        ...link,
        target: 'prov-3',
        'name:en': 'Done',
        redeemUrl: 'https://graph.example.org/r/3',
        redeemed: true,
      },
    ]);
    render(<RedeemLinks />);
    const anchor = await screen.findByRole('link', {
      name: 'Accept the Microsoft invitation of Noorderlicht Graph',
    });
    expect(anchor).toHaveAttribute('href', 'https://graph.example.org/redeem/1');
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('in Dutch with the Dutch name', async () => {
    await i18n.changeLanguage('nl');
    answer([{ ...link, redeemUrl: 'https://graph.example.org/redeem/1', redeemed: false }]);
    render(<RedeemLinks />);
    expect(
      await screen.findByRole('link', { name: 'Accepteer de Microsoft-uitnodiging van Noorderlicht-Graph' }),
    ).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it('shows nothing without open invitations', async () => {
    answer([]);
    const { container } = render(<RedeemLinks />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container).toBeEmptyDOMElement();
  });
});
