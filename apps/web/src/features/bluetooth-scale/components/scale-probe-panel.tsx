import { Copy, Download, Radar, RotateCcw } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { formatNumber } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';
import { PROBE_DURATION_MS, ScaleProbe, type ProbeRecord } from '../probe/scale-probe';

/**
 * "Scale not listed? Record it": listens to any Bluetooth device for ten seconds while the
 * player puts a known weight on it, and offers what it heard as JSON to copy or download for a
 * bug report. Nothing goes to the server.
 */
export function ScaleProbePanel({ bluetooth }: { bluetooth: Bluetooth }) {
  const { t } = useT();
  const [probe] = useState(() => new ScaleProbe(bluetooth));
  const state = useSyncExternalStore(probe.subscribe, probe.getState, probe.getState);
  const [weight, setWeight] = useState('');
  const [copied, setCopied] = useState(false);
  useEffect(() => () => probe.reset(), [probe]);
  const busy = state.phase === 'connecting' || state.phase === 'recording';
  const known = Number(weight.replace(',', '.'));

  return (
    <section
      className="space-y-3 border-t border-malt-700/70 pt-4"
      aria-labelledby="probe-title"
      data-testid="scale-probe"
    >
      <h3 id="probe-title" className="flex items-center gap-2 text-lg font-bold">
        <Radar className="size-5 shrink-0 text-amber-400" aria-hidden /> {t('bt.probe.title')}
      </h3>
      <p className="text-sm text-foam-200">{t('bt.probe.intro')}</p>
      {(state.phase === 'idle' || state.phase === 'error') && (
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-full sm:w-52">
            <label htmlFor="probe-weight" className="field-label text-sm">
              {t('bt.probe.weight')}
            </label>
            <input
              id="probe-weight"
              className="field-input"
              inputMode="decimal"
              value={weight}
              onChange={(e) => setWeight(e.target.value)}
            />
          </div>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => void probe.record(weight && Number.isFinite(known) ? known : null)}
          >
            <Radar className="size-4" aria-hidden /> {t('bt.probe.record')}
          </button>
        </div>
      )}
      {state.phase === 'error' && (
        <p role="alert" className="banner-error">
          {t('bt.probe.failed', { error: state.error })}
        </p>
      )}
      {busy && (
        <p role="status" className="text-sm text-amber-200" data-testid="probe-status">
          {state.phase === 'connecting'
            ? t('bt.connecting')
            : t('bt.probe.recording', {
                seconds: PROBE_DURATION_MS / 1000,
                frames: state.frames,
              })}
        </p>
      )}
      {state.phase === 'done' && (
        <ProbeResult
          record={state.record}
          copied={copied}
          onCopy={() =>
            void navigator.clipboard
              ?.writeText(JSON.stringify(state.record, null, 2))
              .then(() => setCopied(true))
          }
          onAgain={() => {
            setCopied(false);
            probe.reset();
          }}
        />
      )}
    </section>
  );
}

function ProbeResult({
  record,
  copied,
  onCopy,
  onAgain,
}: {
  record: ProbeRecord;
  copied: boolean;
  onCopy: () => void;
  onAgain: () => void;
}) {
  const { t } = useT();
  const json = JSON.stringify(record, null, 2);
  const download = () => {
    const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `beerscale-probe-${(record.device.name ?? 'scale').replace(/[^\w-]+/g, '_')}.json`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm text-foam-200" data-testid="probe-summary">
        {t('bt.probe.done', {
          name: record.device.name ?? '–',
          frames: record.frames.length,
        })}
      </p>
      <ul className="space-y-1 text-xs text-foam-300">
        {record.services.map((service) => (
          <li key={service.uuid}>
            <span className="font-mono font-semibold break-all text-foam-100">{service.uuid}</span>
            <ul className="pl-4">
              {service.characteristics.map((c) => (
                <li key={c.uuid}>
                  <span className="font-mono break-all">{c.uuid}</span> · {c.properties.join(', ')}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {record.frames.length === 0 && (
        <p className="text-sm text-amber-200">{t('bt.probe.silent')}</p>
      )}
      <label htmlFor="probe-json" className="field-label text-sm">
        {t('bt.probe.json', { count: formatNumber(json.length) })}
      </label>
      <textarea
        id="probe-json"
        readOnly
        className="field-input h-48 font-mono text-xs"
        value={json}
        data-testid="probe-json"
      />
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={onCopy}>
          <Copy className="size-4" aria-hidden />{' '}
          {copied ? t('bt.probe.copied') : t('bt.probe.copy')}
        </button>
        <button type="button" className="btn-secondary" onClick={download}>
          <Download className="size-4" aria-hidden /> {t('bt.probe.download')}
        </button>
        <button type="button" className="btn-secondary" onClick={onAgain}>
          <RotateCcw className="size-4" aria-hidden /> {t('bt.probe.again')}
        </button>
      </div>
    </div>
  );
}
