// Roles remote, the members' journeys (spec §2 Role detail, Inviter home; §4 user role end date): a manager
// changes a guest's end date, clears a maintainer's and removes two guests at once; an inviter goes from a
// card on its home to the role page.
import { exactly, loginAs, pageShown, text, useConsole } from '../harness/index.mjs';

const { journey } = useConsole();

/** @param {string} key @param {Record<string, string | number>} [values] */
const t = (key, values) => text('roles', key, { values });

/** @param {import('playwright-core').Page} page @param {string} message */
const flashed = (page, message) =>
  page.getByText(message, { exact: true }).first().waitFor({ state: 'visible' });

/** dd/MM/yyyy, `days` from today. */
function daysAhead(/** @type {number} */ days) {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

journey('a manager changes and clears end dates and removes two guests at once', async ({ page }) => {
  await loginAs(page, 'manager');
  await page.getByRole('row').filter({ hasText: 'Research Wiki Editors' }).click();
  const guests = page.getByRole('heading', { name: new RegExp(`^${t('guestsTitle')}`) });
  await pageShown(page, { ready: () => guests, name: 'the guests tab of a role' });

  // A guest's end date: changed after confirming.
  const anna = page.getByRole('row').filter({ hasText: 'Anna de Vries' });
  await anna.getByRole('button', { name: t('endDateEditFor', { name: 'Anna de Vries' }) }).click();
  const dialog = page.getByRole('dialog', { name: t('endDateTitle') });
  const date = daysAhead(60);
  const input = dialog.getByLabel(t('endDateLabel'));
  await input.fill(date);
  await input.press('Enter');
  await dialog.getByText(t('endDateQuestion', { name: 'Anna de Vries', date })).waitFor({ state: 'visible' });
  await pageShown(page, { name: 'the end-date dialog' });
  await dialog.getByRole('button', { name: exactly(t('endDateChange')) }).click();
  await flashed(page, t('endDateChanged', { name: 'Anna de Vries' }));
  await anna.getByText(date).waitFor({ state: 'visible' });

  // A maintainer's end date: cleared, with its own question.
  await page.getByRole('tab', { name: exactly(t('tabMaintainers')) }).click();
  const kim = page.getByRole('row').filter({ hasText: 'Kim Vos' });
  await pageShown(page, { ready: () => kim, name: 'the maintainers tab' });
  await kim.getByRole('button', { name: t('endDateEditFor', { name: 'Kim Vos' }) }).click();
  await page.getByRole('button', { name: exactly(t('endDateRemove')) }).click();
  const clear = page.getByRole('alertdialog', { name: t('endDateClearTitle') });
  await clear.getByText(t('endDateClearQuestion', { name: 'Kim Vos' })).waitFor({ state: 'visible' });
  await clear.getByRole('button', { name: exactly(t('endDateClear')) }).click();
  await flashed(page, t('endDateCleared', { name: 'Kim Vos' }));
  await kim.getByText(t('noEndDate')).waitFor({ state: 'visible' });

  // Two guests removed at once.
  await page.getByRole('tab', { name: exactly(t('tabGuests')) }).click();
  await anna.waitFor({ state: 'visible' });
  const gina = page.getByRole('row').filter({ hasText: 'Gina Guest' });
  // The checkbox's look lives on its label (SDS hides the native box): click that, as a person would.
  await anna.locator('label').first().click();
  await gina.locator('label').first().click();
  await page.getByRole('button', { name: exactly(t('deleteSelected_other', { count: 2 })) }).click();
  const remove = page.getByRole('alertdialog', { name: t('deleteUserRolesTitle_other') });
  await remove
    .getByText(t('deleteUserRolesQuestion_other', { count: 2, role: 'Research Wiki Editors' }))
    .waitFor();
  await remove.getByRole('button', { name: exactly(t('delete')) }).click();
  await flashed(page, t('userRolesDeleted_other', { count: 2 }));
  await anna.waitFor({ state: 'detached' });
  await gina.waitFor({ state: 'detached' });
});

journey('an inviter goes from a card on its home to the role page', async ({ page }) => {
  await loginAs(page, 'inviter');
  const cards = page.getByRole('heading', { level: 3 });
  await pageShown(page, { ready: () => cards, name: 'the inviter home' });
  await page.getByRole('link', { name: t('roleDetailsOf', { name: 'Research Wiki Editors' }) }).click();
  await pageShown(page, {
    ready: (p) => p.getByText(t('inviterRoleInfo')),
    name: "the inviter's role page",
  });
  await page.getByRole('link', { name: t('contactAdmins') }).waitFor({ state: 'visible' });
  await page.getByRole('button', { name: exactly(t('newGuest')) }).waitFor({ state: 'visible' });
  await page.getByRole('tab', { name: exactly(t('tabGuests')) }).waitFor({ state: 'visible' });
});
