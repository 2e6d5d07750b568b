import { Scale as ScaleIcon } from 'lucide-react';
import { useState } from 'react';
import { PASSWORD_SET, type ScaleSummary } from '@beerscale/contract/scales';
import { QueryState } from '../../../components/query-state';
import { useScaleSettings } from '../api/scale-settings';
import { useScales } from '../api/scales';
import { ConnectionDot } from './connection-dot';
import { GeneralSettingsForm } from './general-settings-form';
import { PairScalePanel } from './pair-scale-panel';
import { WifiForm } from './wifi-form';
import { useT } from '../../../i18n/use-t';

export function ScaleSettingsView() {
  const scales = useScales();
  const { t } = useT();
  return (
    <QueryState
      query={scales}
      errorText={t('error.FETCH_SCALES')}
      skeleton={<div className="card h-48 animate-pulse" />}
    >
      {(list) => <OwnScales list={list} />}
    </QueryState>
  );
}

function OwnScales({ list }: { list: ScaleSummary[] }) {
  const [picked, setPicked] = useState<string | null>(null);
  const mac = picked ?? list[0]?.mac_address ?? null;
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
          <div className="min-w-48 flex-1">
            <label htmlFor="scale-picker" className="field-label">
              {t('scale.scale')}
            </label>
            <select
              id="scale-picker"
              className="field-input font-mono"
              value={mac ?? ''}
              onChange={(e) => setPicked(e.target.value)}
            >
              {list.map((s) => (
                <option key={s.mac_address} value={s.mac_address}>
                  {s.scale_name ?? s.mac_address} ({s.mac_address})
                </option>
              ))}
            </select>
          </div>
        ) : (
          <div>
            <p className="text-sm text-foam-400">{t('scale.scale')}</p>
            <p className="font-mono text-lg font-bold">{scale?.scale_name ?? mac}</p>
          </div>
        )}
        {mac && <ConnectionDot mac={mac} initial={scale?.connection_status === 'connected'} />}
      </section>
      {mac && scale?.pairing_requested && <PairScalePanel mac={mac} />}
      {mac && <ScaleSettings key={mac} mac={mac} />}
      <p className="text-sm text-foam-400">{t('scale.footnote')}</p>
    </div>
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
      {(values) => (
        <div className="grid gap-4 md:grid-cols-2">
          <WifiForm
            mac={mac}
            currentSsid={values.wifi_ssid ?? ''}
            passwordSet={values.wifi_password === PASSWORD_SET}
          />
          <GeneralSettingsForm mac={mac} settings={values} />
        </div>
      )}
    </QueryState>
  );
}
