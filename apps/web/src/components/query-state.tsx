import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-client';
import { useT } from '../i18n/use-t';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** Said when the server gave no reason of its own (already translated). */
  errorText: string;
  /** The placeholder while loading: a skeleton in the shape of what comes. */
  skeleton?: ReactNode;
  /** The loading announcement; "Loading" unless the screen says more. */
  loadingLabel?: string;
  children: (data: T) => ReactNode;
}

/**
 * A screen's data in its three states (a loading skeleton, and an error view with Try Again:
 * docs/ARCHITECTURE.md, Routes and guards). Pending is announced as a status, a failure as an
 * alert: a failed call never leaves the skeleton on screen.
 */
export function QueryState<T>({
  query,
  errorText,
  skeleton,
  loadingLabel,
  children,
}: QueryStateProps<T>) {
  const { t } = useT();
  if (query.isPending) {
    return (
      <div role="status" aria-label={loadingLabel ?? t('common.loading')}>
        {skeleton ?? <div className="h-40 animate-pulse rounded-xl bg-malt-800/60" />}
      </div>
    );
  }
  // A failed background read (a poll while the network is away) keeps what is on screen, so a
  // form being typed in is not replaced; the error view is for data never read.
  if (query.data === undefined) {
    return (
      <div className="card text-center">
        <p role="alert" className="text-lg font-bold">
          {errorMessage(query.error, errorText)}
        </p>
        <button type="button" className="btn-primary mt-4" onClick={() => void query.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
