// startup.js, the page's first script, inline in index.html (webpack.config.cjs): it begins the startup calls (CSRF token,
// config, then the user) and leaves them on the window for main.js (early-startup.ts). Begun from main.js
// instead, they left only after the federation runtime in it had been evaluated, and the user's
// call, which follows the config's answer, waited for the shared libraries' evaluation too.
import { beginStartupCalls } from 'shared-auth/early-calls';
import { STARTUP_CALLS_KEY } from './startup-calls.key';

(window as unknown as Record<string, unknown>)[STARTUP_CALLS_KEY] = beginStartupCalls();
