import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './index.css';
import { AppRoutes } from './app/app-routes';
import { ErrorBoundary } from './app/error-boundary';
import { Providers } from './app/providers';
import { loadPreferredLanguage } from './i18n/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Not awaited: the screens wait for the catalogue beside their own chunks, so the reader's
// language arrives together with the first screen and never flashes the other one.
void loadPreferredLanguage();

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
