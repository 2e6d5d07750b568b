import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { QueryState } from './query-state';

afterEach(cleanup);

/** A screen whose data comes from `fetcher`, shown through QueryState. */
function Screen({ fetcher }: { fetcher: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['screen'], queryFn: fetcher });
  return (
    <QueryState query={query} errorText="Failed to load" skeleton={<div data-testid="skeleton" />}>
      {(text) => <p>{text}</p>}
    </QueryState>
  );
}

function show(fetcher: () => Promise<string>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <Screen fetcher={fetcher} />
    </QueryClientProvider>,
  );
}

describe('QueryState', () => {
  it('announces the skeleton as a status while the data loads', () => {
    show(() => new Promise<string>(() => {}));
    expect(screen.getByRole('status').contains(screen.getByTestId('skeleton'))).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows an alert, not the skeleton, when the query fails', async () => {
    show(() => Promise.reject(new ApiError('server', 500, 'Database unreachable')));
    expect((await screen.findByRole('alert')).textContent).toContain('Database unreachable');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByTestId('skeleton')).toBeNull();
  });

  it('says the fallback when the server gave no reason, and Try Again asks again', async () => {
    let calls = 0;
    show(() => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve('Back')));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect((await screen.findByText('Back')).tagName).toBe('P');
  });
});
