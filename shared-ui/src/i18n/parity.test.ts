import en from '../translations/en.json';
import nl from '../translations/nl.json';
import { assertTranslationParity } from './parity';

describe('translation parity', () => {
  it('shared-ui has every key in both languages', () => {
    expect(() => assertTranslationParity(en, nl)).not.toThrow();
  });

  it('names a key that is present in one language only', () => {
    expect(() => assertTranslationParity({ a: 'A', b: 'B' }, { a: 'A', c: 'C' })).toThrow(
      "Translations out of step: 'b' is missing in nl, 'c' is missing in en",
    );
  });

  it('names a key whose text is blank', () => {
    expect(() => assertTranslationParity({ a: 'A', b: ' ' }, { a: '', b: 'B' })).toThrow(
      "Translations out of step: 'b' is empty, 'a' is empty",
    );
  });

  it('names a counting text without plural forms, and a plural form without its _other', () => {
    expect(() =>
      assertTranslationParity(
        {
          invitees: '{{count}} invitees',
          selected: 'Selected ({{count}})',
          x_one: 'one',
          y_one: 'a',
          y_other: 'b',
        },
        {
          invitees: '{{count}} genodigden',
          selected: 'Gekozen ({{count}})',
          x_one: 'een',
          y_one: 'a',
          y_other: 'b',
        },
      ),
    ).toThrow(
      "Translations out of step: 'invitees' needs both plural forms (_one, _other), 'x_one' needs both plural forms (_one, _other)",
    );
  });

  it('keeps the catalogue texts word for word', () => {
    expect(en['search.moreResults']).toBe('There are more results than shown, please refine your search.');
    expect(en['forms.requiredEmail']).toBe('At least one email address is required');
    expect(en['tokens.required']).toBe('The description is required for an API token');
    expect(en['errorDialog.reference']).toBe('The reference number for this exception is {{reference}}');
  });
});
