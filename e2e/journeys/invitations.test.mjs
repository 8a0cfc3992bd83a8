// Invitations (spec §2 Invitation form and accept page, §4 acceptance flow, §8 dialogs), with a real SMTP
// server inside the test: the admin invites from the form, the mail arrives, its link is opened in a fresh
// browser, the invitee logs in through the real login page and lands home with the role. Also: the 412
// dialog, an expired invitation, resend and revoke of a selection, and the progress of a bulk invitation.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after } from 'node:test';
import {
  ARTIFACTS_DIR,
  assertAccessible,
  eventually,
  exactly,
  freePort,
  loginAs,
  newContext,
  pageShown,
  text,
  useConsole,
  visit,
} from '../harness/index.mjs';
import { api, roleIdByName } from '../support/api.mjs';
import { acceptLink, startSmtp } from '../support/smtp.mjs';

const smtp = await startSmtp(await freePort());
after(() => smtp.close());
// PAST_DATE_ALLOWED lets a journey create an invitation that has expired already.
const { journey } = useConsole({ env: { SMTP_URL: smtp.url, PAST_DATE_ALLOWED: 'true' } });

/** @param {string} key @param {Record<string, string | number>} [values] */
const t = (key, values) => text('invitations', key, { values });
const WIKI = 'Research Wiki Editors';
const unique = (/** @type {string} */ who) => `${who}.${Date.now()}@example.org`;

/**
 * The admin's invitation form with the wiki role chosen and these addresses entered (not sent).
 * @param {import('playwright-core').Page} page
 * @param {string[]} emails
 */
async function openFormFor(page, emails) {
  await visit(page, '/invitation/new', {
    ready: (p) => p.getByRole('heading', { name: t('invitationNewTitle') }),
    name: 'the invitation form',
  });
  const roles = page.getByRole('combobox', { name: `${t('form.roles')} *` });
  const option = roles.locator('option', { hasText: WIKI });
  await roles.selectOption({ label: (await option.textContent()) ?? WIKI });
  const invitees = page.getByRole('textbox', { name: new RegExp(`^${t('form.invitees')}`) });
  await invitees.fill(emails.join(', '));
  await invitees.press('Enter');
  await page.getByRole('list', { name: t('form.inviteesChosen', { count: emails.length }) }).waitFor();
}

/**
 * The admin's invitation form, filled in and sent for one address on the wiki role.
 * @param {import('playwright-core').Page} page
 * @param {string} email
 * @param {{ enforceEmail?: boolean }} [options]
 */
async function inviteFromForm(page, email, { enforceEmail = false } = {}) {
  await openFormFor(page, [email]);
  await page.getByLabel(t('form.message')).fill('Welcome to the wiki!');
  if (enforceEmail) {
    await page.getByRole('button', { name: t('form.showAdvanced') }).click();
    await page.getByRole('switch', { name: t('form.enforceEmailEquality') }).click();
  }
  await pageShown(page, { name: 'the filled-in invitation form' });
  await page.getByRole('button', { name: exactly(t('form.invite')) }).click();
  await page.getByText(t('form.created_one')).waitFor({ state: 'visible' });
}

/** Opens the accept link in a fresh browser (no session) and logs in there as `login`. */
async function acceptAs(
  /** @type {import('playwright-core').Browser} */ browser,
  /** @type {string} */ baseUrl,
  /** @type {string} */ link,
  /** @type {string} */ login,
) {
  const context = await newContext(browser, baseUrl);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto(link);
  await pageShown(page, {
    ready: (p) => p.getByRole('heading', { name: t('acceptTitle') }),
    name: 'the invitation accept page',
  });
  await page.getByText('Welcome to the wiki!').waitFor();
  await page.getByRole('button', { name: exactly(t('accept.loginToAccept')) }).click();
  const username = page.getByLabel('Username or e-mail');
  await username.waitFor({ state: 'visible' });
  await username.fill(login);
  await page.getByRole('button', { name: exactly('Log in') }).click();
  return { context, page };
}

