import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LOADER_HOLD_MS, runStartup, useSessionStore, type StartupOutcome } from 'shared-auth';
import { ErrorBoundary, Loader, SlotHostProvider } from 'shared-ui/core';
import { AppRoutes } from './app-routes.component';
import { AppLayout } from './layout/app-layout.component';
import { loadRemotesFor, prefetchLoggedInParts } from './logged-in';
import { useRemotesStore } from './remotes/remotes.store';
import { useShellSlotItems } from './remotes/use-shell-slot-items';
import { followStartup, startupAnsweredAt } from './startup';

/** The console once started: layout and routes. Tests render it with a session already in place. */
export function ShellContent() {
  return (
    <SlotHostProvider useItems={useShellSlotItems}>
      <AppLayout>
        <AppRoutes />
      </AppLayout>
    </SlotHostProvider>
  );
}

/**
 * The host: runs the session startup (shared-auth; or takes the one the bootstrap started), loads the remotes once a page needs them, follows
 * the startup's outcome, and holds the loader until 500 ms after startup's last answer before showing the
 * console.
 */
export function App({ startup }: { startup?: Promise<StartupOutcome> } = {}) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  // starting: startup runs; holding: the console renders unseen behind the loader for the spec's 500 ms,
  // so the page's lazy chunks and data load meanwhile; shown: the loader is gone.
  const [phase, setPhase] = useState<'starting' | 'holding' | 'shown'>('starting');
  const once = useRef(false);
  const authenticated = useSessionStore((state) => state.authenticated);
  const user = useSessionStore((state) => state.user);

  // What the remotes publish (routes, slot entries) is read at start, in parallel with startup; their code
  // loads when a route or slot needs it: the deep link's remote at once, every remote for a logged-in user
  // (during the loader hold: the header and the home tabs need them anyway), others when RemoteMount asks.
  // Which remotes a logged-in user's page shows depends on the user (the home tab it opens): they load once
  // it is known, those first.
  useEffect(() => {
    if (!authenticated) {
      void useRemotesStore.getState().loadFor(location.pathname);
      return;
    }
    prefetchLoggedInParts();
    if (user) void loadRemotesFor(location.pathname);
  }, [location.pathname, authenticated, user]);

  useEffect(() => {
    // StrictMode runs effects twice in development; startup must run once.
    if (once.current) return undefined;
    once.current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const { pathname, search } = location;
    (startup ?? runStartup({ pathname, search }))
      .then(
        (outcome) => followStartup(outcome, navigate),
        () => {
          navigate('/deadend', { replace: true });
          return true;
        },
      )
      .then((show) => {
        if (!show) return;
        // The router applies navigate() as a transition: the console must first render at the place
        // startup sent it to, never at the location it started from (whose redirects would win).
        startTransition(() => setPhase('holding'));
        // 500 ms from when startup's last answer arrived: the answers often come in while the libraries
        // are still being evaluated, which the hold does not wait for on top.
        timer = setTimeout(
          () => setPhase('shown'),
          LOADER_HOLD_MS - (performance.now() - startupAnsweredAt()),
        );
      });
    return () => clearTimeout(timer);
    // Startup reads the location it started at, once; later navigation must not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <ErrorBoundary>
      {phase !== 'shown' && <Loader label={t('loading')} />}
      {/* One element in both phases, so revealing the console does not mount it again. Held, it is laid
          out but not shown (shell.css): its fonts and images load during the hold, and revealing it
          only paints it. */}
      {phase !== 'starting' && (
        <div
          className={phase === 'holding' ? 'shell-root shell-root--holding' : 'shell-root'}
          inert={phase === 'holding'}
          aria-hidden={phase === 'holding' || undefined}
        >
          <ShellContent />
        </div>
      )}
    </ErrorBoundary>
  );
}
