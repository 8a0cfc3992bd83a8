/**
 * The page-level side effects of the HTTP client and the session logic, behind one replaceable object so
 * tests can spy on them (jsdom cannot reload or navigate).
 */
export const page = {
  reload(): void {
    window.location.reload();
  },
  assign(href: string): void {
    window.location.href = href;
  },
};

/** Reloads the whole page (401, lost session, opaque redirect). */
export function reloadPage(): void {
  page.reload();
}
