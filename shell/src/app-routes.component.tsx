import { Navigate, Route, Routes } from 'react-router-dom';
import { useSessionStore } from 'shared-auth';
import { loadable } from 'shared-ui/loadable';
import { HomePage } from './logged-in';
import DeadendPage from './pages/deadend.page';
import LandingPage from './pages/landing.page';
import NotFoundPage from './pages/not-found.page';
import RefreshRoutePage from './pages/refresh-route.page';
import { remoteRoutes, UnknownPath } from './remotes/remote-routes.component';
import { useRemotesStore } from './remotes/remotes.store';

const ProfilePage = loadable(() => import('./pages/profile.page'));
const UserProfilePage = loadable(() => import('./pages/user-profile.page'));
const LogoutPage = loadable(() => import('./pages/logout.page'));
// Seldom seen (an identity provider that leaves out attributes): not part of every first load.
const MissingAttributesPage = loadable(() => import('./pages/missing-attributes.page'));

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
      <Route path="*" element={<UnknownPath />} />
    </Routes>
  );
}
