// "Invite" to mail: the super user sends one invitation to `count` addresses from the form; the time runs
// from the click on Invite until the last mail has reached the SMTP server inside this process.
import { performance } from 'node:perf_hooks';
import { newContext, text } from '../harness/index.mjs';
import { eventually } from '../harness/poll.mjs';
import { firstFrameSeen } from './page-load.mjs';

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseUrl
 * @param {Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>>} storageState
 * @param {{ received: Array<{ to: string[], at: number }> }} smtp
 * @param {number} count
 */
export async function inviteToMail(browser, baseUrl, storageState, smtp, count) {
  const t = (/** @type {string} */ key, /** @type {Record<string, string | number>} */ values = {}) =>
    text('invitations', key, { values });
  const context = await newContext(browser, baseUrl, { storageState });
  try {
    const page = await context.newPage();
    await page.goto('/invitation/new');
    const roles = page.getByRole('combobox', { name: `${t('form.roles')} *` });
    await roles.waitFor();
    const label = (await roles.locator('option').nth(1).textContent()) ?? '';
    await roles.selectOption({ label });
    const stamp = Date.now();
    const addresses = Array.from({ length: count }, (_, i) => `bench.${stamp}.${i}@example.org`);
    const invitees = page.getByRole('textbox', { name: new RegExp(`^${t('form.invitees')}`) });
    // Pasted as one column, the way a list comes out of a spreadsheet.
    await invitees.evaluate((element, text) => {
      const data = new DataTransfer();
      data.setData('text', text);
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, addresses.join('\n'));
    await page.getByRole('list', { name: t('form.inviteesChosen', { count }) }).waitFor();
    const wanted = new Set(addresses);
    const arrived = () => smtp.received.filter((m) => m.to.some((to) => wanted.has(to)));
    const created = t('form.created_other', { count });
    // The page's clock in the bench's (both the machine's clock, from their own time origins): the answer
    // counts until the first frame showing it, not until Playwright's next check of a locator.
    const pageOrigin = await page.evaluate(() => performance.timeOrigin);
    const clicked = performance.now();
    const clickedAt = Date.now();
    await page.getByRole('button', { name: t('form.invite') }).click();
    const shownFrame = await firstFrameSeen(page, {
      check: (/** @type {string} */ message) =>
        document.body.innerText.includes(message) && performance.now(),
      arg: created,
    });
    await page.getByText(created).waitFor({ timeout: 120_000 });
    const answeredMs = Math.round(pageOrigin + Number(shownFrame) - performance.timeOrigin - clicked);
    await eventually(
      async () => {
        if (arrived().length < count) throw new Error(`${arrived().length} of ${count} mails arrived`);
      },
      { timeoutMs: 120_000, intervalMs: 50 },
    );
    const mails = arrived();
    const first = Math.min(...mails.map((m) => m.at)) - clickedAt;
    const last = Math.max(...mails.map((m) => m.at)) - clickedAt;
    return { invitees: count, firstMailMs: first, lastMailMs: last, inviteAnsweredMs: answeredMs };
  } finally {
    await context.close();
  }
}
