import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useSessionStore } from 'shared-auth';
import { ErrorBoundary, ErrorDialog, FlashMessages, Loader } from 'shared-ui/core';
import { ImpersonationBanner } from '../logged-in';
import { Footer } from './footer.component';
import { Header } from './header.component';

/** Header, impersonation banner, flash messages, the page, footer, and the failure dialog. */
export function AppLayout({ children }: { children: ReactNode }) {
  // A page that failed is given a fresh start when the user goes elsewhere.
  const { pathname } = useLocation();
  const impersonating = useSessionStore((state) => Boolean(state.impersonator));
  return (
    <div className="shell">
      <Header />
      {impersonating && (
        <Suspense fallback={null}>
          <ImpersonationBanner />
        </Suspense>
      )}
      <FlashMessages />
      {/* The one main landmark: shell pages and remote pages render inside it. */}
      <main className="shell-main" id="main">
        <ErrorBoundary resetKeys={[pathname]}>
          <Suspense fallback={<Loader />}>{children}</Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <ErrorDialog />
    </div>
  );
}
