import { Bluetooth, Scale as ScaleIcon } from 'lucide-react';
import { useState } from 'react';
import { PASSWORD_SET, type ScaleSummary } from '@beerscale/contract/scales';
import { QueryState } from '../../../components/query-state';
import { useScaleSettings } from '../api/scale-settings';
import { useScales } from '../api/scales';
import { AwaitingScales } from './awaiting-scales';
import { BridgedScalePanel } from './bridged-scale-panel';
import { ConnectionDot } from './connection-dot';
import { GeneralSettingsForm } from './general-settings-form';
import { PairScalePanel } from './pair-scale-panel';
import { ResetKeyPanel } from './reset-key-panel';
import { WifiForm } from './wifi-form';
import { useT } from '../../../i18n/use-t';

/**
 * The player's scales and their settings. `bridgedHere`: the address of the scale this browser
 * bridges right now (the Bluetooth section beside this one knows it), or null.
 */
export function ScaleSettingsView({ bridgedHere = null }: { bridgedHere?: string | null } = {}) {
  const scales = useScales();
  const { t } = useT();
  return (
    <div className="space-y-4">
      <AwaitingScales />
      <QueryState
        query={scales}
        errorText={t('error.FETCH_SCALES')}
        skeleton={<div className="card h-48 animate-pulse" />}
      >
        {(list) => <OwnScales list={list} bridgedHere={bridgedHere} />}
      </QueryState>
    </div>
  );
}

function OwnScales({ list, bridgedHere }: { list: ScaleSummary[]; bridgedHere: string | null }) {
  const [picked, setPicked] = useState<string | null>(null);
  // Unless the player picked one, the scale this browser bridges is the one they came for.
  const here = list.find((s) => s.mac_address === bridgedHere)?.mac_address;
  const mac = picked ?? here ?? list[0]?.mac_address ?? null;
  const { t } = useT();
  const scale = list.find((s) => s.mac_address === mac);

  if (list.length === 0) {
    return (
      <section className="card text-center">
        <ScaleIcon className="mx-auto size-12 text-foam-400" aria-hidden />
        <h2 className="mt-3 text-xl font-bold">{t('scale.noScales')}</h2>
        <p className="mt-2 text-foam-200">{t('scale.noScalesText')}</p>
        {/* The Bluetooth section above this one needs no administrator. */}
        <a href="#bluetooth" className="btn-secondary mt-4">
          {t('scale.noScalesBluetooth')}
        </a>
      </section>
    );
  }

  return (
    <div className="space-y-4">
      <section className="card flex flex-wrap items-center justify-between gap-3">
        {list.length > 1 ? (
          <div className="w-full sm:w-auto sm:min-w-48 sm:flex-1">
            <div className="flex items-center gap-2">
              <label htmlFor="scale-picker" className="field-label">
                {t('scale.scale')}
              </label>
              {scale?.bridged && <BluetoothBadge />}
            </div>
            <select
              id="scale-picker"
              className="field-input font-mono"
              value={mac ?? ''}
              onChange={(e) => setPicked(e.target.value)}
            >
              {list.map((s) => (
                <option key={s.mac_address} value={s.mac_address}>
                  {s.scale_name ?? s.mac_address} ({s.mac_address})
                  {s.bridged ? ` – ${t('scale.kindBluetooth')}` : ''}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <div className="min-w-0">
            <p className="flex items-center gap-2 text-sm text-foam-400">
              {t('scale.scale')}
              {scale?.bridged && <BluetoothBadge />}
            </p>
            <p className="font-mono text-lg font-bold break-words">{scale?.scale_name ?? mac}</p>
          </div>
        )}
        {mac && <ConnectionDot mac={mac} initial={scale?.connection_status === 'connected'} />}
      </section>
      {mac && scale?.pairing_requested && <PairScalePanel mac={mac} />}
      {/* A bridged Bluetooth scale has no WiFi and no firmware settings: the server refuses them. */}
      {scale?.bridged ? (
        <BridgedScalePanel
          key={`${scale.mac_address}:${scale.scale_name}`}
          scale={scale}
          bridgedHere={scale.mac_address === bridgedHere}
        />
      ) : (
        <>
          {mac && <ScaleSettings key={mac} mac={mac} />}
          <p className="text-sm text-foam-400">{t('scale.footnote')}</p>
        </>
      )}
    </div>
  );
}

function BluetoothBadge() {
  const { t } = useT();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-400/15 px-2 py-0.5 text-xs font-semibold text-amber-300">
      <Bluetooth className="size-3.5" aria-hidden /> {t('scale.kindBluetooth')}
    </span>
  );
}

function ScaleSettings({ mac }: { mac: string }) {
  const settings = useScaleSettings(mac);
  const { t } = useT();
  return (
    <QueryState
      query={settings}
      errorText={t('error.FETCH_SCALE_SETTINGS')}
      skeleton={<div className="card h-48 animate-pulse" />}
    >
      {({ settings: values, wifi_failed_ssid: failedSsid }) => (
        <div className="grid gap-4 md:grid-cols-2">
          <WifiForm
            mac={mac}
            currentSsid={values.wifi_ssid ?? ''}
            passwordSet={values.wifi_password === PASSWORD_SET}
            failedSsid={failedSsid}
          />
          <GeneralSettingsForm mac={mac} settings={values} />
          <ResetKeyPanel mac={mac} />
        </div>
      )}
    </QueryState>
  );
}
