import { invitationMail } from './templates.js';

const input = {
  inviterName: 'Max Manager',
  authority: 'guest',
  roles: [{ name: 'Wiki Editors', applications: ['Research Wiki'] }],
  message: 'Welcome <b>aboard</b>',
  acceptUrl: 'https://portal.example.org/invitation/accept?hash=abc_123',
  expiryDate: new Date(Date.UTC(2027, 0, 31, 12)),
};

describe('the invitation mail', () => {
  it('renders in the layout mail clients keep: tables, inline styles, no scripts or style blocks', () => {
    const { html } = invitationMail({ ...input, language: 'en' });
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<table role="presentation"');
    expect(html).not.toMatch(/<script|<style|<link|class=/i);
    expect(html).not.toMatch(/display:\s*(flex|grid)/);
    expect(html).toContain('lang="en"');
  });

  it('names the inviter, roles, applications, message, expiry and the accept link, in English', () => {
    const { subject, html, text } = invitationMail({ ...input, language: 'en' });
    expect(subject).toBe('Max Manager invites you to the access portal');
    for (const body of [html, text]) {
      expect(body).toContain('Max Manager has invited you as guest for the following roles:');
      expect(body).toContain('Wiki Editors');
      expect(body).toContain('Research Wiki');
      expect(body).toContain('This invitation is valid until 31/01/2027.');
      expect(body).toContain(input.acceptUrl);
    }
    expect(text).toContain('Welcome <b>aboard</b>');
    expect(html).toContain('Welcome &lt;b&gt;aboard&lt;/b&gt;');
    expect(html).toContain(`href="${input.acceptUrl}"`);
  });

  it('speaks Dutch for a Dutch invitation', () => {
    const { subject, html, text } = invitationMail({ ...input, language: 'nl', authority: 'gast' });
    expect(subject).toBe('Max Manager nodigt je uit voor het toegangsportaal');
    expect(text).toContain('Max Manager heeft je uitgenodigd als gast voor de volgende rollen:');
    expect(html).toContain('Uitnodiging accepteren');
    expect(html).toContain('lang="nl"');
    expect(text).toContain('Deze uitnodiging is geldig tot en met 31/01/2027.');
  });
});

describe('the invitation mail says how to log in and for how long (issue 52)', () => {
  const roles = [
    {
      name: 'Wiki Editors',
      applications: ['Research Wiki'],
      period: { until: new Date(Date.UTC(2027, 5, 30)) },
    },
    { name: 'Lab Guests', applications: [], period: { days: 30 } },
    { name: 'Forever', applications: [], period: { unlimited: true as const } },
  ];

  it('states each role’s access period, in English and in Dutch', () => {
    const en = invitationMail({ ...input, roles, language: 'en' });
    for (const body of [en.html, en.text]) {
      expect(body).toContain('Access until 30/06/2027');
      expect(body).toContain('Access for 30 days after you accept');
      expect(body).toContain('Access without an end date');
    }
    const nl = invitationMail({ ...input, roles, language: 'nl', authority: 'gast' });
    expect(nl.text).toContain('Toegang tot en met 30/06/2027');
    expect(nl.text).toContain('Toegang gedurende 30 dagen nadat je accepteert');
    expect(nl.text).toContain('Toegang zonder einddatum');
    const none = invitationMail({ ...input, roles: [], language: 'en', authority: 'super user' });
    expect(none.text).toContain('Access without an end date');
  });

  it('tells an eduID-only invitee to log in with eduID, and no one else', () => {
    const en = invitationMail({ ...input, eduIDOnly: true, language: 'en' });
    expect(en.text).toContain('Log in with eduID to accept this invitation');
    expect(en.html).toContain('Log in with eduID to accept this invitation');
    expect(invitationMail({ ...input, eduIDOnly: true, language: 'nl' }).text).toContain(
      'Log in met eduID om deze uitnodiging te accepteren',
    );
    expect(invitationMail({ ...input, language: 'en' }).text).not.toContain('eduID');
  });

  it('heads the mail with the inviting institution’s logo when there is one', () => {
    const logo = {
      url: 'https://portal.example.org/registry/logos/idp-harderwijk.svg',
      name: 'Universiteit Harderwijk',
    };
    const { html } = invitationMail({ ...input, logo, language: 'en' });
    expect(html).toContain(`<img src="${logo.url}" alt="Universiteit Harderwijk"`);
    expect(html.indexOf('<img')).toBeLessThan(html.indexOf('has invited you'));
    expect(invitationMail({ ...input, language: 'en' }).html).not.toContain('<img');
  });
});
