import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { z } from 'zod';
import './index.css';
import { AppRoutes } from './app/app-routes';
import { ErrorBoundary } from './app/error-boundary';
import { Providers } from './app/providers';
import { showPreferredLanguage } from './i18n/i18n';

// zod probes `new Function` once to pick its fast path, which the Content-Security-Policy
// (script-src 'self') refuses and reports; the browser's checks are small, the plain path does.
z.config({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Synchronous: the first screen's texts are in the entry, so the public pages show in the
// reader's language at once; the other screens fetch the rest beside their chunks (lazy-page).
showPreferredLanguage();

createRoot(root).render(
  <StrictMode>
    <ErrorBoundary>
      <BrowserRouter>
        <Providers>
          <AppRoutes />
        </Providers>
      </BrowserRouter>
    </ErrorBoundary>
  </StrictMode>,
);
