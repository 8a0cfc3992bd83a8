// The harness in one import for journeys and the benchmark.
export { assertAccessible, seriousViolations, formatViolations, AXE_ROUTE_PATH } from './axe.mjs';
export { launchBrowser, newContext, CHROMIUM_PATH } from './browser.mjs';
export { ensureBuilt } from './build.mjs';
export { startServer, freePort } from './server.mjs';
export { useConsole } from './suite.mjs';
export { text, hasText, exactly } from './texts.mjs';
export { trackRequests, waitForQuiet } from './quiet.mjs';
export {
  control,
  visit,
  pageShown,
  loginButton,
  loginAs,
  openUserMenu,
  userMenuButton,
  userMenuLinks,
  logout,
} from './ui.mjs';
export { ROOT, E2E_DIR, ARTIFACTS_DIR } from './paths.mjs';
export { eventually } from './poll.mjs';
