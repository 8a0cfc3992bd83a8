// The design system's global CSS and react-tooltip's, loaded once for the shell and every remote.
import '@surfnet/sds/styles/sds.css';
import '@surfnet/sds/esm/index.css';
import 'react-tooltip/dist/react-tooltip.css';
import './shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { initI18n, registerTranslations } from 'shared-ui';
import { App } from './app.component';
import en from './translations/en.json';
import nl from './translations/nl.json';

initI18n();
registerTranslations('shell', { en, nl });

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
}
