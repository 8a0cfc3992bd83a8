import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** "<page> – <remote> – <console>", or "<remote> – <console>" on a page without a heading. */
export function standaloneTitle(heading: string, remote: string, appName: string): string {
  return heading && heading !== remote ? `${heading} – ${remote} – ${appName}` : `${remote} – ${appName}`;
}

/**
 * Keeps `document.title` on the page a remote shows when it runs on its own (issue 55: every page was
 * "Access portal"): the page's main heading, the remote's name and the console's, in the page's language.
 * The main element is watched because the page draws its heading once its code and data have arrived.
 */
export function useStandaloneTitle(main: HTMLElement | null, remote: string, appName: string): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const update = () => {
      const heading = main?.querySelector('h1')?.textContent?.trim() ?? '';
      const title = standaloneTitle(heading, remote, appName);
      if (document.title !== title) document.title = title;
    };
    update();
    if (!main || typeof MutationObserver === 'undefined') return undefined;
    const observer = new MutationObserver(update);
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [main, remote, appName, pathname]);
}
