// Launches Debian's Chromium through playwright-core (no downloaded browser), with the arguments that work
// headless in a container (docs/architecture.md, Build notes).
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { trackRequests } from './quiet.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium, headless; playwright gives every launch a fresh temporary profile (user data dir). */
export async function launchBrowser() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. The browser journeys need Debian's Chromium: ` +
        'run `apt-get install -y chromium` (as root), or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
}

/**
 * A fresh context: English browser language, no cache or cookies shared with other contexts. Every page
 * opened in it has its requests tracked, so that `waitForQuiet` knows when it has settled.
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseURL
 * @param {Partial<import('playwright-core').BrowserContextOptions>} [options]
 */
export async function newContext(browser, baseURL, options = {}) {
  const context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  context.on('page', trackRequests);
  return context;
}
