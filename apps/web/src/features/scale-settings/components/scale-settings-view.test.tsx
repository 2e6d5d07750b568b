import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@beerscale/contract/messages';
import {
  awaitingScales,
  scaleSettings,
  scales,
  updateSettings,
  updateWifi,
} from '@beerscale/contract/api/scales';
import type { ScaleSummary } from '@beerscale/contract/scales';
import {
  callsTo,
  entriesCalled,
  refusal,
  serve,
  type Answer,
} from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { SCALES_REFRESH_MS } from '../api/scales';
import { ScaleSettingsView } from './scale-settings-view';

// A server failure is shown from the reply's error field, the screen's own fallback otherwise.

const SCALE: ScaleSummary = {
  mac_address: 'AABBCCDDEEFF',
  scale_name: 'Tap',
  model_name: null,
  connection_status: 'disconnected',
  pairing_requested: false,
  bridged: false,
};
/** A reply no contract describes: a proxy's page, an empty crash. */
const raw = (status: number, body: string) => new Response(body, { status });

function show(
  list: Answer<typeof scales>,
  settings?: Answer<typeof scaleSettings>,
  waiting: Answer<typeof awaitingScales> = { scales: [] },
) {
  serve(awaitingScales, () => waiting);
  serve(scales, () => list);
  if (settings) serve(scaleSettings, () => settings);
  render(<ScaleSettingsView />, { wrapper: sessionWrapper(new FakeSocket()) });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('without a scale', () => {
  it('says the code a WiFi scale shows makes it yours and offers to connect a Bluetooth one', async () => {
    show({ scales: [] });
    expect(await screen.findByRole('heading', { name: 'No Scales Found' })).toBeTruthy();
    expect(screen.getByText(/type the code it shows/).textContent).toMatch(/Bluetooth/);
    expect(
      screen.getByRole('link', { name: 'Connect a Bluetooth scale' }).getAttribute('href'),
    ).toBe('#bluetooth');
  });
});

describe('a scale registered with but not yours yet', () => {
  const awaiting = (pairing_requested: boolean, approval: 'code' | 'administrator') =>
    show({ scales: [] }, undefined, {
      scales: [{ mac_address: 'AABBCCDDEEFF', pairing_requested, approval }],
    });

  it('offers the code form once the scale shows its code, with no administrator', async () => {
    awaiting(true, 'code');
    expect(await screen.findByRole('region', { name: 'Pair this scale' })).toBeTruthy();
  });

  it('says how to get the code before the scale shows one', async () => {
    awaiting(false, 'code');
    expect(await screen.findByRole('heading', { name: 'Your scale AABBCCDDEEFF' })).toBeTruthy();
    expect(screen.getByText(/shows a 6-digit code/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Pair this scale' })).toBeNull();
  });

  it('says an administrator approves it when the operator requires one', async () => {
    awaiting(true, 'administrator');
    expect(await screen.findByText(/administrator enters/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Pair this scale' })).toBeNull();
  });
});

describe('the scale settings error views', () => {
  it("show the server's error for the scales", async () => {
    show(refusal(scales, 503, { error: ERRORS.unavailable }));
    expect((await screen.findByRole('alert')).textContent).toBe(ERRORS.unavailable);
  });

  it('fall back for the scales when the reply has no error field', async () => {
    show(raw(502, 'Bad gateway'));
    expect((await screen.findByRole('alert')).textContent).toBe(ERRORS.fetchScales);
  });

  it("show the server's error for the settings, and fall back without one", async () => {
    show({ scales: [SCALE] }, refusal(scaleSettings, 404, { error: 'Scale not found' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Scale not found');
    cleanup();
    show({ scales: [SCALE] }, raw(500, ''));
    expect((await screen.findByRole('alert')).textContent).toBe(ERRORS.fetchScaleSettings);
  });
});

describe('a bridged Bluetooth scale', () => {
  const BRIDGED: ScaleSummary = {
    mac_address: '3AB1C2D3E4F5',
    scale_name: 'Chipsea-BLE',
    model_name: 'Bluetooth chipsea',
    connection_status: 'connected',
    pairing_requested: false,
    bridged: true,
  };
  const WIFI: ScaleSummary = {
    ...SCALE,
    connection_status: 'connected',
    pairing_requested: false,
    bridged: false,
  };
  function serveScales(list: ScaleSummary[], bridgedHere: string | null = null) {
    serve(scales, () => ({ scales: list }));
    serve(awaitingScales, () => ({ scales: [] }));
    serve(scaleSettings, () => ({ settings: { wifi_ssid: 'Pub' }, wifi_failed_ssid: null }));
    serve(updateSettings, () => ({ message: 'Settings updated' }));
    serve(updateWifi, () => ({ message: 'Settings updated' }));
    render(<ScaleSettingsView bridgedHere={bridgedHere} />, {
      wrapper: sessionWrapper(new FakeSocket()),
    });
  }

  it('shows how it is connected and its name, and offers no WiFi or device settings', async () => {
    serveScales([BRIDGED], BRIDGED.mac_address);
    expect(await screen.findByRole('heading', { name: 'Bluetooth bridge' })).toBeTruthy();
    expect(screen.getByTestId('bridged-link').textContent).toMatch(
      /^Connected through this browser’s Bluetooth bridge/,
    );
    expect(screen.queryByRole('heading', { name: 'WiFi' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'General settings' })).toBeNull();
    expect(screen.queryByLabelText('Calibration offset (g)')).toBeNull();

    const name = screen.getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Chipsea-BLE');
    fireEvent.change(name, { target: { value: 'Kitchen' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(entriesCalled().filter((e) => e.method === 'PUT')).toHaveLength(1));
    expect(entriesCalled().filter((e) => e.method === 'PUT')).toEqual([updateSettings]);
    expect(callsTo(updateSettings).map((c) => [c.params, c.body])).toEqual([
      [{ mac: BRIDGED.mac_address }, { settings: { device_name: 'Kitchen' } }],
    ]);
  });

  it('says it needs a browser to bridge it when this one does not', async () => {
    serveScales([BRIDGED]);
    expect((await screen.findByTestId('bridged-link')).textContent).toMatch(/has no WiFi/);
  });

  it('keeps the WiFi and general settings for a WiFi scale beside it', async () => {
    serveScales([WIFI, BRIDGED], BRIDGED.mac_address);
    // The scale this browser bridges is shown first; the other is one pick away.
    expect(await screen.findByRole('heading', { name: 'Bluetooth bridge' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Scale'), { target: { value: WIFI.mac_address } });
    expect(await screen.findByRole('heading', { name: 'WiFi' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'General settings' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Bluetooth bridge' })).toBeNull();
  });
});

describe('a WiFi scale that could not join its new network (protocol 1.1 STATUS)', () => {
  const WIFI: ScaleSummary = {
    ...SCALE,
    connection_status: 'connected',
    pairing_requested: false,
    bridged: false,
  };

  it('says which network failed and that the scale went back', async () => {
    show(
      { scales: [WIFI] },
      {
        settings: { wifi_ssid: 'Upstairs', wifi_password: '[SET]', calibration_factor: '' },
        wifi_failed_ssid: 'Upstairs',
      },
    );
    const notice = await screen.findByText(/could not join/);
    expect(notice.closest('[role=status]')?.textContent).toBe(
      'Your scale could not join “Upstairs” and went back to the network it had. Check the name and password, then set the WiFi again.',
    );
    expect(
      (screen.getByLabelText('Calibration factor (counts per gram)') as HTMLInputElement).value,
    ).toBe('');
  });

  it('shows a failure the scale reports while the page is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let failed: string | null = null;
      serve(scaleSettings, () => ({
        settings: { wifi_ssid: 'Upstairs' },
        wifi_failed_ssid: failed,
      }));
      show({ scales: [WIFI] });
      expect(await screen.findByRole('heading', { name: 'WiFi' })).toBeTruthy();
      expect(screen.queryByText(/could not join/)).toBeNull();
      failed = 'Upstairs';
      await vi.advanceTimersByTimeAsync(SCALES_REFRESH_MS);
      expect(await screen.findByText(/could not join “Upstairs”/)).toBeTruthy();
      // Once reported, the settings are not read again on their own.
      const reads = callsTo(scaleSettings).length;
      await vi.advanceTimersByTimeAsync(3 * SCALES_REFRESH_MS);
      expect(callsTo(scaleSettings)).toHaveLength(reads);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says nothing when the scale reported no failure', async () => {
    show({ scales: [WIFI] }, { settings: { wifi_ssid: 'Upstairs' }, wifi_failed_ssid: null });
    expect(await screen.findByRole('heading', { name: 'WiFi' })).toBeTruthy();
    expect(screen.queryByText(/could not join/)).toBeNull();
  });
});
