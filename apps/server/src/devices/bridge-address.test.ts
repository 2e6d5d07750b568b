import { describe, expect, it } from 'vitest';
import { isValidMac } from '@beerscale/contract/mac-address';
import { bridgedScaleMac } from './bridge-address';

describe('bridgedScaleMac', () => {
  it('is stable per player and device, different otherwise, and locally administered', () => {
    const mac = bridgedScaleMac(7, 'Xy1+abc==');
    expect(isValidMac(mac)).toBe(true);
    expect(bridgedScaleMac(7, 'Xy1+abc==')).toBe(mac);
    expect(bridgedScaleMac(8, 'Xy1+abc==')).not.toBe(mac);
    expect(bridgedScaleMac(7, 'other')).not.toBe(mac);
    for (const id of ['a', 'b', 'c', 'd']) {
      const first = parseInt(bridgedScaleMac(1, id).slice(0, 2), 16);
      expect(first & 0x03).toBe(0x02);
    }
  });
});
