import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './index.css';
import { AppRoutes } from './app/app-routes';
import { ErrorBoundary } from './app/error-boundary';
import { Providers } from './app/providers';
import { activate, preferredLanguage } from './i18n/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The reader's catalogue first (its own small chunk): no screen ever flashes the other language.
void activate(preferredLanguage()).finally(() =>
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
  ),
);
