import { lazy, Suspense } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ErrorBoundary } from '../components/error-boundary.component';
import type { RemoteContributions } from '../contract';
import { initI18n, loadLanguageTexts, registerTranslations } from '../i18n/i18n';

// Only a remote running on its own renders it; inside the shell (which loads shared-ui whole on its first
// page) it is a chunk nobody fetches. This module itself is imported by its own path (`shared-ui/standalone`),
// not from the shared `shared-ui`, so the shell's first load does not carry it either; within a remote's
// build its relative imports are the very modules of that build's shared-ui (one instance, not two).
// Its first render also waits for the page language's lazy texts (shared-ui's Dutch), so no English flashes.
const StandaloneApp = lazy(async () => {
  const [module] = await Promise.all([
    import('./standalone-app.component'),
    loadLanguageTexts().catch(() => undefined),
  ]);
  return { default: module.StandaloneApp };
});

/**
 * Runs one remote on its own (its dev server or its built index.html): i18n with the remote's namespace,
 * shared-auth's startup (login when needed), then its routes under a BrowserRouter with a minimal header,
 * flash messages and the error dialog. Returns the React root.
 */
export function renderStandalone(contributions: RemoteContributions, root: HTMLElement): Root {
  initI18n();
  registerTranslations(contributions.id, contributions.translations);
  const reactRoot = createRoot(root);
  // No StrictMode: its double effects would run startup (CSRF token, config) twice.
  reactRoot.render(
    <ErrorBoundary>
      <BrowserRouter>
        <Suspense fallback={null}>
          <StandaloneApp contributions={contributions} />
        </Suspense>
      </BrowserRouter>
    </ErrorBoundary>,
  );
  return reactRoot;
}
