import { AUDIT_EVENTS, AUDIT_SUBJECT_TYPES } from 'shared-auth';
import { assertTranslationParity } from 'shared-ui/parity';
import en from './en.json';
import nl from './nl.json';

describe('system translations', () => {
  it('have the same keys in English and Dutch, and no empty text', () => {
    expect(() => assertTranslationParity(en, nl)).not.toThrow();
  });

  it("name every kind of subject and every event the audit trail's filters offer", () => {
    const texts: Record<string, string> = en;
    const missing = [
      ...AUDIT_SUBJECT_TYPES.map((kind) => `audit.kinds.${kind}`),
      ...AUDIT_EVENTS.map((event) => `audit.events.${event}`),
    ].filter((key) => !texts[key]);
    expect(missing).toEqual([]);
  });
});
