// Issue 44, with the keyboard alone: a skip link past the header, the user menu as a disclosure, a role
// form that says what is missing, and focus that lands on something that makes sense (the list's heading,
// the next page's heading) after every dialog and page change — never on <body>. Every move is a key press
// (or an address typed in); nothing is clicked.
import assert from 'node:assert/strict';
import { eventually, exactly, loginAs, pageShown, text, useConsole } from '../harness/index.mjs';

const { journey } = useConsole();

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */

/**
 * Presses Tab until `target` has focus; returns how many presses it took. Fails when it is not reached.
 * @param {Page} page
 * @param {Locator} target
 * @param {{ max?: number }} [options]
 */
async function tabTo(page, target, { max = 60 } = {}) {
  const element = await target.elementHandle();
  if (!element) throw new Error('The element to tab to is not on the page.');
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await element.evaluate((node) => node === document.activeElement)) return presses;
  }
  throw new Error(
    `Not reached with ${max} presses of Tab: ${await element.evaluate((n) => n.outerHTML.slice(0, 200))}`,
  );
}

/** What has focus: its tag and its accessible text (aria-label, else its text). */
async function focused(/** @type {Page} */ page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { tag: 'body', text: '' };
    const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
    return { tag: element.tagName.toLowerCase(), text: label.replace(/\s+/g, ' ').trim() };
  });
}

/**
 * Waits until focus rests on a heading whose text matches `name` (after a dialog closed or the page
 * changed, focus must not stay on <body>).
 * @param {Page} page
 * @param {RegExp} name
 * @param {string} after what just happened, for the failure message
 */
async function focusLandsOnHeading(page, name, after) {
  await eventually(
    async () => {
      const now = await focused(page);
      assert.ok(
        /^h[1-3]$/.test(now.tag),
        `after ${after}, focus is on <${now.tag}> "${now.text}", not a heading`,
      );
      assert.match(now.text, name, `after ${after}, focus is on the heading "${now.text}"`);
    },
    { timeoutMs: 10_000 },
  );
}

const roles = (/** @type {string} */ key, /** @type {Record<string, string>} */ values = {}) =>
  text('roles', key, { values });
const invitations = (/** @type {string} */ key, /** @type {Record<string, string>} */ values = {}) =>
  text('invitations', key, { values });
const tokens = (/** @type {string} */ key, /** @type {Record<string, string>} */ values = {}) =>
  text('tokens', key, { values });
const headingOf = (/** @type {string} */ title) =>
  new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

journey(
  'a manager skips the header, walks the user menu, and reaches the first role by a link',
  async ({ page }) => {
    await loginAs(page, 'manager');
    await page.getByRole('main').getByRole('link', { name: 'Research Wiki Editors', exact: true }).waitFor();
    // The first Tab of the page is the skip link; it takes focus to the page's heading.
    await page.keyboard.press('Tab');
    assert.deepEqual(await focused(page), { tag: 'a', text: text('shell', 'skipToContent') });
    await page.keyboard.press('Enter');
    const afterSkip = await focused(page);
    assert.ok(
      afterSkip.tag === 'main' || /^h[1-3]$/.test(afterSkip.tag),
      `the skip link led to <${afterSkip.tag}>`,
    );
    // From there the first role is a few Tabs away (it took 14 from the top of the page), and it is a link.
    const firstRole = page
      .getByRole('main')
      .getByRole('link', { name: 'Research Wiki Editors', exact: true });
    const presses = await tabTo(page, firstRole, { max: 10 });
    assert.ok(presses <= 10, `${presses} Tabs from the content to the first role`);
    assert.equal(await firstRole.getAttribute('href'), '/roles/1');

    // The user menu is a disclosure: Enter opens it, Tab walks its links, Escape closes it on its button.
    await page.goto('/home');
    await pageShown(page, {
      ready: (p) => p.getByRole('main').getByRole('link', { name: 'Research Wiki Editors' }),
    });
    const menuButton = page.getByRole('banner').locator('button[aria-expanded]');
    assert.equal(await menuButton.getAttribute('aria-haspopup'), null, 'no menu is announced');
    assert.equal(await menuButton.getAttribute('aria-controls'), null, 'it names no list while closed');
    await tabTo(page, menuButton, { max: 15 });
    await page.keyboard.press('Enter');
    assert.equal(await menuButton.getAttribute('aria-expanded'), 'true');
    const list = page.locator(`[id="${await menuButton.getAttribute('aria-controls')}"]`);
    await list.waitFor();
    await page.keyboard.press('Tab');
    const inMenu = await focused(page);
    assert.equal(inMenu.tag, 'a', 'Tab goes to the first link of the menu');
    assert.ok(
      await list.getByRole('link', { name: exactly(inMenu.text) }).count(),
      `"${inMenu.text}" is in the menu`,
    );
    await page.keyboard.press('Escape');
    assert.equal(await menuButton.getAttribute('aria-expanded'), 'false');
    assert.equal(
      await menuButton.evaluate((node) => node === document.activeElement),
      true,
      'focus is back on the button',
    );
  },
);

