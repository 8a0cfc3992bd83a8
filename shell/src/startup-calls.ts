// startup.js, the page's first script, inline in index.html (webpack.config.cjs): it begins the startup calls (CSRF token,
// config, then the user) and leaves them on the window for main.js (early-startup.ts). Begun from main.js
// instead, they left only after the federation runtime in it had been evaluated, and the user's
// call, which follows the config's answer, waited for the shared libraries' evaluation too.
// It also begins the remotes' discovery (remotes/early-remotes.ts): their list and manifests, and on a
// logged-in page the preloading of their first files.
import { asResponse, beginStartupCalls, carriedAnswers } from 'shared-auth/early-calls';
import { beginRemoteDiscovery, EARLY_REMOTES_KEY } from './remotes/early-remotes';
import { STARTUP_CALLS_KEY } from './startup-calls.key';

const page = window as unknown as Record<string, unknown>;
const calls = beginStartupCalls();
page[STARTUP_CALLS_KEY] = calls;
page[EARLY_REMOTES_KEY] = beginRemoteDiscovery({
  carriedList: asResponse(carriedAnswers()?.remotes),
  loggedIn: calls.me.then((me) => me?.ok === true).catch(() => false),
});
