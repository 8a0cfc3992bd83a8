import { createElement, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import { logout, runStartup, startLogin, useSessionStore, visibilityRule } from 'shared-auth';
import { ErrorBoundary } from '../components/error-boundary.component';
import { ErrorDialog } from '../components/error-dialog.component';
import { FlashMessages } from '../components/flash-messages.component';
import { Loader } from '../components/loader.component';
import { contributionsSlotHost, SlotHostProvider } from '../components/slot-host.component';
import { Tabs } from '../components/tabs.component';
import type { Extension, LazyComponent, RemoteContributions, SlotProps } from '../contract';
import { StandaloneHeader } from './standalone-header.component';
import { standaloneStartPath } from './standalone-start';
import { useStandaloneTitle } from './standalone-title';

type Phase = 'starting' | 'login' | 'ready';

function Mounted({ component, props }: { component: LazyComponent<SlotProps>; props?: SlotProps }) {
  const location = useLocation();
  return (
    <ErrorBoundary resetKeys={[location.pathname]}>
      <Suspense fallback={<Loader />}>{createElement(component, props)}</Suspense>
    </ErrorBoundary>
  );
}

/** The remote's `home.tabs` extensions as tabs at /home/<id>, as the shell's home would show them. */
function HomeTabs({ contributions, tabs }: { contributions: RemoteContributions; tabs: Extension[] }) {
  const { t } = useTranslation(contributions.id);
  const { tab } = useParams();
  const navigate = useNavigate();
  const active = tabs.find((extension) => extension.id === tab);
  if (!active) return <Navigate to={`/home/${tabs[0].id}`} replace />;
  return (
    <Tabs
      tabs={tabs.map((extension) => ({ id: extension.id, label: t(extension.labelKey) }))}
      activeTab={active.id}
      onChange={(id) => navigate(`/home/${id}`)}
    >
      {active.component && <Mounted key={active.id} component={active.component} />}
    </Tabs>
  );
}

/** Startup from shared-auth, then the remote's routes (authenticated ones only for a logged-in user). */
export function StandaloneApp({ contributions }: { contributions: RemoteContributions }) {
  const { t } = useTranslation('ui');
  const { t: remoteText } = useTranslation(contributions.id);
  const navigate = useNavigate();
  const session = useSessionStore();
  const [phase, setPhase] = useState<Phase>('starting');
  const [main, setMain] = useState<HTMLElement | null>(null);
  // The remote's own name for itself (its `remoteName` text), else its id.
  const remoteName = remoteText('remoteName', { defaultValue: contributions.id });
  useStandaloneTitle(main, remoteName, t('standalone.appName'));
  // Alone, the remote's own contributions are all a slot it renders can hold.
  const [useSlotItems] = useState(() => contributionsSlotHost([contributions]));
  // useNavigate gives a new function on every location change; startup must run once only.
  const navigateRef = useRef(navigate);

  useEffect(() => {
    const go = navigateRef.current;
    let current = true;
    const { pathname, search } = window.location;
    runStartup({ pathname, search })
      .then((outcome) => {
        if (!current) return;
        if (outcome.kind === 'login') {
          setPhase('login');
          // Back to this remote's own page after login, not to the console (QA on one remote).
          startLogin({ returnTo: window.location.href });
          return;
        }
        if (`${pathname}${search}` !== outcome.to) go(outcome.to, { replace: true });
        setPhase('ready');
      })
      .catch(() => {
        // Startup reports its own failures as outcomes; anything else still leaves the public routes usable.
        if (current) setPhase('ready');
      });
    return () => {
      current = false;
    };
  }, []);

  if (phase !== 'ready') {
    return phase === 'login' ? <p role="status">{t('header.loggingIn')}</p> : <Loader />;
  }

  const routes = contributions.routes.filter((route) => route.access === 'public' || session.authenticated);
  const visible = contributions.extensions
    .filter(
      (extension) =>
        (extension.slot === 'home.tabs' || extension.slot === 'home.landing') &&
        visibilityRule(extension.visibleRule)?.(session.user),
    )
    .sort((a, b) => a.order - b.order);
  const homeTabs = visible.filter((extension) => extension.slot === 'home.tabs');
  // Its start page and any path it has no screen for land on one that exists (a parameter-less route).
  const fallback = standaloneStartPath(routes, visible, session.authenticated);

  return (
    <SlotHostProvider useItems={useSlotItems}>
      <StandaloneHeader
        title={remoteName}
        onLogout={() => {
          void logout().then(() => navigate('/logged-out', { replace: true }));
        }}
      />
      <FlashMessages />
      <main className="sds--page-container" ref={setMain}>
        <Routes>
          {routes.map((route) => (
            <Route key={route.path} path={`/${route.path}`} element={<Mounted component={route.element} />} />
          ))}
          {/* Remotes send users without access to /404; the catch-all below must not bounce them back. */}
          <Route path="/404" element={<h1>{t('standalone.notFound')}</h1>} />
          <Route
            path="/logged-out"
            element={
              <>
                <h1>{t('standalone.loggedOut')}</h1>
                <button
                  type="button"
                  className="sds--btn sds--btn--primary"
                  onClick={() => startLogin({ force: true, returnTo: `${window.location.origin}/` })}
                >
                  {t('header.login')}
                </button>
              </>
            }
          />
          {homeTabs.length > 0 && (
            <Route path="/home/:tab?" element={<HomeTabs contributions={contributions} tabs={homeTabs} />} />
          )}
          <Route
            path="*"
            element={
              fallback ? (
                <Navigate to={fallback} replace />
              ) : (
                <button
                  type="button"
                  className="sds--btn sds--btn--primary"
                  onClick={() => startLogin({ force: true, returnTo: window.location.href })}
                >
                  {t('header.login')}
                </button>
              )
            }
          />
        </Routes>
      </main>
      <ErrorDialog />
    </SlotHostProvider>
  );
}
