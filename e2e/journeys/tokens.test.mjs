// API tokens (spec §2 "Other screens", §4 "Token creation", §5 "Token"): the super user creates a token,
// sees its secret once with a copy control, cannot save without a description, finds it in the list, and
// deletes it after confirming.
import assert from 'node:assert/strict';
import { exactly, loginAs, pageShown, text, useConsole, userMenuLinks } from '../harness/index.mjs';

const { journey } = useConsole();

/** @param {string} key @param {Record<string, string>} [values] */
const t = (key, values) => text('tokens', key, { values });

journey(
  'the super user creates an API token, sees the secret once, lists it and deletes it',
  async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginAs(page, 'admin');
    await page.getByRole('tab', { name: new RegExp(`^${t('tab')}`) }).click();
    await pageShown(page, {
      ready: (p) => p.getByRole('button', { name: exactly(t('new')) }),
      name: 'the tokens tab',
    });

    await page.getByRole('button', { name: exactly(t('new')) }).click();
    const description = page.getByLabel(t('description'), { exact: true });
    await pageShown(page, { ready: () => description, name: 'the new API token form' });

    // The description rule: Save is disabled and the error shows while the description is empty.
    const save = page.getByRole('button', { name: exactly(t('save')) });
    assert.equal(await save.isDisabled(), true, 'Save is disabled while the description is empty');
    await page.getByText(t('required')).first().waitFor({ state: 'visible' });

    // The secret is shown with a copy control that puts it on the clipboard.
    const secretField = page.getByLabel(t('secret'), { exact: true });
    const secret = (await secretField.inputValue().catch(() => secretField.innerText())).trim();
    assert.ok(secret.length >= 16, `a generated secret is shown (got ${JSON.stringify(secret)})`);
    await page.getByText(t('secretInfo')).waitFor({ state: 'visible' });
    await page
      .getByRole('button', { name: text('shared-ui', 'copy.copy', { values: { label: t('secret') } }) })
      .click();
    await page.getByText(text('shared-ui', 'copy.copied')).first().waitFor({ state: 'visible' });
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, secret, 'the copy control copies the secret');

    const name = `e2e token ${Date.now()}`;
    await description.fill(name);
    await page.getByText(t('required')).first().waitFor({ state: 'hidden' });
    assert.equal(await save.isEnabled(), true, 'Save is enabled once there is a description');
    await save.click();

    await page.getByText(t('created', { description: name })).waitFor({ state: 'visible' });
    const row = page.getByRole('row').filter({ hasText: name });
    await pageShown(page, { ready: () => row, name: 'the tokens list with the new token' });
    assert.equal(await page.getByText(secret).count(), 0, 'the secret is not shown again after saving');
    assert.equal(
      await page.evaluate(
        (s) => Array.from(document.querySelectorAll('input')).some((i) => i.value === s),
        secret,
      ),
      false,
      'no field holds the secret after saving',
    );

    // Delete, with a confirmation dialog.
    await row.getByRole('button', { name: t('deleteLabel', { description: name }) }).click();
    // A destructive confirmation may be announced as an alert dialog.
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByText(t('confirmDelete', { description: name })).waitFor({ state: 'visible' });
    await pageShown(page, { name: 'the delete-token confirmation' });
    await dialog.getByRole('button', { name: exactly(t('delete')) }).click();
    await page.getByText(t('deleted', { description: name })).waitFor({ state: 'visible' });
    await row.waitFor({ state: 'detached' });
  },
  { timeout: 180_000 },
);

journey('a manager opens the tokens page from the user menu', async ({ page }) => {
  await loginAs(page, 'manager');
  const links = await userMenuLinks(page);
  assert.ok(links.includes(t('menuLink')), `the user menu has ${t('menuLink')}`);
  await page.getByRole('link', { name: exactly(t('menuLink')) }).click();
  await page.waitForURL('**/tokens');
  await pageShown(page, {
    ready: (p) => p.getByRole('button', { name: exactly(t('new')) }),
    name: 'the tokens page of a manager',
  });
});
