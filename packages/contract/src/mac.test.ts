import { describe, expect, it } from 'vitest';
import { macSchema } from './mac';
import { cleanMac, isValidMac, macFromQuery } from './mac-address';
import { VALIDATION } from './messages';

describe('cleanMac', () => {
  it.each([
    ['aa:bb:cc:dd:ee:ff', 'AABBCCDDEEFF'],
    ['aa-bb-cc-dd-ee-ff', 'AABBCCDDEEFF'],
    ['  a1b2 c3d4 e5f6 ', 'A1B2C3D4E5F6'],
    ['AABBCCDDEEFF0011', 'AABBCCDDEEFF'],
    ['xyz-12', '12'],
    ['', ''],
  ])('cleans %j to %j', (input, expected) => {
    expect(cleanMac(input)).toBe(expected);
  });
});

describe('isValidMac and macSchema', () => {
  it('accepts exactly 12 upper-case hex digits', () => {
    expect(isValidMac('A1B2C3D4E5F6')).toBe(true);
    expect(isValidMac('A1B2C3D4E5F')).toBe(false);
    expect(isValidMac('A1:B2:C3:D4:E5:F6')).toBe(false);
    expect(isValidMac('a1b2c3d4e5f6')).toBe(false);
  });

  it('upper-cases lower-case input and refuses separators with the fixed message', () => {
    expect(macSchema.parse('a1b2c3d4e5f6')).toBe('A1B2C3D4E5F6');
    const bad = macSchema.safeParse('A1:B2:C3:D4:E5:F6');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(VALIDATION.invalidMac);
    expect(macSchema.safeParse('').error?.issues[0]?.message).toBe(VALIDATION.macRequired);
    expect(macSchema.safeParse(undefined).error?.issues[0]?.message).toBe(VALIDATION.macRequired);
  });
});

// A device link (to /register or /game) carries the scale's address in its query.
describe('macFromQuery', () => {
  it('reads mac, macAddress, device or id, in that order, cleaned', () => {
    expect(macFromQuery(new URLSearchParams('id=111111111111&mac=aa:bb:cc:dd:ee:ff'))).toBe(
      'AABBCCDDEEFF',
    );
    expect(macFromQuery(new URLSearchParams('macAddress=a1b2c3d4e5f6'))).toBe('A1B2C3D4E5F6');
    expect(macFromQuery(new URLSearchParams('device=A1B2C3D4E5F6'))).toBe('A1B2C3D4E5F6');
    expect(macFromQuery(new URLSearchParams('id=A1B2C3D4E5F6'))).toBe('A1B2C3D4E5F6');
    expect(macFromQuery(new URLSearchParams('other=1'))).toBeNull();
  });
});
