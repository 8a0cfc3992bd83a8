// The startup calls leave from main.js, before the shared libraries load and run (about 100 ms here),
// and bootstrap hands their answers to shared-auth's runStartup. 'shared-auth/early-calls' is not a
// shared module: it is bundled into main.js, with no library of its own.
import { beginStartupCalls, type EarlyStartupCalls } from 'shared-auth/early-calls';

let calls: EarlyStartupCalls | undefined;

export function beginEarlyStartup(): void {
  calls = beginStartupCalls();
}

/** The calls begun for this page load, once: a later startup (after a reload of the session) fetches anew. */
export function takeEarlyStartup(): EarlyStartupCalls | undefined {
  const taken = calls;
  calls = undefined;
  return taken;
}
