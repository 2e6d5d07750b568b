import { TriangleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { WIFI_SSID_MAX } from '@beerscale/contract/limits';
import { wifiBodySchema } from '@beerscale/contract/scales';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateWifi } from '../api/update-wifi';
import { FormError } from '../../../components/form-error';
import { formRefusalText } from '../../../lib/form-refusal-text';
import { useT } from '../../../i18n/use-t';

export function WifiForm({
  mac,
  currentSsid,
  passwordSet,
  failedSsid = null,
}: {
  mac: string;
  currentSsid: string;
  passwordSet: boolean;
  /** The network the scale reported it could not join (it went back to its old one). */
  failedSsid?: string | null;
}) {
  const [ssid, setSsid] = useState(currentSsid);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateWifi(mac);
  const { t } = useT();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = wifiBodySchema.safeParse({ ssid, password });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setError(issue ? formRefusalText(issue) : t('error.UPDATE_WIFI'));
      return;
    }
    setError(null);
    update.mutate(parsed.data, {
      onSuccess: () => {
        setPassword('');
        toast.success(t('toast.wifiUpdated'));
      },
      onError: (err) => toast.error(errorMessage(err, t('error.UPDATE_WIFI'))),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="card space-y-4" aria-labelledby="wifi-title">
      <h2 id="wifi-title" className="text-lg font-bold">
        {t('scale.wifi')}
      </h2>
      {failedSsid !== null && (
        <p
          role="status"
          className="flex gap-2 rounded-lg border border-amber-400/40 bg-amber-400/10 p-3 text-sm text-amber-200"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{t('scale.wifiFailed', { ssid: failedSsid })}</span>
        </p>
      )}
      <FormError message={error} />
      <div>
        <label htmlFor="wifi-ssid" className="field-label">
          {t('scale.ssid')}
        </label>
        <input
          id="wifi-ssid"
          className="field-input"
          maxLength={WIFI_SSID_MAX}
          value={ssid}
          onChange={(e) => setSsid(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="wifi-password" className="field-label">
          {t('scale.wifiPassword')}
        </label>
        <input
          id="wifi-password"
          type="password"
          autoComplete="new-password"
          className="field-input"
          placeholder={passwordSet ? t('scale.passwordSet') : ''}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <button
        type="submit"
        className="btn-primary w-full"
        disabled={!ssid.trim() || !password || update.isPending}
      >
        {t('scale.updateWifi')}
      </button>
    </form>
  );
}
