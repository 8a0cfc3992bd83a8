import type { EarlyStartupCalls } from 'shared-auth/early-calls';
import { receiveEarlyStartup, takeEarlyStartup } from './early-startup';
import { STARTUP_CALLS_KEY } from './startup-calls.key';

const page = window as unknown as Record<string, unknown>;

describe('the startup calls of startup.js', () => {
  afterEach(() => {
    delete page[STARTUP_CALLS_KEY];
  });

  test('are taken off the window once, for one startup', () => {
    const calls = { csrf: Promise.resolve(), config: Promise.resolve(), me: Promise.resolve(null) };
    page[STARTUP_CALLS_KEY] = calls as unknown as EarlyStartupCalls;
    receiveEarlyStartup();
    expect(page[STARTUP_CALLS_KEY]).toBeUndefined();
    expect(takeEarlyStartup()).toBe(calls);
    // A later startup (the session reloaded) fetches anew.
    expect(takeEarlyStartup()).toBeUndefined();
  });

  test('none when startup.js did not run: the startup makes its calls itself', () => {
    receiveEarlyStartup();
    expect(takeEarlyStartup()).toBeUndefined();
  });
});
