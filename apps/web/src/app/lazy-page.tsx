import { lazy, Suspense, type ComponentType } from 'react';
import { FullPageSpinner } from '../components/full-page-spinner';
import { firstScreenLoaded, restLoaded } from '../i18n/i18n';

type Load<P> = () => Promise<{ default: ComponentType<P> }>;

function suspended<P extends object>(Screen: ComponentType<P>) {
  return function LazyPage(props: P) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <Screen {...props} />
      </Suspense>
    );
  };
}

/**
 * Every screen is its own chunk: a page loads only the code it shows (the landing's first-load
 * budget, docs/PERFORMANCE.md). A public
 * first screen (landing, sign-in, registration, not found) shows once its chunk and the first
 * screen's texts in the reader's language are in: English's are in the entry, German's are
 * fetched in parallel with the chunk, so a German reader never sees the page in English first.
 */
export const firstScreenPage = <P extends object>(load: Load<P>) =>
  suspended(lazy(() => Promise.all([load(), firstScreenLoaded()]).then(([screen]) => screen)));

/**
 * Any other screen shows once its chunk and the rest of the reader's catalogue are both in,
 * fetched in parallel.
 */
export const lazyPage = <P extends object>(load: Load<P>) =>
  suspended(lazy(() => Promise.all([load(), restLoaded()]).then(([screen]) => screen)));
