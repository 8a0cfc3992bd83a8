import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useSessionStore } from 'shared-auth';

/**
 * The name of the page shown, from the breadcrumb (every page that has one sets it, remote or shell) and
 * the main heading: a tab under a heading that names its parent crumb says both ("Members – Wiki
 * Editors", "Cron – System"); a heading that names the last crumb more fully is the name ("Edit role
 * Wiki Editors" for "Edit"); otherwise the last crumb, and without a breadcrumb the heading.
 */
export function pageName(breadcrumb: { value: string }[], main: Element | null): string {
  const last = breadcrumb.at(-1)?.value.trim() ?? '';
  const parent = breadcrumb.length > 1 ? breadcrumb.at(-2)?.value.trim() : undefined;
  const heading = main?.querySelector('h1')?.textContent?.trim() ?? '';
  if (!last) return heading;
  if (!heading || heading === last) return last;
  if (heading === parent) return `${last} – ${heading}`;
  if (heading.toLocaleLowerCase().includes(last.toLocaleLowerCase())) return heading;
  return last;
}

/** "<page> – <console>", or the console's name alone on a page without a name of its own. */
export function documentTitle(page: string, appName: string): string {
  return page && page !== appName ? `${page} – ${appName}` : appName;
}

/**
 * Keeps `document.title` on the page shown, in the page's language (issue 44: every page was titled
 * "Access portal", in Dutch too). The main element is watched because a remote's page draws its heading
 * after its code and data arrive.
 */
export function useDocumentTitle(): void {
  const { t, i18n } = useTranslation('shell');
  const breadcrumb = useSessionStore((state) => state.breadcrumbPath);
  const { pathname } = useLocation();
  const appName = t('appName');
  useEffect(() => {
    const main = document.getElementById('main');
    const update = () => {
      const title = documentTitle(pageName(breadcrumb, main), appName);
      if (document.title !== title) document.title = title;
    };
    update();
    if (!main || typeof MutationObserver === 'undefined') return undefined;
    const observer = new MutationObserver(update);
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [breadcrumb, pathname, appName, i18n.language]);
}
