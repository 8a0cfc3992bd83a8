import en from './en.json';
import nl from './nl.json';

describe('translations', () => {
  it('have the same keys in English and Dutch', () => {
    expect(Object.keys(nl).sort()).toEqual(Object.keys(en).sort());
  });

  it('have no empty texts', () => {
    for (const texts of [en, nl]) {
      expect(Object.entries(texts).filter(([, text]) => text.trim() === '')).toEqual([]);
    }
  });
});
