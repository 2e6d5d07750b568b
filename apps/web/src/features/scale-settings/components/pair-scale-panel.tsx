import { KeyRound } from 'lucide-react';
import { toast } from 'react-toastify';
import { PairingCodeForm } from '../../../components/pairing-code-form';
import { errorMessage } from '../../../lib/api-client';
import { usePairScale } from '../api/pair-scale';
import { useT } from '../../../i18n/use-t';

/** Shown while a device with this address waits for its owner to confirm its code. */
export function PairScalePanel({ mac }: { mac: string }) {
  const pair = usePairScale(mac);
  const { t } = useT();
  return (
    <section
      className="card space-y-3 border border-amber-400/60"
      aria-label={t('scale.pairPanel')}
    >
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <KeyRound className="size-5 text-amber-300" aria-hidden />
        {t('scale.waiting')}
      </h2>
      <p className="text-sm text-foam-200">{t('scale.pairText')}</p>
      <PairingCodeForm
        pending={pair.isPending}
        error={pair.error ? errorMessage(pair.error, t('scale.pairFailed')) : null}
        onPair={(code) => pair.mutateAsync(code).then(() => toast.success(t('scale.paired')))}
      />
    </section>
  );
}
