/** The limiter's counters' keys (plugins/credential-limiter.ts): fit for a key and a log line. */
import { isFirstOfWindow, limitKeys, printable } from './credential-limiter.js';

describe("the credential limiter's keys", () => {
  it('name the account, the address or the token owner they count', () => {
    expect(limitKeys.account('voot')).toBe('failed:basic:voot');
    expect(limitKeys.address('192.0.2.1')).toBe('failed:address:192.0.2.1');
    expect(limitKeys.owner(42)).toBe('calls:owner:42');
  });

  it('hold no control characters and at most 100 characters of what was sent', () => {
    expect(printable('a\u0000b\nc\u001fd\u007fe\u0020f~')).toBe('a?b?c?d?e f~');
    expect(printable('x'.repeat(150))).toBe('x'.repeat(100));
    expect(printable('abcdef', 3)).toBe('abc');
    expect(limitKeys.account(`evil\r\n${'y'.repeat(200)}`)).toBe(`failed:basic:evil??${'y'.repeat(94)}`);
  });

  it('only a 429 the limiter marked is the first of its window', () => {
    for (const value of [null, undefined, 'error', 429, {}, new Error('429')]) {
      expect(isFirstOfWindow(value)).toBe(false);
    }
  });
});
