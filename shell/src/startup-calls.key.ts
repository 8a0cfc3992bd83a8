/** Where startup.js leaves the startup calls it began, for main.js (early-startup.ts). */
export const STARTUP_CALLS_KEY = '__portalStartupCalls';
