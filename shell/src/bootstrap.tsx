// The design system's global CSS and react-tooltip's, loaded once for the shell and every remote.
import '@surfnet/sds/styles/sds.css';
import '@surfnet/sds/esm/index.css';
import 'react-tooltip/dist/react-tooltip.css';
import './shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { runStartup } from 'shared-auth';
import { initI18n, loadLanguageTexts, registerTranslations } from 'shared-ui/core';
import { App } from './app.component';
import { takeEarlyStartup } from './early-startup';
import { loadRemotesFor, prefetchLoggedInParts } from './logged-in';
import { useRemotesStore } from './remotes/remotes.store';
import en from './translations/en.json';

initI18n();
// Dutch texts are a chunk of their own, fetched only on a Dutch page (shared-ui's too).
registerTranslations('shell', { en, nl: () => import('./translations/nl.json') });

// The startup calls (CSRF token, config, user) left from main.js (early-startup.ts); their answers are read
// now, and the remotes' manifests leave, not after React's first render: they run while the Dutch texts
// load and React renders the loader.
const startup = runStartup(
  { pathname: window.location.pathname, search: window.location.search },
  { early: takeEarlyStartup() },
);
// App handles a failure (to /deadend); this only keeps the browser from reporting it unhandled meanwhile.
startup.catch(() => undefined);
void useRemotesStore.getState().discover();
// A logged-in user's parts and remotes start loading as soon as startup knows the user, not once React has
// rendered the loader (App asks again then: each loads once).
startup.then(
  (outcome) => {
    if (outcome.kind !== 'ready' || !outcome.authenticated) return;
    prefetchLoggedInParts();
    void loadRemotesFor(outcome.to.split(/[?#]/)[0]);
  },
  () => undefined,
);

function render(): void {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <App startup={startup} />
      </BrowserRouter>
    </StrictMode>,
  );
}

// A chunk that cannot be fetched leaves its texts to English (every key's fallback) rather than no page.
loadLanguageTexts().then(render, (error: unknown) => {
  console.warn('The texts of this language could not be loaded', error);
  render();
});
