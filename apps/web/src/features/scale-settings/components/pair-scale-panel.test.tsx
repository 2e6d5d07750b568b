import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { awaitingScales, pairScale, scaleSettings, scales } from '@beerscale/contract/api/scales';
import { PAIRING_MESSAGES, type ScaleSummary } from '@beerscale/contract/scales';
import { callsTo, refusal, serve, type Answer } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { ScaleSettingsView } from './scale-settings-view';

const MAC = 'AABBCCDDEEFF';
const scale = (pairing_requested: boolean): ScaleSummary => ({
  mac_address: MAC,
  scale_name: null,
  model_name: null,
  connection_status: 'disconnected',
  pairing_requested,
  bridged: false,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(pairReply: Answer<typeof pairScale>) {
  serve(pairScale, () => pairReply);
  serve(scaleSettings, () => ({ settings: {}, wifi_failed_ssid: null }));
  serve(scales, () => ({ scales: [scale(true)] }));
  serve(awaitingScales, () => ({ scales: [] }));
  render(<ScaleSettingsView />, { wrapper: sessionWrapper(new FakeSocket()) });
}

describe('pairing a waiting scale from its settings page', () => {
  it('asks for the code only while a device waits, and sends the six digits', async () => {
    show({ paired: true });
    const field = await screen.findByLabelText('Enter the code shown on your scale');
    fireEvent.change(field, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pair scale' }));
    await waitFor(() => expect(callsTo(pairScale)).toHaveLength(1));
    expect(callsTo(pairScale).map((c) => [c.params, c.body])).toEqual([
      [{ mac: MAC }, { code: '123456' }],
    ]);
  });

  it("keeps a malformed code from the server and shows the server's refusal", async () => {
    show(refusal(pairScale, 400, { error: PAIRING_MESSAGES.wrongCode }));
    const field = await screen.findByLabelText('Enter the code shown on your scale');
    fireEvent.change(field, { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pair scale' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PAIRING_MESSAGES.codeFormat);
    expect(callsTo(pairScale)).toHaveLength(0);
    fireEvent.change(field, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pair scale' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(PAIRING_MESSAGES.wrongCode),
    );
  });
});
