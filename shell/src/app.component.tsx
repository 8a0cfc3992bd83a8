import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LOADER_HOLD_MS, runStartup, useSessionStore } from 'shared-auth';
import { ErrorBoundary, Loader } from 'shared-ui';
import { AppRoutes } from './app-routes.component';
import { AppLayout } from './layout/app-layout.component';
import { needsRemotes } from './remotes/remote-prefixes';
import { useRemotesStore } from './remotes/remotes.store';
import { followStartup } from './startup';

/** The console once started: layout and routes. Tests render it with a session already in place. */
export function ShellContent() {
  return (
    <AppLayout>
      <AppRoutes />
    </AppLayout>
  );
}

/**
 * The host: runs the session startup (shared-auth), loads the remotes once a page needs them, follows
 * the startup's outcome, and holds the loader 500 ms before showing the console.
 */
export function App() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  const [started, setStarted] = useState(false);
  const once = useRef(false);
  const authenticated = useSessionStore((state) => state.authenticated);

  // The remotes load once a page needs them (never for the anonymous landing page), in parallel with
  // the rest of startup when the deep link already tells.
  useEffect(() => {
    if (needsRemotes(location.pathname, authenticated)) void useRemotesStore.getState().ensureLoaded();
  }, [location.pathname, authenticated]);

  useEffect(() => {
    // StrictMode runs effects twice in development; startup must run once.
    if (once.current) return undefined;
    once.current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const { pathname, search } = location;
    runStartup({ pathname, search })
      .then(
        (outcome) => followStartup(outcome, navigate),
        () => {
          navigate('/deadend', { replace: true });
          return true;
        },
      )
      .then((show) => {
        if (show) timer = setTimeout(() => setStarted(true), LOADER_HOLD_MS);
      });
    return () => clearTimeout(timer);
    // Startup reads the location it started at, once; later navigation must not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return <ErrorBoundary>{started ? <ShellContent /> : <Loader label={t('loading')} />}</ErrorBoundary>;
}
