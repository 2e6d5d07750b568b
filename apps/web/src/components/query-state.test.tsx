import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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
  render(
    <QueryClientProvider client={queryClient}>
      <Screen fetcher={fetcher} />
    </QueryClientProvider>,
  );
  return queryClient;
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

  it('keeps what it shows when a later read fails (a poll while the network is away)', async () => {
    let calls = 0;
    const client = show(() =>
      ++calls === 1 ? Promise.resolve('Typed here') : Promise.reject(new Error('offline')),
    );
    expect(await screen.findByText('Typed here')).toBeTruthy();
    await act(() => client.refetchQueries({ queryKey: ['screen'] }));
    await waitFor(() => expect(client.getQueryState(['screen'])?.status).toBe('error'));
    expect(calls).toBe(2);
    expect(screen.getByText('Typed here')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
