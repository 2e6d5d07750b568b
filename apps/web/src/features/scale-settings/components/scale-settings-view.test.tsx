import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@beerscale/contract/messages';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { ScaleSettingsView } from './scale-settings-view';

// SPEC §8: a server failure is shown from the reply's error field, the fallback otherwise.

const SCALE = { mac_address: 'AABBCCDDEEFF', scale_name: 'Tap', connection_status: 'offline' };
const reply = (status: number, body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

function serve(scales: Response, settings?: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => (path.endsWith('/settings') ? settings! : scales)),
  );
  render(<ScaleSettingsView />, { wrapper: sessionWrapper(new FakeSocket()) });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('without a scale', () => {
  it('says an administrator assigns a WiFi scale and offers to connect a Bluetooth one', async () => {
    serve(reply(200, { scales: [] }));
    expect(await screen.findByRole('heading', { name: 'No Scales Found' })).toBeTruthy();
    expect(screen.getByText(/administrator must assign/).textContent).toMatch(/Bluetooth/);
    expect(
      screen.getByRole('link', { name: 'Connect a Bluetooth scale' }).getAttribute('href'),
    ).toBe('#bluetooth');
  });
});

describe('the scale settings error views', () => {
  it("show the server's error for the scales", async () => {
    serve(reply(503, { error: ERRORS.unavailable }));
    expect((await screen.findByRole('alert')).textContent).toBe(ERRORS.unavailable);
  });

  it('fall back for the scales when the reply has no error field', async () => {
    serve(reply(502, 'Bad gateway'));
    expect((await screen.findByRole('alert')).textContent).toBe(ERRORS.fetchScales);
  });

  it("show the server's error for the settings, and fall back without one", async () => {
    serve(reply(200, { scales: [SCALE] }), reply(404, { error: 'Scale not found' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Scale not found');
    cleanup();
    serve(reply(200, { scales: [SCALE] }), reply(500, ''));
    expect((await screen.findByRole('alert')).textContent).toBe(ERRORS.fetchScaleSettings);
  });
});
