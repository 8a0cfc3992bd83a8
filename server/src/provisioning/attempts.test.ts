/**
 * What a failed delivery leads to (attempts.ts): tried again while the failure is worth retrying and
 * attempts remain; given up on the last attempt, or at once when the target refused it.
 */
import { afterFailure, backoffMs } from './attempts.js';
import { ScimError } from './scim-client.js';

const settings = { maxAttempts: 3, retryBaseMs: 1_000, retryMaxMs: 60_000 };
const busy = new ScimError('POST /Users: HTTP 503', 503, true);

describe('after a failed attempt', () => {
  it('tries again while attempts remain, with a backoff', () => {
    const first = afterFailure(busy, 0, settings);
    expect(first).toEqual({ retry: true, delayMs: expect.any(Number), status: 503, reason: busy.message });
    const second = afterFailure(busy, 1, settings);
    expect(second.retry).toBe(true);
  });

  it('gives up after the last attempt, saying how many were made', () => {
    // The third of three attempts failed: none remains.
    expect(afterFailure(busy, 2, settings)).toEqual({
      retry: false,
      status: 503,
      reason: 'gave up after 3 attempts: POST /Users: HTTP 503',
    });
    expect(afterFailure(busy, 0, { ...settings, maxAttempts: 1 })).toEqual({
      retry: false,
      status: 503,
      reason: 'gave up after 1 attempts: POST /Users: HTTP 503',
    });
  });

  it('gives up at once when the target refused, with its answer as the reason', () => {
    const refused = new ScimError('POST /Users: HTTP 400: invalidValue: bad', 400, false);
    expect(afterFailure(refused, 0, settings)).toEqual({
      retry: false,
      status: 400,
      reason: refused.message,
    });
  });

  it('tries our own failures again like a target that is down', () => {
    const outcome = afterFailure(new Error('database unavailable'), 0, settings);
    expect(outcome).toEqual({
      retry: true,
      delayMs: expect.any(Number),
      status: null,
      reason: 'internal error: database unavailable',
    });
    expect(afterFailure(new Error('database unavailable'), 2, settings)).toEqual({
      retry: false,
      status: null,
      reason: 'gave up after 3 attempts: internal error: database unavailable',
    });
  });

  it("waits as long as the target's Retry-After asks, within the base and the maximum", () => {
    const later = new ScimError('429', 429, true, 30_000);
    expect(afterFailure(later, 0, settings)).toEqual(
      expect.objectContaining({ retry: true, delayMs: 30_000 }),
    );
    expect(backoffMs(0, 1_000, 60_000, 10)).toBe(1_000);
    expect(backoffMs(0, 1_000, 60_000, 600_000)).toBe(60_000);
  });

  it('backs off exponentially from the base, jittered within a fifth, capped at the maximum', () => {
    for (let attempts = 0; attempts < 5; attempts += 1) {
      const delay = backoffMs(attempts, 1_000, 60_000);
      const exact = Math.min(1_000 * 2 ** attempts, 60_000);
      expect(delay).toBeGreaterThanOrEqual(exact * 0.8);
      expect(delay).toBeLessThanOrEqual(exact * 1.2);
    }
    expect(backoffMs(40, 1_000, 60_000)).toBeLessThanOrEqual(72_000);
    expect(backoffMs(40, 1_000, 60_000)).toBeGreaterThanOrEqual(48_000);
  });
});
