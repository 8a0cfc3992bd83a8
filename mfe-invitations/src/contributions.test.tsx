import { expectTextsComplete, extensionIn, sees } from 'test-support/contributions';
import contributions from './contributions';
import { guest, inviter, manager, superUser } from './test-support/fixtures';

const extension = (slot: string) => extensionIn(contributions, slot);

describe('mfe-invitations contributions', () => {
  it('makes acceptance public and the form and own invitations authenticated', () => {
    expect(contributions.routes.map((route) => [route.path, route.access])).toEqual([
      ['invitation/accept', 'public'],
      ['invitation/mine', 'authenticated'],
      ['invitation/:id', 'authenticated'],
    ]);
  });

  it('adds the invitations tab to role detail for inviters and up', () => {
    const tab = extension('role.tabs');
    expect(tab.id).toBe('invitations');
    expect(tab.component).toBeDefined();
    expect(sees(tab, inviter, { roleId: 1 })).toBe(true);
    expect(sees(tab, manager, { roleId: 1 })).toBe(true);
    expect(sees(tab, guest, { roleId: 1 })).toBe(false);
  });

  it('adds the invitations tab to the system area for super users only', () => {
    const tab = extension('system.tabs');
    expect(tab.id).toBe('invitations');
    expect(sees(tab, superUser)).toBe(true);
    expect(sees(tab, manager)).toBe(false);
  });

  it('links the own invitations from the user menu for inviters and up', () => {
    const link = extension('user-menu.links');
    expect(link.href).toBe('/invitation/mine');
    expect(sees(link, inviter)).toBe(true);
    expect(sees(link, guest)).toBe(false);
  });

  it('has the same keys in English and Dutch, and labels for its slots', () => {
    expectTextsComplete(contributions);
  });
});
