import { Bluetooth, BluetoothOff, Scale as ScaleIcon, Unplug } from 'lucide-react';
import { BLUETOOTH_TEXTS } from '@beerscale/contract/bluetooth-bridge';
import type { BridgeState } from '../bridge/scale-bridge';
import { useBluetoothScale } from '../hooks/use-bluetooth-scale';

const STATE_TEXT: Record<BridgeState, string | null> = {
  idle: null,
  connecting: BLUETOOTH_TEXTS.connecting,
  connected: BLUETOOTH_TEXTS.connected,
  reconnecting: BLUETOOTH_TEXTS.reconnecting,
  error: null,
};

/** The "Bluetooth scale" section: connect a scale through this browser and see it work. */
export function BluetoothScaleSection() {
  const { support, session } = useBluetoothScale();
  const snapshot = session?.getSnapshot();
  const bridge = snapshot?.bridge;
  const server = snapshot?.server ?? null;
  const active = bridge && bridge.state !== 'idle' && bridge.state !== 'error';

  return (
    <section className="card space-y-4" aria-labelledby="bluetooth-title" id="bluetooth">
      <div className="flex items-center gap-3">
        <Bluetooth className="size-6 shrink-0 text-amber-400" aria-hidden />
        <h2 id="bluetooth-title" className="text-xl font-bold">
          {BLUETOOTH_TEXTS.title}
        </h2>
      </div>
      <p className="text-sm text-foam-200">{BLUETOOTH_TEXTS.intro}</p>
      {support !== 'ok' && (
        // A note, not an alert: it is the page's steady state in such a browser.
        <p role="note" className="banner-error flex gap-2">
          <BluetoothOff className="mt-0.5 size-4 shrink-0" aria-hidden />
          {support === 'insecure' ? BLUETOOTH_TEXTS.insecure : BLUETOOTH_TEXTS.unsupported}
        </p>
      )}
      {session && bridge && !active && (
        <button
          type="button"
          className="btn-primary w-full sm:w-auto"
          onClick={() => void session.bridge.connect()}
        >
          <Bluetooth className="size-4" aria-hidden /> {BLUETOOTH_TEXTS.connect}
        </button>
      )}
      {bridge?.error && (
        <p role="alert" className="banner-error">
          {bridge.error}
        </p>
      )}
      {session && bridge && active && (
        <div className="space-y-4">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-foam-400">Scale</dt>
              <dd className="font-semibold break-words">{bridge.deviceName ?? '–'}</dd>
            </div>
            <div>
              <dt className="text-foam-400">Driver</dt>
              <dd className="font-semibold" data-testid="bluetooth-driver">
                {bridge.driverLabel ?? '–'}
              </dd>
            </div>
            <div>
              <dt className="text-foam-400">Connection</dt>
              <dd
                className="inline-flex items-center gap-2 font-semibold"
                data-testid="bluetooth-state"
              >
                <span
                  className={`size-2.5 rounded-full ${bridge.state === 'connected' ? 'bg-hop-400' : 'bg-amber-400'}`}
                  aria-hidden
                />
                {STATE_TEXT[bridge.state]}
              </dd>
            </div>
            <div>
              <dt className="text-foam-400">Battery</dt>
              <dd className="font-semibold">
                {bridge.battery === null ? '–' : `${bridge.battery} %`}
              </dd>
            </div>
          </dl>
          <div className="flex items-end gap-3">
            <ScaleIcon className="mb-2 size-8 text-foam-400" aria-hidden />
            <output
              className="font-mono text-5xl font-black tabular-nums"
              aria-label="Live weight"
              data-testid="bluetooth-weight"
            >
              {bridge.grams === null ? '–' : bridge.grams.toFixed(1)}
            </output>
            <span className="mb-1.5 text-xl text-foam-300">g</span>
            {bridge.stable && (
              <span className="mb-2 rounded-full bg-hop-400/20 px-2 py-0.5 text-xs font-semibold text-hop-300">
                stable
              </span>
            )}
          </div>
          <p className="text-sm text-foam-300" data-testid="bluetooth-address">
            {server?.bridged ? (
              <>
                Address <span className="font-mono font-semibold">{server.macAddress}</span>.{' '}
                {BLUETOOTH_TEXTS.useInGame}
              </>
            ) : (
              (server?.error ??
              (bridge.state === 'connected' ? BLUETOOTH_TEXTS.serverWaiting : null))
            )}
          </p>
          <div className="flex flex-wrap gap-2">
            {session.bridge.canTare && (
              <button
                type="button"
                className="btn-secondary"
                onClick={() => void session.bridge.tare().catch(() => undefined)}
              >
                {BLUETOOTH_TEXTS.tare}
              </button>
            )}
            <button
              type="button"
              className="btn-danger"
              onClick={() => session.bridge.disconnect()}
            >
              <Unplug className="size-4" aria-hidden /> {BLUETOOTH_TEXTS.disconnect}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
