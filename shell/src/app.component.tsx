import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LOADER_HOLD_MS, runStartup } from 'shared-auth';
import { ErrorBoundary, Loader } from 'shared-ui';
import { AppRoutes } from './app-routes.component';
import { AppLayout } from './layout/app-layout.component';
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
 * The host: loads the remotes and runs the session startup (shared-auth) in parallel, follows the
 * startup's outcome, and holds the loader 500 ms before showing the console.
 */
export function App() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  const [started, setStarted] = useState(false);
  const once = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice in development; startup must run once.
    if (once.current) return undefined;
    once.current = true;
    void useRemotesStore.getState().loadAll();
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
