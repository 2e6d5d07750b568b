import { toast } from 'react-toastify';
import { PairingCodeForm } from '../../../components/pairing-code-form';
import { errorMessage } from '../../../lib/api-client';
import { useAdminPair, useAdminPairings } from '../api/admin-pairings';

/** Scales connected and showing a code: an administrator may pair any of them. */
export function PendingPairings() {
  const pairings = useAdminPairings();
  const pair = useAdminPair();
  if (!pairings.data || pairings.data.length === 0) return null;
  return (
    <section className="mb-6 space-y-3" aria-label="Scales waiting to be paired">
      <h2 className="text-lg font-bold">Scales waiting to be paired</h2>
      <ul className="space-y-3">
        {pairings.data.map((p) => (
          <li key={p.mac} className="card space-y-2" aria-label={`Waiting scale ${p.mac}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-mono text-lg font-bold">{p.mac}</span>
              <span className="text-sm text-foam-400">
                {[p.model, p.firmware].filter(Boolean).join(' · ') || 'Unknown device'}
              </span>
            </div>
            {p.devices > 1 && (
              <p className="text-sm text-amber-300">
                {p.devices} devices claim this address: pair only the one whose code you can read.
              </p>
            )}
            <PairingCodeForm
              label="Code shown on the scale's display"
              pending={pair.isPending && pair.variables?.mac === p.mac}
              error={
                pair.error && pair.variables?.mac === p.mac
                  ? errorMessage(pair.error, 'Pairing failed')
                  : null
              }
              onPair={(code) =>
                pair
                  .mutateAsync({ mac: p.mac, code })
                  .then(() => toast.success(`Scale ${p.mac} paired`))
              }
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
