import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { WIFI_SSID_MAX } from '@beerscale/contract/limits';
import { ERRORS, TOASTS } from '@beerscale/contract/messages';
import { wifiBodySchema } from '@beerscale/contract/scales';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateWifi } from '../api/update-wifi';
import { FormError } from '../../../components/form-error';

export function WifiForm({
  mac,
  currentSsid,
  passwordSet,
}: {
  mac: string;
  currentSsid: string;
  passwordSet: boolean;
}) {
  const [ssid, setSsid] = useState(currentSsid);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateWifi(mac);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = wifiBodySchema.safeParse({ ssid, password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ERRORS.updateWifi);
      return;
    }
    setError(null);
    update.mutate(parsed.data, {
      onSuccess: () => {
        setPassword('');
        toast.success(TOASTS.wifiUpdated);
      },
      onError: (err) => toast.error(errorMessage(err, ERRORS.updateWifi)),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="card space-y-4" aria-labelledby="wifi-title">
      <h2 id="wifi-title" className="text-lg font-bold">
        WiFi
      </h2>
      <FormError message={error} />
      <div>
        <label htmlFor="wifi-ssid" className="field-label">
          Network name (SSID)
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
          WiFi password
        </label>
        <input
          id="wifi-password"
          type="password"
          autoComplete="new-password"
          className="field-input"
          placeholder={passwordSet ? '[SET] — type a new one to change it' : ''}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <button
        type="submit"
        className="btn-primary w-full"
        disabled={!ssid.trim() || !password || update.isPending}
      >
        Update WiFi
      </button>
    </form>
  );
}