journey(
  'an admin invites a new person; the mail’s link, a login and the new role at home; the admin sees the guest',
  async ({ page, browser, baseUrl }) => {
    await loginAs(page, 'admin');
    const email = unique('new.person');
    const started = Date.now();
    await inviteFromForm(page, email);
    const roleId = await roleIdByName(page, WIKI);
    await page.waitForURL(`**/roles/${roleId}/invitations`);
    // The role page's invitations tab (contributed by this remote to the roles remote's page) lists it.
    await page.getByRole('row').filter({ hasText: email }).first().waitFor();

    const mail = await smtp.waitForMail(email);
    assert.ok(mail.at >= started, 'the mail arrived after Invite');
    assert.match(mail.raw, /Content-Type: text\/html/i);
    assert.match(mail.raw, /Content-Type: text\/plain/i);
    assert.ok(mail.raw.includes(WIKI), 'the mail names the role');
    assert.ok(mail.raw.includes('Welcome to the wiki!'), 'the mail carries the message');
    const link = acceptLink(mail);
    assert.ok(link.startsWith(`${baseUrl}/invitation/accept?hash=`), `the link is on PUBLIC_URL: ${link}`);

    const invitee = await acceptAs(browser, baseUrl, link, email);
    try {
      await invitee.page.waitForURL((url) => url.pathname === '/home' || url.pathname.startsWith('/home/'), {
        timeout: 20_000,
      });
      const me = await eventually(async () => {
        const answer = await api(invitee.page, 'GET', 'users/me');
        assert.ok(answer.body.userRoles.some((/** @type {any} */ ur) => ur.role.name === WIKI));
        return answer.body;
      });
      assert.equal(me.email, email);
      await pageShown(invitee.page, { ready: (p) => p.getByRole('main'), name: 'the invitee’s home' });
      // Back on the link: the invitation is used up, a logged-in invitee goes home (spec §8, 409).
      await invitee.page.goto(link);
      await invitee.page.waitForURL((url) => url.pathname.startsWith('/home'));
    } finally {
      await invitee.context.close();
    }

    const guests = await api(
      page,
      'GET',
      `user_roles/search/${roleId}/guests?query=${encodeURIComponent(email)}`,
    );
    assert.equal(guests.status, 200);
    assert.deepEqual(
      guests.body.content.map((/** @type {any} */ g) => g.email ?? g.userInfo?.email),
      [email],
      'the admin sees the new guest on the role',
    );
    // And on the role page's guests tab.
    await visit(page, `/roles/${roleId}/guests`, {
      ready: (p) => p.getByRole('row').filter({ hasText: email }).first(),
      name: 'the role page with the new guest',
    });
    // And the invitation shows as accepted in the admin's own list.
    await visit(page, '/invitation/mine', {
      ready: (p) => p.getByRole('heading', { name: t('mineTitle') }),
      name: 'my invitations',
    });
    await page.getByLabel(t('list.filterLabel')).selectOption('accepted');
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByText(t('list.statusACCEPTED')).waitFor();
  },
  { timeout: 180_000 },
);

journey(
  'a login with another e-mail address gets the 412 dialog, whose Log in starts login again',
  async ({ page, browser, baseUrl }) => {
    await loginAs(page, 'admin');
    const email = unique('exact.person');
    await inviteFromForm(page, email, { enforceEmail: true });
    const link = acceptLink(await smtp.waitForMail(email));

    const other = await acceptAs(browser, baseUrl, link, unique('someone.else'));
    try {
      const dialog = other.page.getByRole('alertdialog');
      await dialog.waitFor({ state: 'visible', timeout: 20_000 });
      await dialog.getByText(t('accept.wrongEmail', { email })).waitFor();
      await pageShown(other.page, { name: 'the 412 dialog' });
      // The invitation stays visible behind the dialog: no loader, no blank page (issue 42, item 4).
      await other.page.getByText('Welcome to the wiki!').waitFor({ state: 'visible' });
      assert.equal(await other.page.locator('.ui-loader').count(), 0);
      await other.page.screenshot({
        path: path.join(ARTIFACTS_DIR, 'issue42-412-dialog.png'),
        fullPage: true,
      });
      await dialog.getByRole('button', { name: exactly(t('accept.login')) }).click();
      await other.page.getByLabel('Username or e-mail').waitFor({ state: 'visible' });
    } finally {
      await other.context.close();
    }
  },
);

