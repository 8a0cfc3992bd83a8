// The development mailbox: with the development identity provider and no SMTP server, the mails the
// console sends land in the outbox; the dev IdP's login page links to a page that lists them, newest
// first, and each opens with its links clickable.
import assert from 'node:assert/strict';
import { loginAs, loginButton, pageShown, text, useConsole, visit } from '../harness/index.mjs';
import { api, roleIdByName } from '../support/api.mjs';

const { journey } = useConsole();

journey(
  'an invitation mail shows in the development mailbox, and its link opens the invitation',
  async ({ page, baseUrl }) => {
    await loginAs(page, 'admin');
    const email = `mailbox.${Date.now()}@example.org`;
    const roleId = await roleIdByName(page, 'Research Wiki Editors');
    const created = await api(page, 'POST', 'invitations', {
      intendedAuthority: 'GUEST',
      invites: [email],
      roleIdentifiers: [roleId],
      message: 'See you in the wiki',
    });
    assert.equal(created.status, 201);

    // The dev IdP's login page links to the mailbox.
    await page.context().clearCookies();
    await visit(page, '/', { ready: loginButton, name: 'the landing page' });
    await loginButton(page).click();
    await page.getByLabel('Username or e-mail').waitFor();
    await page.getByRole('link', { name: 'the development mailbox' }).click();
    await pageShown(page, {
      ready: (p) => p.getByRole('heading', { name: 'Development mailbox' }),
      name: 'the development mailbox',
    });
    const first = page.getByRole('row').nth(1);
    assert.ok((await first.innerText()).includes(email), 'the newest mail is listed first');

    await first.getByRole('link').click();
    await pageShown(page, { ready: (p) => p.getByText(`To ${email}`), name: 'one mail of the mailbox' });
    const link = page.locator('pre').getByRole('link', { name: /\/invitation\/accept\?hash=/ });
    assert.ok((await link.getAttribute('href'))?.startsWith(`${baseUrl}/invitation/accept?hash=`));
    // The mail's frame lays out after the page: clicking before it settles can miss the moving link.
    await page.locator('iframe').waitFor();
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await page.waitForURL((url) => url.pathname === '/invitation/accept' && url.searchParams.has('hash'));
    await pageShown(page, {
      ready: (p) => p.getByText('See you in the wiki'),
      name: 'the invitation accept page from the mailbox',
    });
    await page.getByRole('button', { name: text('invitations', 'accept.loginToAccept') }).waitFor();
  },
);
