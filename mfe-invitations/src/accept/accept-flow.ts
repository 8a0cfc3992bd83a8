/** The side effects of spec §4 'Invitation acceptance flow', kept out of the page so tests can follow them. */
import {
  clearSavedLocation,
  consumeMayAccept,
  DEFAULT_ERROR_REFERENCE,
  hasMayAccept,
  isApiError,
  logout,
  saveLocation,
  setMayAccept,
  startLogin,
  useErrorDialogStore,
  useSessionStore,
} from 'shared-auth';
import { acceptInvitation, fetchCurrentUser, fetchRedeemLinks } from '../invitations.resource';

/** True when this page load is a reload: the marker must not accept then (spec §4). */
export function isPageReload(): boolean {
  const [entry] = (performance.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  return entry?.type === 'reload';
}

/** Accept automatically only right after the login this page started. */
export function shouldAutoAccept(authenticated: boolean): boolean {
  return authenticated && hasMayAccept() && !isPageReload();
}

/** Log in: remember this page and the marker, end any session, then start a fresh login back here. */
export async function loginToAccept(hash: string, location: string): Promise<void> {
  saveLocation(location);
  setMayAccept();
  if (useSessionStore.getState().authenticated) await logout();
  startLogin({ force: true, hash });
}

export type AcceptOutcome =
  | { kind: 'accepted' }
  | { kind: 'wrongEmail'; email: string }
  | { kind: 'assuranceMissing'; requestedAuthnContext: string }
  | { kind: 'failed' };

/**
 * Accepts and loads the user again (the new role must show at home). A 412 keeps the marker for the
 * next login; any other failure removes it and opens the failure dialog with the reference (spec §8).
 */
export async function acceptAndRefresh(hash: string, invitationId: number): Promise<AcceptOutcome> {
  try {
    await acceptInvitation(hash, invitationId);
  } catch (error) {
    // The login lacked the invitation's assurance level: nothing was granted, a new login may bring it.
    if (isApiError(error) && error.status === 412 && error.body?.requestedAuthnContext) {
      return { kind: 'assuranceMissing', requestedAuthnContext: error.body.requestedAuthnContext };
    }
    if (isApiError(error) && error.status === 412) {
      return { kind: 'wrongEmail', email: error.body?.email ?? '' };
    }
    consumeMayAccept();
    const reference = isApiError(error) ? error.body?.reference : undefined;
    useErrorDialogStore.getState().show(reference ?? DEFAULT_ERROR_REFERENCE);
    return { kind: 'failed' };
  }
  consumeMayAccept();
  clearSavedLocation();
  const session = useSessionStore.getState();
  try {
    session.setUser(await fetchCurrentUser());
  } catch {
    // Home loads the user itself if this failed; the acceptance stands.
  }
  session.setReload(true);
  return { kind: 'accepted' };
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * After an acceptance: the redeem link of a Microsoft Graph invitation the guest must follow, or null. An
 * invitation still being made (its delivery waiting) is asked for again, a bounded number of times; with
 * none pending the answer is immediate. A failure is null: the home shows the link too.
 */
export async function redeemLinkAfterAccept({
  tries = 20,
  intervalMs = 500,
  wait = pause,
}: { tries?: number; intervalMs?: number; wait?: typeof pause } = {}): Promise<string | null> {
  for (let i = 0; i < tries; i += 1) {
    let links;
    try {
      links = await fetchRedeemLinks();
    } catch {
      return null;
    }
    if (!Array.isArray(links)) return null;
    const open = links.find((link) => !link.redeemed && link.redeemUrl);
    if (open?.redeemUrl) return open.redeemUrl;
    if (!links.some((link) => !link.redeemed && link.redeemUrl === null)) return null;
    await wait(intervalMs);
  }
  return null;
}
