import { ShieldCheck } from 'lucide-react';
import type { AwaitingScale } from '@beerscale/contract/scales';
import { useT } from '../../../i18n/use-t';
import { useAwaitingScales } from '../api/awaiting-scales';
import { PairScalePanel } from './pair-scale-panel';

/**
 * The scales the player registered with that are not theirs yet. With the operator's default
 * (PAIRING_APPROVAL=owner) the code a scale shows makes it theirs: no administrator, no
 * terminal. A failed read shows nothing here: the list below says what failed.
 */
export function AwaitingScales() {
  const awaiting = useAwaitingScales();
  if (!awaiting.data || awaiting.data.length === 0) return null;
  return (
    <div className="space-y-4">
      {awaiting.data.map((scale) => (
        <AwaitingScaleCard key={scale.mac_address} scale={scale} />
      ))}
    </div>
  );
}

function AwaitingScaleCard({ scale }: { scale: AwaitingScale }) {
  const { t } = useT();
  const mac = scale.mac_address;
  // The code form shows only while a device with the address shows a code to type.
  if (scale.approval === 'code' && scale.pairing_requested) return <PairScalePanel mac={mac} />;
  return (
    <section className="card space-y-2" aria-label={t('scale.awaiting.title', { mac })}>
      <h2 className="flex items-center gap-2 text-lg font-bold break-words">
        <ShieldCheck className="size-5 shrink-0 text-amber-300" aria-hidden />
        {t('scale.awaiting.title', { mac })}
      </h2>
      <p className="text-sm text-foam-200">
        {scale.approval === 'code' ? t('scale.awaiting.code') : t('scale.awaiting.admin')}
      </p>
    </section>
  );
}
