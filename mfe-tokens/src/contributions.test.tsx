import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { expectTextsComplete, extensionIn, sees } from 'test-support/contributions';
import contributions from './contributions';
import * as personas from 'test-support/personas';
import { renderAt, setUpRemote } from 'test-support/render';
import { useTokens } from './tokens.resource';

jest.mock('./tokens.resource', () => ({ useTokens: jest.fn(), generateToken: jest.fn() }));

const extension = (slot: string) => extensionIn(contributions, slot, 'tokens');

describe('tokens contributions', () => {
  it('contributes the authenticated tokens route', () => {
    expect(contributions.id).toBe('tokens');
    expect(contributions.routes).toEqual([
      expect.objectContaining({ path: 'tokens', access: 'authenticated' }),
    ]);
  });

  it('adds a home tab for super users and institution admins with an organisation', () => {
    const tab = extension('home.tabs');
    expect(tab.order).toBe(90);
    expect(sees(tab, personas.superUser)).toBe(true);
    expect(sees(tab, personas.institutionAdmin)).toBe(true);
    expect(sees(tab, personas.institutionAdminWithoutOrganisation)).toBe(false);
    expect(sees(tab, personas.manager)).toBe(false);
  });

  it('adds a user-menu link to /tokens for inviters and managers only', () => {
    const link = extension('user-menu.links');
    expect(link.href).toBe('/tokens');
    expect(sees(link, personas.inviter)).toBe(true);
    expect(sees(link, personas.manager)).toBe(true);
    expect(sees(link, personas.superUser)).toBe(false);
    expect(sees(link, personas.guest)).toBe(false);
  });

  it('renders the token list inside the home tab', async () => {
    jest.mocked(useTokens).mockReturnValue({ data: [], error: null, loading: false, reload: jest.fn() });
    await setUpRemote('tokens', contributions.translations, personas.superUser);
    const Tab = extension('home.tabs').component;
    if (!Tab) throw new Error('the home tab has no component');
    renderAt(
      '/home/tokens',
      <Suspense fallback={null}>
        <Tab />
      </Suspense>,
    );
    expect(await screen.findByText('No API tokens found')).toBeInTheDocument();
  });

  it('has the same keys in English and Dutch, and labels for its slots', () => {
    expectTextsComplete(contributions);
    expect(contributions.translations.en.required).toBe('The description is required for an API token');
  });
});
