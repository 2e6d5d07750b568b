import { Bluetooth, BluetoothOff, Scale as ScaleIcon, Unplug } from 'lucide-react';
import { DEVICE_REJECTS } from '@beerscale/contract/device-rejects';
import type { BridgeState } from '../bridge/scale-bridge';
import type { UnconvertibleUnit } from '../drivers/types';
import { useBluetoothScale } from '../hooks/use-bluetooth-scale';
import { bluetoothMessage } from '../texts';
import { formatNumber, formatPercent } from '../../../i18n/format';
import type { TextKey } from '../../../i18n/use-t';
import { refusalText } from '../../../lib/refusal-text';
import { useT } from '../../../i18n/use-t';
import { ScaleProbePanel } from './scale-probe-panel';

const STATE_TEXT: Record<BridgeState, TextKey | null> = {
  idle: null,
  connecting: 'bt.connecting',
  connected: 'bt.connected',
  reconnecting: 'bt.reconnecting',
  error: null,
};

const UNIT_TEXT: Record<UnconvertibleUnit, TextKey> = {
  'milk-ml': 'bt.unit.milkMl',
  'milk-floz': 'bt.unit.milkFlOz',
};

/**
 * The "Bluetooth scale" section: connect a scale through this browser and see it work. `quiet`:
 * the player's scales are all WiFi scales, so a browser without Web Bluetooth is a side note, not
 * a red warning over the settings of a scale that needs none.
 */