journey(
  'an expired invitation says when it expired and offers no login',
  async ({ page, browser, baseUrl }) => {
    await loginAs(page, 'admin');
    const email = unique('late.person');
    const roleId = await roleIdByName(page, WIKI);
    const yesterday = Math.floor(Date.now() / 1000) - 86_400;
    const created = await api(page, 'POST', 'invitations', {
      intendedAuthority: 'GUEST',
      invites: [email],
      roleIdentifiers: [roleId],
      expiryDate: yesterday,
    });
    assert.equal(created.status, 201);
    const link = acceptLink(await smtp.waitForMail(email));
    const context = await newContext(browser, baseUrl);
    try {
      const visitor = await context.newPage();
      await visitor.goto(link);
      const d = new Date(yesterday * 1000);
      const date = `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
      await pageShown(visitor, {
        ready: (p) => p.getByText(t('accept.expired', { date })),
        name: 'an expired invitation',
      });
      assert.equal(
        await visitor.getByRole('button', { name: exactly(t('accept.loginToAccept')) }).count(),
        0,
      );
    } finally {
      await context.close();
    }
  },
);

/** The admin's own invitations, showing every status. */
async function myInvitations(/** @type {import('playwright-core').Page} */ page) {
  await visit(page, '/invitation/mine', {
    ready: (p) => p.getByRole('heading', { name: t('mineTitle') }),
    name: 'my invitations',
  });
  await page.getByRole('row').nth(1).waitFor();
}

journey('resend mails the invitation again', async ({ page }) => {
  await loginAs(page, 'admin');
  const email = unique('resend.person');
  await inviteFromForm(page, email);
  await smtp.waitForMail(email);
  await myInvitations(page);
  await page.getByRole('button', { name: t('list.resendOne', { email }) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(t('list.confirmResend_one', { subject: email })).waitFor();
  await pageShown(page, { name: 'the resend confirmation' });
  await dialog.getByRole('button', { name: exactly(t('list.resend')) }).click();
  await page.getByText(t('list.resent_one')).waitFor({ state: 'visible' });
  const second = await smtp.waitForMail(email, { count: 2 });
  assert.equal(acceptLink(second), acceptLink(smtp.mailsTo(email)[0]), 'the same link is mailed again');
});

journey('revoking a selection asks first, then removes the invitations', async ({ page }) => {
  await loginAs(page, 'admin');
  const first = unique('revoke.one');
  const second = unique('revoke.two');
  const roleId = await roleIdByName(page, WIKI);
  const created = await api(page, 'POST', 'invitations', {
    intendedAuthority: 'GUEST',
    invites: [first, second],
    roleIdentifiers: [roleId],
  });
  assert.deepEqual(created.body.created, 2);
  const found = async () =>
    (await api(page, 'GET', `invitations/search?query=revoke&status=all&pageSize=50`)).body.content
      .map((/** @type {any} */ i) => i.email)
      .filter((/** @type {string} */ email) => [first, second].includes(email)).length;
  assert.equal(await found(), 2, 'the server finds both invitations by a word of their address');
  await myInvitations(page);
  for (const email of [first, second]) {
    // The checkbox's look is its label (the design system hides the native box), so that is what is clicked.
    const row = page.getByRole('row').filter({ hasText: email });
    await row.locator('label[for]').first().click();
    assert.equal(await row.getByRole('checkbox').isChecked(), true);
  }
  await page.getByRole('button', { name: t('list.revokeSelected', { count: 2 }) }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(t('list.confirmRevoke_other', { count: 2 })).waitFor();
  await dialog.getByRole('button', { name: exactly(t('list.revoke')) }).click();
  await page.getByText(t('list.revoked_other', { count: 2 })).waitFor({ state: 'visible' });
  for (const email of [first, second]) {
    await page.getByRole('row').filter({ hasText: email }).waitFor({ state: 'detached' });
  }
  assert.equal(await found(), 0, 'the server has no such invitations any more');
});

journey('a bulk invitation shows its progress from the server until the create answers', async ({ page }) => {
  await loginAs(page, 'admin');
  const stamp = Date.now();
  const emails = Array.from({ length: 60 }, (_, i) => `bulk.${i}.${stamp}@example.org`);
  // The create's answer is held back until the bar has been seen: the server has done all the work by
  // then, and the bar shows what its progress call reports. No race against a timer.
  /** @type {(value?: unknown) => void} */
  let release = () => undefined;
  const released = new Promise((resolve) => {
    release = resolve;
  });
  /** @type {string | null} */
  let sentKey = null;
  await page.route('**/api/v1/invitations', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    sentKey = (await route.request().allHeaders())['x-progress-id'] ?? null;
    const response = await route.fetch();
    await released;
    await route.fulfill({ response });
  });
  await openFormFor(page, emails);
  await page.getByRole('button', { name: exactly(t('form.invite')) }).click();

  const bar = page.getByRole('progressbar', { name: t('form.progress.mailing', { done: 60, total: 60 }) });
  await bar.waitFor({ state: 'visible', timeout: 15_000 });
  assert.match(String(sentKey), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.equal(await bar.getAttribute('value'), '120');
  assert.equal(await bar.getAttribute('max'), '120');
  await assertAccessible(page, 'the invitation form with its progress bar');
  release();
  await page.getByText(t('form.created_other', { count: 60 })).waitFor({ state: 'visible' });
  assert.equal(await page.getByRole('progressbar').count(), 0, 'the bar is gone once the create answered');
  await smtp.waitForMail(emails[59]);
});
