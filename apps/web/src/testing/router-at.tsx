import { useState, type ReactNode } from 'react';
import { AppRouter } from '../lib/router';

/**
 * The app's router, opened at a URL of the test's browser (happy-dom): the same history, query,
 * hash and navigation state as in production.
 */
export function RouterAt({ url, children }: { url: string; children: ReactNode }) {
  useState(() => window.history.replaceState(null, '', url));
  return <AppRouter>{children}</AppRouter>;
}
