import { assertTranslationParity } from 'shared-ui/parity';
import en from './en.json';
import nl from './nl.json';

describe('invitations translations', () => {
  it('have the same keys in English and Dutch, and no empty text', () => {
    expect(() => assertTranslationParity(en, nl)).not.toThrow();
  });
});
