import { documentTitle, pageName } from './document-title';

function main(heading: string): Element | null {
  document.body.innerHTML = `<main id="main"><h1>${heading}</h1></main>`;
  return document.getElementById('main');
}

describe('document title', () => {
  it("names the page after its breadcrumb's last entry, then its main heading", () => {
    expect(pageName([{ value: 'Home' }, { value: 'Rollen' }], main('Rollen'))).toBe('Rollen');
    expect(pageName([{ value: 'Home' }, { value: 'Profile' }], main('Mary Doe'))).toBe('Profile');
    expect(pageName([], main('Profile'))).toBe('Profile');
    expect(pageName([], null)).toBe('');
  });

  it('names a tab together with the heading of its parent: the role, the area', () => {
    const role = [{ value: 'Home' }, { value: 'Roles' }, { value: 'Wiki Editors' }, { value: 'Members' }];
    expect(pageName(role, main('Wiki Editors'))).toBe('Members – Wiki Editors');
    const rol = [{ value: 'Home' }, { value: 'Rollen' }, { value: 'Wiki Editors' }, { value: 'Leden' }];
    expect(pageName(rol, main('Wiki Editors'))).toBe('Leden – Wiki Editors');
    expect(pageName([{ value: 'Home' }, { value: 'System' }, { value: 'Cron' }], main('System'))).toBe(
      'Cron – System',
    );
    expect(pageName([{ value: 'Home' }, { value: 'Systeem' }, { value: 'Cron' }], main('Systeem'))).toBe(
      'Cron – Systeem',
    );
  });

  it('takes a heading that names the last entry more fully: the edit form', () => {
    const edit = [{ value: 'Home' }, { value: 'Roles' }, { value: 'Wiki Editors' }, { value: 'Edit' }];
    expect(pageName(edit, main('Edit role Wiki Editors'))).toBe('Edit role Wiki Editors');
    const bewerken = [
      { value: 'Home' },
      { value: 'Rollen' },
      { value: 'Wiki Editors' },
      { value: 'Bewerken' },
    ];
    expect(pageName(bewerken, main('Rol Wiki Editors bewerken'))).toBe('Rol Wiki Editors bewerken');
  });

  it('puts the page before the console, in the language of the page', () => {
    expect(documentTitle('Rollen', 'Toegangsportaal')).toBe('Rollen – Toegangsportaal');
    expect(documentTitle('', 'Toegangsportaal')).toBe('Toegangsportaal');
    expect(documentTitle('Access portal', 'Access portal')).toBe('Access portal');
  });
});
