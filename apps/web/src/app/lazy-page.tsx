import { lazy, Suspense, type ComponentType } from 'react';
import { FullPageSpinner } from '../components/full-page-spinner';

/** Every screen is its own chunk: a page loads only the code it shows (DESIGN §12). */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Screen = lazy(load);
  return function LazyPage() {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <Screen />
      </Suspense>
    );
  };
}
