import { lazy } from 'react';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useSessionStore } from 'shared-auth';
import type { RemoteId, RouteAccess } from 'shared-ui';
import DeadendPage from './pages/deadend.page';
import HomePage from './pages/home.page';
import LandingPage from './pages/landing.page';
import MissingAttributesPage from './pages/missing-attributes.page';
import NotFoundPage from './pages/not-found.page';
import RefreshRoutePage from './pages/refresh-route.page';
import { RemoteMount } from './remotes/remote-mount.component';
import { KNOWN_REMOTES, REMOTE_IDS } from './remotes/remote-prefixes';
import { useRemotesStore } from './remotes/remotes.store';
import type { RemoteState } from './remotes/remotes.store';

const ProfilePage = lazy(() => import('./pages/profile.page'));
const UserProfilePage = lazy(() => import('./pages/user-profile.page'));
const LogoutPage = lazy(() => import('./pages/logout.page'));

function allowed(access: RouteAccess, authenticated: boolean): boolean {
  return access === 'public' || authenticated;
}

/**
 * Every remote's routes: its own when loaded, else the prefixes we know it owns, rendering a loader
 * while it loads and the unavailable panel when it failed (never the not-found page).
 */
function remoteRoutes(remotes: Record<RemoteId, RemoteState>, authenticated: boolean): ReactNode[] {
  return REMOTE_IDS.flatMap((remoteId) => {
    const remote = remotes[remoteId];
    if (remote.status === 'loaded' && remote.contributions) {
      return remote.contributions.routes
        .filter((route) => allowed(route.access, authenticated))
        .map((route) => {
          const Page = route.element;
          return (
            <Route
              key={`${remoteId}:${route.path}`}
              path={route.path}
              element={
                <RemoteMount remoteId={remoteId}>
                  <Page />
                </RemoteMount>
              }
            />
          );
        });
    }
    return KNOWN_REMOTES[remoteId].routes
      .filter((route) => allowed(route.access, authenticated))
      .map((route) => (
        <Route
          key={`${remoteId}:${route.path}`}
          path={route.path}
          element={
            <div className="shell-page">
              <RemoteMount remoteId={remoteId}>{null}</RemoteMount>
            </div>
          }
        />
      ));
  });
}

/** The routes of spec §2, for authenticated and for anonymous users. */
export function AppRoutes() {
  const authenticated = useSessionStore((state) => state.authenticated);
  const remotes = useRemotesStore((state) => state.remotes);
  return (
    <Routes>
      {authenticated ? (
        <>
          <Route index element={<Navigate to="/home" replace />} />
          <Route path="home/:tab?" element={<HomePage />} />
          <Route path="login" element={<Navigate to="/home" replace />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="profile/:id" element={<UserProfilePage />} />
          <Route path="refresh-route/*" element={<RefreshRoutePage />} />
        </>
      ) : (
        <>
          <Route index element={<Navigate to="/login" replace />} />
          <Route path="home/*" element={<Navigate to="/login" replace />} />
          <Route path="login" element={<LandingPage />} />
        </>
      )}
      <Route path="logout" element={<LogoutPage />} />
      <Route path="deadend" element={<DeadendPage />} />
      <Route path="missingAttributes" element={<MissingAttributesPage />} />
      {remoteRoutes(remotes, authenticated)}
      <Route path="404" element={<NotFoundPage />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
