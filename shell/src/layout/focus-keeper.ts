import { useEffect } from 'react';

const HEADING = 'h1, h2, h3, [role="heading"]';

function visible(element: HTMLElement): boolean {
  return element.closest('[hidden], [aria-hidden="true"], .sds--visually-hidden') === null;
}

/**
 * Where focus goes when the element that had it left the page (a deleted row's button, a dialog's
 * confirm button, the submit button of a form that navigated away): the heading of the nearest part of
 * the page that is still there (the list it was in, with its new count), else the page's main heading,
 * else the main element itself. `lost` is the element that had focus and its ancestors, nearest first.
 */
export function focusTarget(lost: Element[], main: HTMLElement | null): HTMLElement | null {
  if (!main) return null;
  const survivor = lost.find((element) => element.isConnected && main.contains(element));
  for (
    let scope: Element | null = survivor ?? null;
    scope && main.contains(scope);
    scope = scope.parentElement
  ) {
    const heading = Array.from(scope.querySelectorAll<HTMLElement>(HEADING)).find(visible);
    if (heading) return heading;
  }
  return Array.from(main.querySelectorAll<HTMLElement>('h1')).find(visible) ?? main;
}

function ancestry(element: Element): Element[] {
  const chain: Element[] = [];
  for (let node: Element | null = element; node && node !== document.body; node = node.parentElement)
    chain.push(node);
  return chain;
}

/** How long after losing focus a page may take to draw the heading that should get it; then main gets it. */
const WAIT_FOR_HEADING_MS = 5000;

/**
 * Issue 44: focus fell to `<body>` after revoking an invitation, deleting a member or a token, saving a
 * token, sending an invitation. Whenever the focused element disappears and nothing else took focus, this
 * puts focus on the heading of what remains (see `focusTarget`), waiting for a page that is still drawing
 * its heading; whatever the user focuses in the meantime wins.
 */
export function useFocusKeeper(): void {
  useEffect(() => {
    // The focused element and its ancestors, taken while they are in the page (a removed row has none).
    let focused: Element[] = [];
    let lost: Element[] = [];
    let lostAt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let giveUp: ReturnType<typeof setTimeout> | undefined;

    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Element) {
        focused = ancestry(event.target);
        lost = [];
      }
    };
    const check = () => {
      timer = undefined;
      const active = document.activeElement;
      if (active && active !== document.body) return;
      if (lost.length === 0) {
        if (focused.length === 0 || focused[0].isConnected) return;
        lost = focused;
        lostAt = Date.now();
      }
      const main = document.getElementById('main');
      const target = focusTarget(lost, main);
      if (!target) return;
      // A remote page draws its heading after its code and data arrive: wait for it, a while.
      const waited = Date.now() - lostAt;
      if (target === main && main.querySelector(HEADING) === null && waited < WAIT_FOR_HEADING_MS) {
        clearTimeout(giveUp);
        giveUp = setTimeout(schedule, WAIT_FOR_HEADING_MS - waited);
        return;
      }
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: target === main });
    };
    const schedule = () => {
      if (timer === undefined) timer = setTimeout(check, 0);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', schedule);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', schedule);
      clearTimeout(timer);
      clearTimeout(giveUp);
    };
  }, []);
}
