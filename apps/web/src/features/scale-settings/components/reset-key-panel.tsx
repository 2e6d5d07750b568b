import { KeyRound } from 'lucide-react';
import { toast } from 'react-toastify';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n/use-t';
import { useResetScaleKey } from '../api/reset-key';

/**
 * The owner's way out when a device may hold a copy of the scale's key (issue 42): reset it at
 * any time, even while that device is connected; the server cuts it off.
 */
export function ResetKeyPanel({ mac }: { mac: string }) {
  const reset = useResetScaleKey(mac);
  const { t } = useT();
  return (
    <section className="card space-y-3" aria-labelledby="reset-key-title">
      <h2 id="reset-key-title" className="flex items-center gap-2 text-lg font-bold">
        <KeyRound className="size-5 text-amber-300" aria-hidden />
        {t('scale.resetKey.title')}
      </h2>
      <p className="text-sm text-foam-200">{t('scale.resetKey.text')}</p>
      <FormError
        message={reset.error ? errorMessage(reset.error, t('scale.resetKey.failed')) : null}
      />
      <button
        type="button"
        className="btn-danger"
        disabled={reset.isPending}
        onClick={() => {
          if (!window.confirm(t('scale.resetKey.confirm'))) return;
          reset.mutate(undefined, { onSuccess: () => toast.success(t('scale.resetKey.done')) });
        }}
      >
        {t('scale.resetKey.button')}
      </button>
    </section>
  );
}
