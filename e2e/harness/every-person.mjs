// Checks of issue 44 ("every person, every device"): no page wider than a phone's screen, and no English on a
// Dutch page beyond the names, the development seed's data and the loanwords that docs/glossary.md lists.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths.mjs';

/** @typedef {import('playwright-core').Page} Page */

/**
 * How far the document is wider than the screen, and the outermost elements that stick out (those not
 * inside a box that scrolls or clips them). An empty `culprits` and `overflow` 0 is a page that fits.
 * @param {Page} page
 */
export async function horizontalOverflow(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const overflow = document.documentElement.scrollWidth - width;
    /** @type {string[]} */
    const culprits = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      let contained = false;
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        const { overflowX } = getComputedStyle(parent);
        if (overflowX !== 'visible') {
          contained = true;
          break;
        }
        // Report the outermost element only.
        if (parent.getBoundingClientRect().right > width + 1) {
          contained = true;
          break;
        }
      }
      if (contained) continue;
      const name = element.getAttribute('class') || element.getAttribute('id') || '';
      culprits.push(`<${element.tagName.toLowerCase()} ${name}> right edge ${Math.round(box.right)} px`);
    }
    return { width, overflow, culprits: culprits.slice(0, 8) };
  });
}

// Words of English that are not also Dutch words (so "in", "is", "was", "of", "at", "die" are missing).
const ENGLISH = new Set(
  `the and to with your you are not this that these those for from by has have been were will can may must
   should would could which what who whom when where there their they them our it its if or no yes on off
   up out how does about all any each every more less than then only also other others here please
   click close select selected row rows search new save cancel delete remove edit history invite invites
   invited invitation invitations invitee invitees inviter inviters user users role roles member members
   manager managers guest guests application applications organisation organization name description date
   end expiry expires expired pending accepted settings advanced show hide loading failed error missing
   required invalid valid back next previous page profile logout login system change changes changed
   created updated deleted sent send resend revoke revoked impersonate impersonating impersonation
   principal copy copied days day until after before welcome switch language unknown unavailable retry try
   again access portal people work works owner never used last first`
    .split(/\s+/)
    .filter(Boolean),
);

/** The loanwords of docs/glossary.md (between its `loanwords: begin` and `loanwords: end` markers). */
export function glossaryLoanwords() {
  const text = readFileSync(join(ROOT, 'docs/glossary.md'), 'utf8');
  const match = /<!-- loanwords: begin -->([\s\S]*?)<!-- loanwords: end -->/.exec(text);
  if (!match) throw new Error('docs/glossary.md lists no loanwords (its loanwords markers are missing).');
  return match[1]
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
}

/**
 * The development data the pages show as it is (names of people, roles, applications, descriptions): the
 * seed's and the registry's strings, and the personas' full names.
 */
export function seedStrings() {
  const seed = ['dev-seed.data.ts', 'dev-seed.ts']
    .map((file) => readFileSync(join(ROOT, 'server/src/dev/seed', file), 'utf8'))
    .join('\n');
  const personas = readFileSync(join(ROOT, 'server/src/dev/idp/personas.ts'), 'utf8');
  /** @type {string[]} */
  const strings = [];
  for (const [, value] of seed.matchAll(/'([^'\n]{3,})'/g)) strings.push(value);
  for (const [, given, family, description] of personas.matchAll(
    /person\('[\w-]+', '([^']+)', '([^']+)', '([^']+)'/g,
  ))
    strings.push(`${given} ${family}`, description);
  /** @param {unknown} node */
  const walk = (node) => {
    if (typeof node === 'string' && node.length >= 3) strings.push(node);
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  for (const file of ['applications.json', 'identity-providers.json'])
    walk(JSON.parse(readFileSync(join(ROOT, 'server/registry', file), 'utf8')));
  // Longest first, so a name is taken out whole before a shorter one inside it.
  return [...new Set(strings)].sort((a, b) => b.length - a.length);
}

/**
 * The visible texts of the page (and the names and hints a screen reader reads: aria-label, placeholder,
 * title, alt) that hold an English word, after taking out `allowed` strings, e-mail addresses, URLs,
 * URNs and setting names (`INVITATION_RETENTION_DAYS`: names an operator types, in no language). Parts marked as another language (`lang="en"`), code, and what the user typed are left out.
 * @param {Page} page
 * @param {{ allowed: string[] }} options
 * @returns {Promise<string[]>}
 */
export async function englishOnDutchPage(page, { allowed }) {
  const texts = await page.evaluate(() => {
    /** @param {Element} element */
    const skipped = (element) =>
      element.closest('code, kbd, pre, script, style, textarea, [translate="no"], [aria-hidden="true"]') !==
        null || element.closest('[lang]')?.getAttribute('lang')?.startsWith('nl') === false;
    /** @param {Element} element */
    const shown = (element) => {
      if (element.closest('.sds--visually-hidden')) return true; // read by screen readers
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && element.getClientRects().length > 0;
    };
    /** @type {string[]} */
    const found = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const value = node.textContent?.trim();
      if (!parent || !value || skipped(parent) || !shown(parent)) continue;
      found.push(value);
    }
    for (const element of Array.from(
      document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'),
    )) {
      if (skipped(element) || !shown(element)) continue;
      for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(attribute)?.trim();
        if (value) found.push(value);
      }
    }
    found.push(document.title);
    return found;
  });
  const escape = (/** @type {string} */ value) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const allowedPattern = new RegExp(
    allowed.map((value) => `(?<![\\p{L}])${escape(value)}(?![\\p{L}])`).join('|'),
    'giu',
  );
  /** @type {Set<string>} */
  const english = new Set();
  for (const value of texts) {
    const stripped = value
      .replace(/\S+@\S+/g, ' ')
      .replace(/https?:\/\/\S+/g, ' ')
      .replace(/urn:\S+/gi, ' ')
      .replace(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g, ' ')
      .replace(allowedPattern, ' ');
    const words = stripped.toLowerCase().match(/\p{L}+/gu) ?? [];
    const hits = words.filter((word) => ENGLISH.has(word));
    if (hits.length > 0) english.add(`"${value}" (${[...new Set(hits)].join(', ')})`);
  }
  return [...english];
}
