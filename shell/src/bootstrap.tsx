// The design system's global CSS and react-tooltip's, loaded once for the shell and every remote.
import '@surfnet/sds/styles/sds.css';
import '@surfnet/sds/esm/index.css';
import 'react-tooltip/dist/react-tooltip.css';
import './shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { initI18n, loadLanguageTexts, registerTranslations } from 'shared-ui';
import { App } from './app.component';
import en from './translations/en.json';

initI18n();
// Dutch texts are a chunk of their own, fetched only on a Dutch page (shared-ui's too).
registerTranslations('shell', { en, nl: () => import('./translations/nl.json') });

function render(): void {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
}

// A chunk that cannot be fetched leaves its texts to English (every key's fallback) rather than no page.
loadLanguageTexts().then(render, (error: unknown) => {
  console.warn('The texts of this language could not be loaded', error);
  render();
});
