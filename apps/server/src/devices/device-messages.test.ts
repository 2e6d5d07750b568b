import { describe, expect, it } from 'vitest';
import { statusReport } from './device-messages';

describe('a STATUS report', () => {
  it.each([
    [{ wifi: 'failed', ssid: 'Home' }, { wifiFailed: 'Home' }],
    [{ calibrated: 412.5 }, { calibrated: 412.5 }],
    [
      { wifi: 'failed', ssid: 'Home', calibrated: 0 },
      { wifiFailed: 'Home', calibrated: 0 },
    ],
    // Without the network's name a failed change cannot be matched to a setting: nothing.
    [{ wifi: 'failed' }, {}],
    [{ wifi: 'failed', ssid: '' }, {}],
    // A `wifi` value this server does not know is ignored like a new field.
    [{ wifi: 'joined', ssid: 'Home' }, {}],
    [{}, {}],
  ])('%j reports %j', (fields, report) => {
    expect(statusReport({ type: 'STATUS', ...fields })).toEqual(report);
  });
});
