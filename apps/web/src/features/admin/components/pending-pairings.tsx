import { toast } from 'react-toastify';
import { PairingCodeForm } from '../../../components/pairing-code-form';
import { errorMessage } from '../../../lib/api-client';
import { useAdminPair, useAdminPairings } from '../api/admin-pairings';
import { useT } from '../../../i18n/use-t';

/** Scales connected and showing a code: an administrator may pair any of them. */
export function PendingPairings() {
  const pairings = useAdminPairings();
  const pair = useAdminPair();
  const { t } = useT();
  if (!pairings.data || pairings.data.length === 0) return null;
  return (
    <section className="mb-6 space-y-3" aria-label={t('admin.waitingTitle')}>
      <h2 className="text-lg font-bold">{t('admin.waitingTitle')}</h2>
      <ul className="space-y-3">
        {pairings.data.map((p) => (
          <li
            key={p.mac}
            className="card space-y-2"
            aria-label={t('admin.waitingScale', { mac: p.mac })}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-mono text-lg font-bold">{p.mac}</span>
              <span className="text-sm text-foam-400">
                {[p.model, p.firmware].filter(Boolean).join(' · ') || t('admin.unknownDevice')}
              </span>
            </div>
            {p.devices > 1 && (
              <p className="text-sm text-amber-300">
                {t('admin.manyDevices', { count: p.devices })}
              </p>
            )}
            <PairingCodeForm
              label={t('admin.codeLabel')}
              pending={pair.isPending && pair.variables?.mac === p.mac}
              error={
                pair.error && pair.variables?.mac === p.mac
                  ? errorMessage(pair.error, t('admin.pairFailed'))
                  : null
              }
              onPair={(code) =>
                pair
                  .mutateAsync({ mac: p.mac, code })
                  .then(() => toast.success(t('admin.paired', { mac: p.mac })))
              }
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
