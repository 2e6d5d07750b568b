import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  awaitingScales,
  resetOwnScaleKey,
  scaleSettings,
  scales,
} from '@beerscale/contract/api/scales';
import type { ScaleSummary } from '@beerscale/contract/scales';
import { callsTo, serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { ScaleSettingsView } from './scale-settings-view';

// Issue 42: the owner resets their scale's pairing key from its settings page, after saying so.

const MAC = 'AABBCCDDEEFF';
const scale: ScaleSummary = {
  mac_address: MAC,
  scale_name: null,
  model_name: null,
  connection_status: 'connected',
  pairing_requested: false,
  bridged: false,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(confirmed: boolean) {
  vi.stubGlobal('confirm', () => confirmed);
  serve(resetOwnScaleKey, () => ({ message: 'Pairing key reset' }));
  serve(scaleSettings, () => ({ settings: {}, wifi_failed_ssid: null }));
  serve(scales, () => ({ scales: [scale] }));
  serve(awaitingScales, () => ({ scales: [] }));
  render(<ScaleSettingsView />, { wrapper: sessionWrapper(new FakeSocket()) });
}

describe("resetting a scale's pairing key", () => {
  it('sends the reset for this scale once the owner confirms', async () => {
    show(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Reset pairing key' }));
    await waitFor(() => expect(callsTo(resetOwnScaleKey)).toHaveLength(1));
    expect(callsTo(resetOwnScaleKey)[0]!.params).toEqual({ mac: MAC });
  });

  it('sends nothing when the owner thinks better of it', async () => {
    show(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Reset pairing key' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(resetOwnScaleKey)).toEqual([]);
  });
});
