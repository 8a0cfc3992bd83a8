import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { ErrorBoundary, ErrorDialog, FlashMessages, Loader } from 'shared-ui';
import { Footer } from './footer.component';
import { Header } from './header.component';
import { ImpersonationBanner } from './impersonation-banner.component';

/** Header, impersonation banner, flash messages, the page, footer, and the failure dialog. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className="shell">
      <Header />
      <ImpersonationBanner />
      <FlashMessages />
      <div className="shell-main">
        <ErrorBoundary>
          <Suspense fallback={<Loader />}>{children}</Suspense>
        </ErrorBoundary>
      </div>
      <Footer />
      <ErrorDialog />
    </div>
  );
}
