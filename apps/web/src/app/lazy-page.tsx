import { lazy, Suspense, type ComponentType } from 'react';
import { FullPageSpinner } from '../components/full-page-spinner';
import { catalogueLoaded } from '../i18n/i18n';

/**
 * Every screen is its own chunk: a page loads only the code it shows (DESIGN §12). It shows
 * once its chunk and the reader's catalogue are both in, fetched in parallel (main.tsx).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Screen = lazy(() => Promise.all([load(), catalogueLoaded()]).then(([screen]) => screen));
  return function LazyPage() {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <Screen />
      </Suspense>
    );
  };
}
