// First: zod must not try eval under the CSP (zod-settings.ts).
import './app/zod-settings';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './lib/router';
import './index.css';
import { AppRoutes } from './app/app-routes';
import { ErrorBoundary } from './app/error-boundary';
import { Providers } from './app/providers';
import { showPreferredLanguage } from './i18n/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Synchronous: the first screen's texts are in the entry, so the public pages show in the
// reader's language at once; the other screens fetch the rest beside their chunks (lazy-page).
showPreferredLanguage();

createRoot(root).render(
  <StrictMode>
    <ErrorBoundary>
      <AppRouter>
        <Providers>
          <AppRoutes />
        </Providers>
      </AppRouter>
    </ErrorBoundary>
  </StrictMode>,
);
