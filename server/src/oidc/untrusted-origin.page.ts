/**
 * The page a login ends on when the page that started it is on an origin the server does not trust
 * (TRUSTED_ORIGINS): a remote run on its own dev server on another port. Without it the person landed on
 * the console's home with no word anywhere of why (issue 55); it names the origin and the setting, in the
 * person's language, and the same facts go to the server's log.
 */
import { resolveLanguage, type Locale } from 'shared-auth/rules';
import { escapeHtml } from '../mail/format.js';

/**
 * The origin of `returnTo` when it is an address of its own elsewhere than the console and the trusted
 * origins (the case `returnAddress` sends home), else null.
 */
export function untrustedOrigin(
  returnTo: string | undefined,
  publicUrl: string,
  trusted: string[],
): string | null {
  if (!returnTo) return null;
  const home = `${publicUrl}/`;
  let target: URL;
  try {
    target = new URL(returnTo, home);
  } catch {
    return null;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
  const allowed = [new URL(home).origin, ...trusted];
  return allowed.includes(target.origin) ? null : target.origin;
}

/** The page's language: the console's `lang` cookie, then the browser's Accept-Language. */
export function pageLanguage(headers: { cookie?: string; 'accept-language'?: string }): Locale {
  return resolveLanguage({ cookie: headers.cookie ?? null, browser: headers['accept-language'] ?? null });
}

/** The log line's message; the origin and the trusted ones go with it as fields. */
export const UNTRUSTED_ORIGIN_LOG =
  'login could not return to an origin that is not in TRUSTED_ORIGINS: add it (comma-separated) to let login return there';

interface Texts {
  title: (origin: string) => string;
  loggedIn: (origin: string) => string;
  rule: string;
  trustedNow: string;
  noneTrusted: string;
  howTo: string;
  then: (origin: string) => string;
  console: string;
  portal: string;
}

const TEXTS: Record<Locale, Texts> = {
  en: {
    title: (origin) => `Login cannot return to ${origin}`,
    loggedIn: (origin) =>
      `You are logged in, but this server does not trust the address ${origin}, so it did not send you back there.`,
    rule: 'After a login the server only returns to its own address and to the addresses in the setting TRUSTED_ORIGINS.',
    trustedNow: 'Trusted now:',
    noneTrusted: 'none',
    howTo:
      'To log in from this address, start the server with it added to TRUSTED_ORIGINS (comma-separated), for example:',
    then: (origin) => `Then log in again from ${origin}.`,
    console: 'Go to the console',
    portal: 'Access portal',
  },
  nl: {
    title: (origin) => `Inloggen kan niet terug naar ${origin}`,
    loggedIn: (origin) =>
      `Je bent ingelogd, maar deze server vertrouwt het adres ${origin} niet en heeft je er daarom niet naar teruggestuurd.`,
    rule: 'Na het inloggen stuurt de server je alleen terug naar zijn eigen adres en naar de adressen in de instelling TRUSTED_ORIGINS.',
    trustedNow: 'Nu vertrouwd:',
    noneTrusted: 'geen',
    howTo:
      'Om vanaf dit adres in te loggen, start je de server met dit adres toegevoegd aan TRUSTED_ORIGINS (gescheiden door komma’s), bijvoorbeeld:',
    then: (origin) => `Log daarna opnieuw in vanaf ${origin}.`,
    console: 'Naar de console',
    portal: 'Toegangsportaal',
  },
};

/** The page, in `language`, for a login that came back for `origin`. */
export function untrustedOriginPage(
  language: Locale,
  origin: string,
  trusted: readonly string[],
  publicUrl: string,
): string {
  const t = TEXTS[language];
  const title = escapeHtml(t.title(origin));
  const setting = `TRUSTED_ORIGINS=${[...trusted, origin].join(',')}`;
  return `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} – ${t.portal}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 44rem; padding: 1rem; line-height: 1.5; color: #1a1a1a; }
code, pre { font-family: ui-monospace, monospace; background: #f1f1f1; }
pre { padding: 0.75rem; white-space: pre-wrap; overflow-wrap: anywhere; }
a { color: #0b57d0; }
</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${escapeHtml(t.loggedIn(origin))}</p>
<p>${escapeHtml(t.rule)} ${escapeHtml(t.trustedNow)} ${trusted.length > 0 ? trusted.map((o) => `<code>${escapeHtml(o)}</code>`).join(', ') : escapeHtml(t.noneTrusted)}.</p>
<p>${escapeHtml(t.howTo)}</p>
<pre><code>${escapeHtml(setting)}</code></pre>
<p>${escapeHtml(t.then(origin))}</p>
<p><a href="${escapeHtml(`${publicUrl}/`)}">${escapeHtml(t.console)}</a></p>
</main>
</body>
</html>
`;
}