export function BluetoothScaleSection({ quiet = false }: { quiet?: boolean } = {}) {
  const { support, session } = useBluetoothScale();
  const { t } = useT();
  const snapshot = session?.getSnapshot();
  const bridge = snapshot?.bridge;
  const server = snapshot?.server ?? null;
  const active = bridge && bridge.state !== 'idle' && bridge.state !== 'error';

  return (
    <section className="card space-y-4" aria-labelledby="bluetooth-title" id="bluetooth">
      <div className="flex items-center gap-3">
        <Bluetooth className="size-6 shrink-0 text-amber-400" aria-hidden />
        <h2 id="bluetooth-title" className="text-xl font-bold">
          {t('bt.title')}
        </h2>
      </div>
      <p className="text-sm text-foam-200">{t('bt.intro')}</p>
      {support !== 'ok' && quiet && (
        <p role="note" className="text-sm text-foam-400" data-testid="bluetooth-unsupported">
          {t(support === 'insecure' ? 'bt.insecure' : 'bt.unsupported')}
        </p>
      )}
      {support === 'insecure' && !quiet && (
        // A note, not an alert: it is the page's steady state in such a browser.
        <p role="note" className="banner-error flex gap-2">
          <BluetoothOff className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t('bt.insecure')}
        </p>
      )}
      {support === 'unsupported' && !quiet && <UnsupportedNotice />}
      {!active && server?.error === DEVICE_REJECTS.replaced.error && (
        <p
          role="status"
          className="rounded-xl bg-amber-400/10 p-3 text-sm text-amber-200"
          data-testid="bluetooth-taken-over"
        >
          {t('bt.takenOver')}
        </p>
      )}
      {session && bridge && !active && (
        <button
          type="button"
          // Narrower sides on phones and a slightly smaller size below 400 px: German's
          // "Bluetooth-Waage verbinden" fits on one line from 360 px.
          className="btn-primary w-full px-3 max-[400px]:text-[0.9375rem] sm:w-auto sm:px-6"
          onClick={() => void session.bridge.connect()}
        >
          <Bluetooth className="size-4" aria-hidden /> {t('bt.connect')}
        </button>
      )}
      {bridge?.error && (
        <p role="alert" className="banner-error">
          {bluetoothMessage(bridge.error)}
        </p>
      )}
      {session && bridge && active && (
        <div className="space-y-4">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-foam-400">{t('bt.scale')}</dt>
              <dd className="font-semibold break-words">{bridge.deviceName ?? '–'}</dd>
            </div>
            <div>
              <dt className="text-foam-400">{t('bt.driver')}</dt>
              <dd className="font-semibold" data-testid="bluetooth-driver">
                {bridge.driverLabel ?? '–'}
              </dd>
            </div>
            <div>
              <dt className="text-foam-400">{t('bt.connection')}</dt>
              <dd
                className="inline-flex items-center gap-2 font-semibold"
                data-testid="bluetooth-state"
              >
                <span
                  className={`size-2.5 rounded-full ${bridge.state === 'connected' ? 'bg-hop-400' : 'bg-amber-400'}`}
                  aria-hidden
                />
                {STATE_TEXT[bridge.state] ? t(STATE_TEXT[bridge.state]!) : null}
              </dd>
            </div>
            <div>
              <dt className="text-foam-400">{t('bt.battery')}</dt>
              <dd className="font-semibold">
                {bridge.battery === null ? '–' : formatPercent(bridge.battery / 100)}
              </dd>
            </div>
          </dl>
          <div className="flex items-end gap-3">
            <ScaleIcon className="mb-2 size-8 text-foam-400" aria-hidden />
            <output
              className="font-mono text-5xl font-black tabular-nums"
              aria-label={t('bt.liveWeight')}
              data-testid="bluetooth-weight"
            >
              {bridge.grams === null ? '–' : formatNumber(bridge.grams, 1)}
            </output>
            <span className="mb-1.5 text-xl text-foam-300">g</span>
            {bridge.stable && (
              <span className="mb-2 rounded-full bg-hop-400/20 px-2 py-0.5 text-xs font-semibold text-hop-300">
                {t('bt.stable')}
              </span>
            )}
          </div>
          {bridge.unparsed && (
            <p
              role="status"
              className="rounded-xl bg-amber-400/10 p-3 text-sm break-words text-amber-200"
              data-testid="bluetooth-unparsed"
            >
              {t('bt.unparsed', {
                count: formatNumber(bridge.unparsed.count),
                frame: bridge.unparsed.last,
              })}
            </p>
          )}
          {bridge.unconvertibleUnit && (
            <p role="alert" className="banner-error" data-testid="bluetooth-unit-refused">
              {t('bt.unitRefused', { unit: t(UNIT_TEXT[bridge.unconvertibleUnit]) })}
            </p>
          )}
          <p className="text-sm text-foam-300" data-testid="bluetooth-address">
            {server?.bridged ? (
              <>
                {t('bt.address')}{' '}
                <span className="font-mono font-semibold">{server.macAddress}</span>.{' '}
                {t('bt.useInGame')}
              </>
            ) : (
              ((server?.error ? refusalText(server.error) : null) ??
              (bridge.state === 'connected' ? t('bt.serverWaiting') : null))
            )}
          </p>
          <div className="flex flex-wrap gap-2">
            {session.bridge.canTare && (
              <button
                type="button"
                className="btn-secondary"
                onClick={() => void session.bridge.tare().catch(() => undefined)}
              >
                {t('bt.tare')}
              </button>
            )}
            <button
              type="button"
              className="btn-danger"
              onClick={() => session.bridge.disconnect()}
            >
              <Unplug className="size-4" aria-hidden /> {t('bt.disconnect')}
            </button>
          </div>
        </div>
      )}
      {session && <ScaleProbePanel bluetooth={navigator.bluetooth} />}
    </section>
  );
}

/** In place of the connect button where the browser has no Web Bluetooth: what works instead. */
function UnsupportedNotice() {
  const { t } = useT();
  return (
    // A note, not an alert: it is the page's steady state in such a browser.
    <div role="note" className="banner-error flex gap-2" data-testid="bluetooth-unsupported">
      <BluetoothOff className="mt-1 size-4 shrink-0" aria-hidden />
      <div className="space-y-2">
        <p className="font-semibold">{t('bt.unsupported')}</p>
        <p>{t('bt.unsupportedBrowsers')}</p>
        <p>{t('bt.unsupportedAlternatives')}</p>
      </div>
    </div>
  );
}
