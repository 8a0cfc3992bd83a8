import { applicationLabel, applicationName, initials, providerTypeKey } from './role.display';

const wiki = {
  'name:en': 'Research Wiki',
  'name:nl': 'Onderzoekswiki',
  'OrganizationName:en': 'Harderwijk University',
  'OrganizationName:nl': 'Universiteit Harderwijk',
};

describe('role display', () => {
  it('names an application in the current language, with the organisation in brackets', () => {
    expect(applicationLabel(wiki, 'en')).toBe('Research Wiki (Harderwijk University)');
    expect(applicationLabel(wiki, 'nl')).toBe('Onderzoekswiki (Universiteit Harderwijk)');
  });

  it('falls back to the other language, and leaves out a missing organisation', () => {
    expect(applicationName({ 'name:en': 'Code Forge' }, 'nl')).toBe('Code Forge');
    expect(applicationName({ 'name:nl': 'Rooster' }, 'en')).toBe('Rooster');
    expect(applicationLabel({ 'name:en': 'Code Forge' }, 'en')).toBe('Code Forge');
  });

  it('makes initials for a missing logo and names the registry type', () => {
    expect(initials('research wiki editors')).toBe('RW');
    expect(initials('')).toBe('');
    expect(providerTypeKey({ type: 'oidc10_rp' })).toBe('relyingParty');
    expect(providerTypeKey({ manageType: 'saml20_sp' })).toBe('serviceProvider');
  });
});
