import { documentTitle, pageName } from './document-title';

describe('document title', () => {
  it("names the page after its breadcrumb's last entry, then its main heading", () => {
    document.body.innerHTML = '<main id="main"><h1>Profile</h1></main>';
    const main = document.getElementById('main');
    expect(pageName([{ value: 'Home' }, { value: 'Rollen' }], main)).toBe('Rollen');
    expect(pageName([], main)).toBe('Profile');
    expect(pageName([], null)).toBe('');
  });

  it('puts the page before the console, in the language of the page', () => {
    expect(documentTitle('Rollen', 'Toegangsportaal')).toBe('Rollen – Toegangsportaal');
    expect(documentTitle('', 'Toegangsportaal')).toBe('Toegangsportaal');
    expect(documentTitle('Access portal', 'Access portal')).toBe('Access portal');
  });
});
