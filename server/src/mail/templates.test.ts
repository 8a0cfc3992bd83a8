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
