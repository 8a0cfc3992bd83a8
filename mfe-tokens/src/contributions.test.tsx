import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { assertTranslationParity } from 'shared-ui/parity';
import type { Extension } from 'shared-ui';
import { visibilityRule, type User } from 'shared-auth';
import contributions from './contributions';
import * as personas from 'test-support/personas';
import { renderAt, setUpRemote } from 'test-support/render';
import { useTokens } from './tokens.resource';

jest.mock('./tokens.resource', () => ({ useTokens: jest.fn(), generateToken: jest.fn() }));

/** Whether the shell would show the entry to the user: the named rule from shared-auth decides. */
function visible(entry: Extension, user: User): boolean {
  return visibilityRule(entry.visibleRule)?.(user) ?? false;
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
    expect(visible(tab, personas.superUser)).toBe(true);
    expect(visible(tab, personas.institutionAdmin)).toBe(true);
    expect(visible(tab, personas.institutionAdminWithoutOrganisation)).toBe(false);
    expect(visible(tab, personas.manager)).toBe(false);
  });

  it('adds a user-menu link to /tokens for inviters and managers only', () => {
    const link = extension('user-menu.links');
    expect(link.href).toBe('/tokens');
    expect(visible(link, personas.inviter)).toBe(true);
    expect(visible(link, personas.manager)).toBe(true);
    expect(visible(link, personas.superUser)).toBe(false);
    expect(visible(link, personas.guest)).toBe(false);
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
    const { en, nl } = contributions.translations;
    expect(() => assertTranslationParity(en, nl)).not.toThrow();
    for (const ext of contributions.extensions) {
      expect(en[ext.labelKey]).toBeTruthy();
      expect(nl[ext.labelKey]).toBeTruthy();
    }
    expect(en.required).toBe('The description is required for an API token');
  });
});
