// The system area and the audit trail (issue 12): a super user runs the cleanup and sees what it removed;
// a manager's /system ends on /404; a role created and a guest removed both show in that role's audit
// trail with the actor's name; the performance seed shows its progress and its counts.
import assert from 'node:assert/strict';
import { after } from 'node:test';
import {
  eventually,
  exactly,
  loginAs,
  newContext,
  pageShown,
  text,
  useConsole,
  visit,
} from '../harness/index.mjs';
import { acceptLink, startSmtp } from '../support/smtp.mjs';

// The invitation's accept link (with its hash) only exists in the mail: the server sends to this one.
const smtp = await startSmtp();
after(() => smtp.close());
const { journey } = useConsole({ env: { PERFORMANCE_SEED_ALLOWED: 'true', SMTP_URL: smtp.url } });

/** @param {string} key @param {Record<string, string>} [values] */
const t = (key, values) => text('system', key, { values });

const escape = (/** @type {string} */ value) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A heading whose text has a number where `template` has N. */
const countedHeading = (/** @type {string} */ template) =>
  new RegExp(`^${template.split('N').map(escape).join('\\d+')}$`);

/**
 * A call to the API from the page's session, as the console makes it (CSRF token, JSON).
 * @param {import('playwright-core').Page} page
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 */
async function api(page, method, path, body) {
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      const { token } = await (await fetch('/api/v1/csrf')).json();
      const response = await fetch(`/api/v1/${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          'x-csrf-token': token,
          accept: 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const textBody = await response.text();
      return { status: response.status, body: textBody ? JSON.parse(textBody) : null };
    },
    { method, path, body },
  );
  assert.ok(
    answer.status < 300,
    `${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
  );
  return answer.body;
}

journey(
  'a super user runs the cleanup and the expiry notifications and sees what they did',
  async ({ page }) => {
    await loginAs(page, 'admin');
    await visit(page, '/system', {
      ready: (p) => p.getByRole('button', { name: exactly(t('cron.runCleanup')) }),
      name: 'the cron tab',
    });
    // Every tab of this remote renders its list (and passes the accessibility check) before the cleanup runs.
    for (const [tab, heading] of [
      ['unknownRoles', t('unknownRoles.title')],
      ['expiredUserRoles', t('expired.title')],
      ['expiringUserRoles', t('expiring.title')],
    ]) {
      await page.getByRole('tab', { name: exactly(t(`tab${tab[0].toUpperCase()}${tab.slice(1)}`)) }).click();
      await pageShown(page, {
        ready: (p) => p.getByRole('heading', { name: new RegExp(`^${escape(heading)} \\(\\d+\\)$`) }),
        name: `the ${tab} tab`,
      });
    }
    await page.getByRole('tab', { name: exactly(t('tabCron')) }).click();
    const tabs = await page.getByRole('tab').allTextContents();
    assert.deepEqual(tabs.slice(0, 1), [t('tabCron')], 'cron is the first tab');
    assert.ok(tabs.includes(t('tabExpiringUserRoles')), `the tabs include ${t('tabExpiringUserRoles')}`);

    await page.getByRole('button', { name: exactly(t('cron.runCleanup')) }).click();
    // The development data holds memberships that ended three days ago: the cleanup removes them.
    const removed = page.getByRole('heading', {
      name: new RegExp(`^${escape(t('cron.removedUserRoles'))} \\([1-9]`),
    });
    await pageShown(page, { ready: () => removed, name: 'the cleanup result' });
    const section = page.locator('section').filter({ has: removed });
    assert.ok((await section.getByRole('row').count()) > 1, 'the removed user roles are listed');
    await page
      .getByRole('heading', { name: new RegExp(`^${escape(t('cron.removedInvitations'))} \\(\\d+\\)$`) })
      .waitFor();

    await page.getByRole('button', { name: exactly(t('cron.runNotifications')) }).click();
    await page.getByRole('heading', { name: countedHeading(t('cron.mailsSent', { count: 'N' })) }).waitFor();
    await page.getByRole('button', { name: exactly(t('cron.clear')) }).click();
    await removed.waitFor({ state: 'detached' });

    // A second run finds nothing left to remove.
    await page.getByRole('button', { name: exactly(t('cron.runCleanup')) }).click();
    await page.getByText(t('cron.noRemovedUserRoles')).waitFor();
  },
);

journey("a manager's /system ends on /404", async ({ page }) => {
  await loginAs(page, 'manager');
  await page.goto('/system');
  await page.waitForURL((url) => url.pathname === '/404');
  await page.goto('/audit-logs');
  await page.waitForURL((url) => url.pathname === '/404');
});

journey(
  "a role created and a guest removed both show in the role's audit trail with the actor's name",
  async ({ page, browser, baseUrl }) => {
    await loginAs(page, 'admin');
    const name = `E2E trail ${Date.now()}`;
    const role = await api(page, 'POST', 'roles', {
      name,
      description: 'A role the audit trail journey creates',
      applicationUsages: [{ application: { manageId: 'app-wiki' }, landingPage: 'https://example.org/wiki' }],
    });
    // A bulk create answers a summary: the ids of the invitations it made.
    const {
      ids: [invitationId],
    } = await api(page, 'POST', 'invitations', {
      intendedAuthority: 'GUEST',
      invites: ['guest@example.org'],
      roleIdentifiers: [role.id],
      language: 'en',
    });
    // The mail's arrival, which fails the journey at its deadline naming the mail it waited for.
    const mail = await eventually(
      async () => {
        const found = smtp.mailsTo('guest@example.org').find((m) => m.raw.includes(name));
        if (!found) throw new Error(`no invitation mail to guest@example.org for the role "${name}" arrived`);
        return found;
      },
      { timeoutMs: 15_000 },
    );
    const hash = new URL(acceptLink(mail)).searchParams.get('hash');
    assert.ok(hash, 'the invitation mail has an accept link with its hash');

    // The guest accepts in a browser of their own.
    const guestContext = await newContext(browser, baseUrl);
    try {
      const guestPage = await guestContext.newPage();
      await loginAs(guestPage, 'guest');
      await api(guestPage, 'POST', 'invitations/accept', {
        hash: decodeURIComponent(hash),
        invitationId,
      });
    } finally {
      await guestContext.close();
    }

    const guests = await api(page, 'GET', `user_roles/search/${role.id}/guests?pageNumber=0&pageSize=10`);
    assert.equal(guests.content.length, 1, 'the guest holds the new role');
    await api(page, 'DELETE', `user_roles/${role.id}/${guests.content[0].id}`);

    const history = `/audit-logs/${role.id}?${new URLSearchParams({ name, back: `/roles/${role.id}` })}`;
    const removedRow = page.getByRole('row').filter({ hasText: t('audit.events.user_role.delete') });
    await visit(page, history, { ready: () => removedRow, name: "the role's audit trail" });
    await page.getByRole('heading', { name: t('auditLogsTitle', { name }) }).waitFor();
    assert.match(await removedRow.innerText(), /Ada Admin/, 'the removal names its actor');
    assert.match(await removedRow.innerText(), /Gina Guest/, 'the removal names the guest');
    const createdRow = page.getByRole('row').filter({ hasText: t('audit.events.role.create') });
    assert.match(await createdRow.innerText(), /Ada Admin/, 'the creation names its actor');
    await page
      .getByRole('row')
      .filter({ hasText: t('audit.events.invitation.accept') })
      .waitFor();

    // Filtered by action, only the removal is left; the row links to the guest's profile and the role.
    await page
      .getByLabel(t('audit.action'), { exact: true })
      .selectOption({ label: t('audit.events.user_role.delete') });
    await page.waitForURL((url) => url.searchParams.get('action') === 'user_role.delete');
    await page
      .getByRole('row')
      .filter({ hasText: t('audit.events.role.create') })
      .waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('row').count(), 2, 'one row under the header');
    assert.equal(
      await removedRow.getByRole('link', { name: name }).getAttribute('href'),
      `/roles/${role.id}`,
    );
    await pageShown(page, { name: 'the filtered audit trail' });
  },
  { timeout: 240_000 },
);

