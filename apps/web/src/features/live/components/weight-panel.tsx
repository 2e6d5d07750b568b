import { isEmptyPlatform } from '../../../lib/empty-platform';
import type { LiveWeight } from '../use-live-scale';
import { formatNumber } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';

/** The live weight: smaller than the target, and an empty platform never reads negative. */
export function WeightPanel({
  weight,
  connected,
}: {
  weight: LiveWeight | null;
  connected: boolean | null;
}) {
  const { t } = useT();
  const empty = weight !== null && isEmptyPlatform(weight.grams);
  return (
    <section aria-label={t('live.scale')} className="card text-center">
      <div className="flex items-center justify-center gap-2 text-sm font-semibold">
        <span
          className={`size-2.5 rounded-full ${connected ? 'bg-hop-400' : 'bg-red-400'}`}
          aria-hidden
        />
        <span className={connected ? 'text-hop-400' : 'text-red-300'}>
          {connected === null
            ? t('live.connecting')
            : connected
              ? t('live.connected')
              : t('live.offline')}
        </span>
      </div>
      <p
        className="mt-2 font-mono text-5xl font-black tabular-nums tracking-tight"
        aria-live="polite"
        data-testid="live-weight"
      >
        {weight === null ? '–' : empty ? t('live.empty') : formatNumber(weight.grams)}
        {!empty && <span className="ml-1 text-2xl text-foam-400">{t('live.grams')}</span>}
      </p>
      <p
        className={`mt-1 text-sm font-semibold ${weight?.stable ? 'text-hop-400' : 'text-foam-400'}`}
      >
        {weight ? (weight.stable ? t('live.stable') : t('live.settling')) : t('live.noReading')}
      </p>
    </section>
  );
}