journey(
  'a manager deletes a member and revokes an invitation; focus goes to the list each time',
  async ({ page }) => {
    await loginAs(page, 'manager');
    await page.goto('/roles/1');
    const guestsTitle = roles('guestsTitle');
    await pageShown(page, {
      ready: (p) => p.getByRole('heading', { name: headingOf(guestsTitle) }),
      name: 'the guests',
    });
    const remove = page.getByRole('button', { name: roles('deleteUserRoleFor', { name: 'Gina Guest' }) });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    assert.equal(
      await dialog.evaluate((node) => node.contains(document.activeElement)),
      true,
      'focus is in the dialog',
    );
    await tabTo(page, dialog.getByRole('button', { name: exactly(roles('delete')) }), { max: 5 });
    await page.keyboard.press('Enter');
    await remove.waitFor({ state: 'detached' });
    await focusLandsOnHeading(page, headingOf(guestsTitle), 'deleting a member');

    // The invitations tab: arrow keys move between the tabs; revoke the first open invitation.
    await page.goto('/roles/1/invitations');
    await pageShown(page, {
      ready: (p) => p.getByRole('button', { name: /^Revoke the invitation to / }).first(),
    });
    const revoke = page.getByRole('button', { name: /^Revoke the invitation to / }).first();
    const email = ((await revoke.getAttribute('aria-label')) ?? '').replace(/^Revoke the invitation to /, '');
    await tabTo(page, revoke);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    assert.equal(
      await dialog.getByRole('heading').first().innerText(),
      invitations('list.revokeTitle_one'),
      'one invitation, a title in the singular',
    );
    await tabTo(page, dialog.getByRole('button', { name: exactly(invitations('list.revoke')) }), { max: 5 });
    await page.keyboard.press('Enter');
    await page
      .getByRole('button', { name: invitations('list.revokeOne', { email }) })
      .waitFor({ state: 'detached' });
    await focusLandsOnHeading(page, headingOf(invitations('list.title')), 'revoking an invitation');
  },
);

journey(
  'a manager sends an invitation by keyboard; focus lands on the page it leads to',
  async ({ page }) => {
    await loginAs(page, 'manager');
    await page.goto('/roles/1');
    const newInvitation = page
      .getByRole('main')
      .getByRole('button', { name: exactly(roles('newGuest')) })
      .or(page.getByRole('main').getByRole('link', { name: exactly(roles('newGuest')) }))
      .or(page.getByRole('main').getByRole('button', { name: exactly(roles('newInvitation')) }))
      .first();
    await pageShown(page, { ready: () => newInvitation, name: 'the role page' });
    await tabTo(page, newInvitation);
    await page.keyboard.press('Enter');
    const invitees = page.getByRole('textbox', { name: new RegExp(`^${invitations('form.invitees')}`) });
    await pageShown(page, { ready: () => invitees, name: 'the invitation form' });
    await tabTo(page, invitees);
    await page.keyboard.type(`keyboard.${Date.now()}@example.org`);
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: invitations('form.inviteesChosen_one', { count: '1' }) }).waitFor();
    await tabTo(page, page.getByRole('button', { name: exactly(invitations('form.invite')) }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/roles/1/invitations');
    await focusLandsOnHeading(page, /\S/, 'sending an invitation (the page changed)');
  },
);

journey('a manager saves a new API token and deletes it, by keyboard', async ({ page }) => {
  await loginAs(page, 'manager');
  await page.goto('/tokens');
  const newToken = page.getByRole('button', { name: exactly(tokens('new')) });
  await pageShown(page, { ready: () => newToken, name: 'the tokens page' });
  await tabTo(page, newToken);
  await page.keyboard.press('Enter');
  const description = page.getByLabel(tokens('description'), { exact: true });
  await description.waitFor();
  await tabTo(page, description);
  const name = `keyboard token ${Date.now()}`;
  await page.keyboard.type(name);
  await tabTo(page, page.getByRole('button', { name: exactly(tokens('save')) }));
  await page.keyboard.press('Enter');
  const remove = page.getByRole('button', { name: tokens('deleteLabel', { description: name }) });
  await remove.waitFor();
  await focusLandsOnHeading(page, headingOf(tokens('title')), 'saving a new token');

  await tabTo(page, remove);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await dialog.waitFor();
  await tabTo(page, dialog.getByRole('button', { name: exactly(tokens('delete')) }), { max: 5 });
  await page.keyboard.press('Enter');
  await remove.waitFor({ state: 'detached' });
  await focusLandsOnHeading(page, headingOf(tokens('title')), 'deleting a token');
});

journey('the new-role form tells a keyboard user what is missing when Save is pressed', async ({ page }) => {
  await loginAs(page, 'institution-admin');
  await page.goto('/role/new');
  const save = page.getByRole('button', { name: exactly(roles('save')) });
  await pageShown(page, { ready: () => save, name: 'the new role form' });
  // Leaving the name empty says so at once.
  const nameField = page.getByLabel(new RegExp(`^${roles('name')}`)).first();
  await tabTo(page, nameField);
  await page.keyboard.press('Tab');
  await page
    .getByText(text('shared-ui', 'forms.required', { values: { attribute: roles('name') } }))
    .waitFor();
  // Save can be reached although nothing can be saved yet; pressing it names what is missing.
  await tabTo(page, save);
  assert.equal(await save.getAttribute('aria-disabled'), 'true');
  await page.keyboard.press('Enter');
  const missing = roles('missingFields', {
    fields: [roles('name'), roles('description'), roles('applicationField')].join(', '),
  });
  await page.getByRole('alert').filter({ hasText: missing }).waitFor();
  assert.equal(
    await nameField.evaluate((node) => node === document.activeElement),
    true,
    'focus went to the name',
  );
  assert.equal(new URL(page.url()).pathname, '/role/new', 'nothing was saved');
});
