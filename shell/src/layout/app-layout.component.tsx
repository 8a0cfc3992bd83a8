import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useSessionStore } from 'shared-auth';
import { ErrorBoundary, ErrorDialog, FlashMessages, Loader } from 'shared-ui/core';
import { ImpersonationBanner } from '../logged-in';
import { useDocumentTitle } from './document-title';
import { useFocusKeeper } from './focus-keeper';
import { Footer } from './footer.component';
import { Header } from './header.component';
import { SkipLink } from './skip-link.component';

/** Header, impersonation banner, flash messages, the page, footer, and the failure dialog. */
export function AppLayout({ children }: { children: ReactNode }) {
  // A page that failed is given a fresh start when the user goes elsewhere.
  const { pathname } = useLocation();
  const impersonating = useSessionStore((state) => Boolean(state.impersonator));
  useDocumentTitle();
  useFocusKeeper();
  return (
    <div className="shell">
      <SkipLink />
      <Header />
      {impersonating && (
        <Suspense fallback={null}>
          <ImpersonationBanner />
        </Suspense>
      )}
      <FlashMessages />
      {/* The one main landmark: shell pages and remote pages render inside it. */}
      <main className="shell-main" id="main" tabIndex={-1}>
        <ErrorBoundary resetKeys={[pathname]}>
          <Suspense fallback={<Loader />}>{children}</Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <ErrorDialog />
    </div>
  );
}
