import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAIRING_MESSAGES } from '@beerscale/contract/scales';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { ScaleSettingsView } from './scale-settings-view';

const MAC = 'AABBCCDDEEFF';
const scale = (pairing_requested: boolean) => ({
  mac_address: MAC,
  scale_name: null,
  model_name: null,
  connection_status: 'disconnected',
  pairing_requested,
  bridged: false,
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(pairReply: () => Response) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path.endsWith('/pair')) {
        calls.push({ path, body: JSON.parse(String(init?.body)) });
        return pairReply();
      }
      if (path.endsWith('/settings')) return json(200, { settings: {} });
      return json(200, { scales: [scale(true)] });
    }),
  );
  render(<ScaleSettingsView />, { wrapper: sessionWrapper(new FakeSocket()) });
  return calls;
}

describe('pairing a waiting scale from its settings page', () => {
  it('asks for the code only while a device waits, and sends the six digits', async () => {
    const calls = serve(() => json(200, { paired: true }));
    const field = await screen.findByLabelText('Enter the code shown on your scale');
    fireEvent.change(field, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pair scale' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      path: `/api/scale-settings/scales/${MAC}/pair`,
      body: { code: '123456' },
    });
  });

  it("keeps a malformed code from the server and shows the server's refusal", async () => {
    const calls = serve(() => json(400, { error: PAIRING_MESSAGES.wrongCode }));
    const field = await screen.findByLabelText('Enter the code shown on your scale');
    fireEvent.change(field, { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pair scale' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PAIRING_MESSAGES.codeFormat);
    expect(calls).toHaveLength(0);
    fireEvent.change(field, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pair scale' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(PAIRING_MESSAGES.wrongCode),
    );
  });
});
