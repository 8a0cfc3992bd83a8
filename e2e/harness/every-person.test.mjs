// The Dutch check of issue 44 finds English where it is, and lets names, seed data and loanwords be.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { englishOnDutchPage, glossaryLoanwords, seedStrings } from './every-person.mjs';

/** A page whose visible texts are `texts` (the check reads them in the browser through evaluate). */
const pageWith = (/** @type {string[]} */ texts) =>
  /** @type {import('playwright-core').Page} */ (/** @type {unknown} */ ({ evaluate: async () => texts }));

const allowed = [...seedStrings(), ...glossaryLoanwords()];

test('the Dutch check names the English texts of a page and the words that gave them away', async () => {
  const found = await englishOnDutchPage(
    pageWith(['Gebruikersnaam bij de instelling', 'Principal name', 'Close alert', 'Rollen – Access portal']),
    { allowed },
  );
  assert.deepEqual(found, [
    '"Principal name" (principal, name)',
    '"Close alert" (close)',
    '"Rollen – Access portal" (access, portal)',
  ]);
});

test('names, seed data, addresses and the glossary loanwords are no English', async () => {
  const found = await englishOnDutchPage(
    pageWith([
      'Max Manager imiteren',
      'Research Wiki Editors',
      'Researchers who write and review pages of the research wiki.',
      'max@example.org',
      'API-token Nightly user export verwijderen',
      'Home',
      'urn:mace:surf.nl:test:research_wiki_editors',
      'Verwijder auditregels ouder dan de bewaartermijn (AUDIT_RETENTION_DAYS, minstens 90 dagen).',
    ]),
    { allowed },
  );
  assert.deepEqual(found, []);
});

test('a seed name inside a longer English text does not hide the rest of it', async () => {
  const found = await englishOnDutchPage(pageWith(['Delete Research Wiki Editors']), { allowed });
  assert.deepEqual(found, ['"Delete Research Wiki Editors" (delete)']);
});
