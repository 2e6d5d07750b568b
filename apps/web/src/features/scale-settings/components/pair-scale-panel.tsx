import { KeyRound } from 'lucide-react';
import { toast } from 'react-toastify';
import { PairingCodeForm } from '../../../components/pairing-code-form';
import { errorMessage } from '../../../lib/api-client';
import { usePairScale } from '../api/pair-scale';

/** Shown while a device with this address waits for its owner to confirm its code. */
export function PairScalePanel({ mac }: { mac: string }) {
  const pair = usePairScale(mac);
  return (
    <section className="card space-y-3 border border-amber-400/60" aria-label="Pair this scale">
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <KeyRound className="size-5 text-amber-300" aria-hidden />
        Your scale is waiting to be paired
      </h2>
      <p className="text-sm text-foam-200">
        A device with this address is connected and shows a 6-digit code on its display. Pair it
        only if it is the scale in front of you: until then it gets no settings, no WiFi password
        and no game.
      </p>
      <PairingCodeForm
        pending={pair.isPending}
        error={pair.error ? errorMessage(pair.error, 'Pairing failed') : null}
        onPair={(code) => pair.mutateAsync(code).then(() => toast.success('Scale paired'))}
      />
    </section>
  );
}
