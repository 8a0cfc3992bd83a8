// The startup calls leave before the shared libraries load and run: from startup.js, the page's first
// script, inline in index.html (startup-calls.ts, built on its own, see webpack.config.cjs). bootstrap hands their answers to
// shared-auth's runStartup. A page without them (startup.js blocked or not served) has runStartup make
// the calls itself, later.
import type { EarlyStartupCalls } from 'shared-auth/early-calls';
import { EARLY_REMOTES_KEY, type EarlyRemotes } from './remotes/early-remotes';
import { STARTUP_CALLS_KEY } from './startup-calls.key';

let calls: EarlyStartupCalls | undefined;
let remotes: EarlyRemotes | undefined;

/** Takes the calls and the remotes' discovery startup.js began off the window. */
export function receiveEarlyStartup(): void {
  const page = window as unknown as Record<string, unknown>;
  calls = page[STARTUP_CALLS_KEY] as EarlyStartupCalls | undefined;
  remotes = page[EARLY_REMOTES_KEY] as EarlyRemotes | undefined;
  delete page[STARTUP_CALLS_KEY];
  delete page[EARLY_REMOTES_KEY];
}

/** The calls begun for this page load, once: a later startup (after a reload of the session) fetches anew. */
export function takeEarlyStartup(): EarlyStartupCalls | undefined {
  const taken = calls;
  calls = undefined;
  return taken;
}

/** The remotes' discovery begun for this page load, once: a later discovery (a retry) reads anew. */
export function takeEarlyRemotes(): EarlyRemotes | undefined {
  const taken = remotes;
  remotes = undefined;
  return taken;
}
