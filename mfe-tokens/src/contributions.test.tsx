import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { assertTranslationParity } from 'shared-ui';
import { initialSessionState, type SessionState, type User } from 'shared-auth';
import contributions from './contributions';
import * as personas from './test-support/personas';
import { renderAt, setUpTokens } from './test-support/render';
import { useTokens } from './tokens.resource';

jest.mock('./tokens.resource', () => ({ useTokens: jest.fn(), generateToken: jest.fn() }));

function session(user: User): SessionState {
  return { ...initialSessionState, authenticated: true, user };
}

function extension(slot: string) {
  const found = contributions.extensions.find(
    (candidate) => candidate.slot === slot && candidate.id === 'tokens',
  );
  if (!found) throw new Error(`no tokens extension in ${slot}`);
  return found;
}

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
    expect(tab.visible(session(personas.superUser))).toBe(true);
    expect(tab.visible(session(personas.institutionAdmin))).toBe(true);
    expect(tab.visible(session(personas.institutionAdminWithoutOrganisation))).toBe(false);
    expect(tab.visible(session(personas.manager))).toBe(false);
  });

  it('adds a user-menu link to /tokens for inviters and managers only', () => {
    const link = extension('user-menu.links');
    expect(link.href).toBe('/tokens');
    expect(link.visible(session(personas.inviter))).toBe(true);
    expect(link.visible(session(personas.manager))).toBe(true);
    expect(link.visible(session(personas.superUser))).toBe(false);
    expect(link.visible(session(personas.guest))).toBe(false);
  });

  it('renders the token list inside the home tab', async () => {
    jest.mocked(useTokens).mockReturnValue({ data: [], error: null, loading: false, reload: jest.fn() });
    await setUpTokens(personas.superUser);
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
    const { en, nl } = contributions.translations;
    expect(() => assertTranslationParity(en, nl)).not.toThrow();
    for (const ext of contributions.extensions) {
      expect(en[ext.labelKey]).toBeTruthy();
      expect(nl[ext.labelKey]).toBeTruthy();
    }
    expect(en.required).toBe('The description is required for an API token');
  });
});