journey(
  'the performance seed shows its progress, refuses a second run, and shows its counts',
  async ({ page }) => {
    await loginAs(page, 'admin');
    const run = page.getByRole('button', { name: exactly(t('seed.run')) });
    await visit(page, '/system/seed', { ready: () => run, name: 'the seed tab' });
    await run.click();
    // Shown at once; the step follows whenever the server can answer between the seed's statements.
    await page.getByRole('progressbar').waitFor();
    await page
      .getByText(t('seed.starting'))
      .or(page.getByText(/^Step \d of 7: /))
      .first()
      .waitFor();
    await run.click();
    // The second run is refused (409) once the server can answer, while the first one still runs.
    await page
      .getByRole('alert')
      .filter({ hasText: t('seed.alreadyRunning') })
      .waitFor({ timeout: 240_000 });
    const done = page.getByRole('heading', { name: t('seed.done') });
    await done.waitFor({ timeout: 240_000 });
    const users = page
      .locator('dt', { hasText: exactly(t('seed.users')) })
      .locator('xpath=following-sibling::dd');
    assert.equal((await users.innerText()).trim(), '75,000');
    assert.match(await page.locator('dd').last().innerText(), /^\d+(\.\d)? s$/, 'the time it took');
    await pageShown(page, { name: 'the seed result' });

    // More matches than the server counts: the list says "1000+", not the server's 1001, and asks for less.
    const heading = page.getByRole('heading', { name: `${text('roles', 'usersTitle')} (1000+)` });
    await visit(page, '/home/users', {
      ready: (p) => p.getByRole('heading', { name: new RegExp(`^${text('roles', 'usersTitle')} \\(`) }),
      name: 'the users tab after the seed',
    });
    await page.getByRole('searchbox').fill('perf');
    await heading.waitFor();
    await page.getByText(text('shared-ui', 'search.moreResults')).waitFor();
  },
  { timeout: 420_000 },
);
