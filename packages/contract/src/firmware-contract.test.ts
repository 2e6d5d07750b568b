import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRMWARE_CONTRACT_HEADER, firmwareContractHeader } from './firmware-contract';

describe('the firmware contract header', () => {
  it('is what the contract says (npx tsx packages/contract/src/firmware-contract.ts writes it)', () => {
    expect(readFileSync(FIRMWARE_CONTRACT_HEADER, 'utf8')).toBe(firmwareContractHeader());
  });

  it('carries the device limits the firmware uses', () => {
    const header = firmwareContractHeader();
    expect(header).toContain('constexpr uint32_t kMaxWeightHz = 12;');
    expect(header).toContain('constexpr uint32_t kPairingCodeTtlS = 600;');
    expect(header).toContain('constexpr int kGamePlayersMax = 10;');
    expect(header).toContain('kRejectKeyInUse = "Key in use by a connected scale";');
  });
});
