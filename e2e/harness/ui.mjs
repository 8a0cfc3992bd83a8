// What a person does in the console, as helpers: visit a page, log in through the identity provider's form,
// open the user menu, log out. Every page visit ends with an accessibility check.
import { assertAccessible } from './axe.mjs';
import { waitForQuiet } from './quiet.mjs';
import { exactly, text } from './texts.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */

/** A button or a link with exactly this accessible name (people do not care which one it is). */
export function control(/** @type {Page | Locator} */ scope, /** @type {string} */ name) {
  return scope
    .getByRole('button', { name: exactly(name) })
    .or(scope.getByRole('link', { name: exactly(name) }));
}

/**
 * Opens `path`, waits for `ready` (a locator of the page's main content) and the page to settle, then runs
 * the accessibility check.
 * @param {Page} page
 * @param {string} path
 * @param {{ ready?: (page: Page) => Locator, name?: string }} [options]
 */
export async function visit(page, path, { ready, name = path } = {}) {
  await page.goto(path);
  await pageShown(page, { ready, name });
}

/**
 * After a navigation done by clicking: waits for the page's content and checks accessibility.
 * @param {Page} page
 * @param {{ ready?: (page: Page) => Locator, name?: string }} [options]
 */
export async function pageShown(page, { ready, name = new URL(page.url()).pathname } = {}) {
  if (ready) await ready(page).first().waitFor({ state: 'visible' });
  await waitForQuiet(page);
  await assertAccessible(page, name);
}

/** The landing page's log-in control. */
export function loginButton(/** @type {Page} */ page) {
  return control(page, text('shared-ui', 'header.login')).first();
}

/**
 * Logs in as a person would: the landing page, its Log in button, the identity provider's form (field
 * "Username or e-mail", button "Log in"), and back in the console once the home page shows.
 * @param {Page} page
 * @param {string} persona a dev persona username (admin, institution-admin, manager, inviter, guest, …)
 * @param {{ landing?: string }} [options]
 */
export async function loginAs(page, persona, { landing = '/' } = {}) {
  await visit(page, landing, { ready: loginButton, name: 'the landing page' });
  await loginButton(page).click();
  const username = page.getByLabel('Username or e-mail');
  await username.waitFor({ state: 'visible' });
  await pageShown(page, { name: "the identity provider's login page" });
  await username.fill(persona);
  await page.getByRole('button', { name: exactly('Log in') }).click();
  await page.waitForURL((url) => /^\/(home|inviter)(\/|$)/.test(url.pathname), {
    timeout: 20_000,
    waitUntil: 'commit',
  });
  await pageShown(page, { ready: (p) => p.getByRole('main'), name: `the home page of ${persona}` });
}

/** The header's user-menu button ("User menu of <name>"). */
export function userMenuButton(/** @type {Page} */ page) {
  const [before, after] = text('shell', 'header.userMenu').split('{{name}}');
  const escape = (/** @type {string} */ value) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(`^${escape(before)}.+${escape(after ?? '')}$`) });
}

/**
 * Opens the user menu; returns the element the menu button controls (aria-controls), which holds its links.
 * @param {Page} page
 */
export async function openUserMenu(page) {
  const button = userMenuButton(page);
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const id = await button.getAttribute('aria-controls');
  if (!id) throw new Error('The user-menu button has no aria-controls, so its menu cannot be found.');
  const menu = page.locator(`[id="${id}"]`);
  await menu.waitFor({ state: 'visible' });
  return menu;
}

/** The accessible names of the links in the user menu, in order. */
export async function userMenuLinks(/** @type {Page} */ page) {
  const menu = await openUserMenu(page);
  const names = await menu.getByRole('link').allInnerTexts();
  return names.map((name) => name.trim());
}

/**
 * Logs out through the user menu; resolves once the landing page shows again.
 * @param {Page} page
 */
export async function logout(page) {
  const menu = await openUserMenu(page);
  await menu.getByRole('link', { name: exactly(text('shell', 'header.logout')) }).click();
  await pageShown(page, { ready: loginButton, name: 'the landing page after logout' });
}
