import type { Extension, RemoteRoute } from '../contract';

/** A path that a route pattern matches as it stands: its optional parameters left out; null when it needs one. */
export function pathWithoutParameters(pattern: string): string | null {
  const segments = pattern
    .split('/')
    .filter((segment) => !(segment.startsWith(':') && segment.endsWith('?')));
  if (segments.some((segment) => segment.startsWith(':') || segment.includes('*'))) return null;
  return `/${segments.join('/')}`;
}

/**
 * Where a remote running on its own sends a path it has no screen for (its start page `/`, after login): a
 * screen that exists for this session. Its first route when that needs no parameter (its main page; the
 * logged-in routes before the public ones, which often need a link's parameters, such as an invitation's
 * hash); else its home tabs, as the console's home would show them; else the page a visible `home.landing`
 * entry names; else any route that needs no parameter. Null when there is none: the caller offers the login.
 */
export function standaloneStartPath(
  routes: RemoteRoute[],
  visibleExtensions: Extension[],
  authenticated: boolean,
): string | null {
  const ordered = authenticated
    ? [
        ...routes.filter((route) => route.access !== 'public'),
        ...routes.filter((route) => route.access === 'public'),
      ]
    : routes;
  const paths = ordered.map((route) => pathWithoutParameters(route.path));
  if (paths[0]) return paths[0];
  const tab = visibleExtensions.find((extension) => extension.slot === 'home.tabs');
  if (tab) return `/home/${tab.id}`;
  const landing = visibleExtensions.find((extension) => extension.slot === 'home.landing' && extension.href);
  if (landing?.href && paths.includes(landing.href)) return landing.href;
  return paths.find((path) => path !== null) ?? null;
}
