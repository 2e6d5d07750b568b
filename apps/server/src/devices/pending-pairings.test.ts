import { describe, expect, it } from 'vitest';
import { PAIRING_MAX_WRONG_CODES } from '@beerscale/contract/device-socket';
import { hashCode, PendingPairings, type Pending } from './pending-pairings';

const pending = (id: string, mac: string, code: string, expiresAt: number): Pending => ({
  id,
  mac,
  codeHash: hashCode(id, code),
  keyHash: `key-${id}`,
  expiresAt,
  firmware: 'fw',
  model: null,
});

describe('pending pairings', () => {
  it('matches a code only for its own address and only until it expires', () => {
    const store = new PendingPairings();
    store.add(pending('a', 'AA0000000001', '123456', 1_000));
    store.add(pending('b', 'AA0000000002', '654321', 1_000));
    expect(store.match('AA0000000001', '123456', 500)?.id).toBe('a');
    expect(store.match('AA0000000001', '654321', 500)).toBeUndefined();
    expect(store.match('AA0000000001', '123456', 1_000)).toBeUndefined();
    store.sweep(1_000);
    expect(store.size).toBe(0);
  });

  it('drops every pairing of an address after the fifth wrong code', () => {
    const store = new PendingPairings();
    store.add(pending('a', 'AA0000000001', '111111', 10_000));
    store.add(pending('b', 'AA0000000001', '222222', 10_000));
    for (let i = 1; i < PAIRING_MAX_WRONG_CODES; i += 1)
      expect(store.wrongCode('AA0000000001')).toBe(false);
    expect(store.wrongCode('AA0000000001')).toBe(true);
    expect(store.clearMac('AA0000000001').sort()).toEqual(['a', 'b']);
    expect(store.forMac('AA0000000001', 0)).toEqual([]);
  });

  it('lists one row per address with how many devices claim it', () => {
    const store = new PendingPairings();
    store.add(pending('a', 'AA0000000001', '111111', 5_000));
    store.add(pending('b', 'AA0000000001', '222222', 9_000));
    expect(store.list(0)).toEqual([
      {
        mac: 'AA0000000001',
        firmware: 'fw',
        model: null,
        expiresAt: new Date(9_000).toISOString(),
        devices: 2,
      },
    ]);
  });
});
