import { afterEach, describe, expect, it } from 'vitest';
import { clearCache, queryClient, setCacheOwner } from './query-client';

// A shared phone: the next person must never see the previous account's cached data.

afterEach(() => clearCache());

describe('the query cache', () => {
  it('keys every query by the signed-in account: the same key of another account is another entry', () => {
    setCacheOwner(1);
    queryClient.setQueryData(['profile'], { playerName: 'Admin' });
    const adminHash = queryClient.getQueryCache().find({ queryKey: ['profile'] })!.queryHash;
    setCacheOwner(2);
    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
    queryClient.setQueryData(['profile'], { playerName: 'Guest' });
    expect(queryClient.getQueryCache().find({ queryKey: ['profile'] })!.queryHash).not.toBe(
      adminHash,
    );
  });

  it('drops everything when another account signs in', () => {
    setCacheOwner(1);
    queryClient.setQueryData(['admin', 'scales', 0], { scales: ['AABBCCDDEEFF'] });
    queryClient.setQueryData(['home'], { stats: {} });
    setCacheOwner(2);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('keeps the cache while the same account stays signed in', () => {
    setCacheOwner(3);
    queryClient.setQueryData(['home'], { stats: {} });
    setCacheOwner(3);
    expect(queryClient.getQueryData(['home'])).toEqual({ stats: {} });
  });

  it('is empty after sign-out', () => {
    setCacheOwner(4);
    queryClient.setQueryData(['admin', 'pairings'], [{ mac: 'AABBCCDDEEFF' }]);
    clearCache();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    setCacheOwner(4);
    expect(queryClient.getQueryData(['admin', 'pairings'])).toBeUndefined();
  });
});
