import { Bluetooth } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { DEVICE_NAME_MAX } from '@beerscale/contract/limits';
import { generalSettingsSchema, type ScaleSummary } from '@beerscale/contract/scales';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/api-client';
import { formRefusalText } from '../../../lib/form-refusal-text';
import { useUpdateSettings } from '../api/update-settings';
import { useT } from '../../../i18n/use-t';

/**
 * A Bluetooth scale bridged by a browser: what is true for it (how it reaches the server) and
 * its one setting, its name. It has no WiFi and no firmware to configure.
 */
export function BridgedScalePanel({
  scale,
  bridgedHere,
}: {
  scale: ScaleSummary;
  /** This browser bridges it right now. */
  bridgedHere: boolean;
}) {
  const { t } = useT();
  const [name, setName] = useState(scale.scale_name ?? '');
  const [error, setError] = useState<string | null>(null);
  const rename = useUpdateSettings(scale.mac_address);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = generalSettingsSchema.safeParse({ device_name: name });
    if (!parsed.success) {
      setError(formRefusalText(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setError(null);
    rename.mutate(
      { device_name: parsed.data.device_name ?? '' },
      {
        onSuccess: () => toast.success(t('scale.bridged.renamed')),
        onError: (err) => setError(errorMessage(err, t('error.UPDATE_SETTINGS'))),
      },
    );
  }

  return (
    <section className="card space-y-4" aria-labelledby="bridged-title">
      <div className="flex items-center gap-3">
        <Bluetooth className="size-6 shrink-0 text-amber-400" aria-hidden />
        <h2 id="bridged-title" className="text-lg font-bold">
          {t('scale.bridged.title')}
        </h2>
      </div>
      <p data-testid="bridged-link">
        {bridgedHere ? t('scale.bridged.here') : t('scale.bridged.elsewhere')}
      </p>
      <p className="text-sm text-foam-400">{t('scale.bridged.noSettings')}</p>
      <form onSubmit={submit} noValidate className="space-y-3">
        <FormError message={error} />
        <div>
          <label htmlFor="bridged-name" className="field-label">
            {t('scale.bridged.name')}
          </label>
          <input
            id="bridged-name"
            className="field-input"
            maxLength={DEVICE_NAME_MAX}
            value={name}
            aria-describedby="bridged-name-hint"
            onChange={(e) => setName(e.target.value)}
          />
          <p id="bridged-name-hint" className="mt-1.5 text-xs text-foam-400">
            {t('scale.bridged.nameHint')}
          </p>
        </div>
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={rename.isPending}>
          {t('scale.bridged.saveName')}
        </button>
      </form>
    </section>
  );
}
