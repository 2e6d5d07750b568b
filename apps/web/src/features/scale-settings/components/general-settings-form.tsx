import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import {
  CALIBRATION,
  DEVICE_NAME_MAX,
  LED_BRIGHTNESS,
  SLEEP_TIMEOUT,
} from '@beerscale/contract/limits';
import { generalSettingsSchema } from '@beerscale/contract/scales';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateSettings } from '../api/update-settings';
import { FormError } from '../../../components/form-error';
import { formRefusalText } from '../../../lib/form-refusal-text';
import { formatPercent } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';

export function GeneralSettingsForm({
  mac,
  settings,
}: {
  mac: string;
  settings: Record<string, string>;
}) {
  const [form, setForm] = useState({
    device_name: settings.device_name ?? '',
    calibration_offset: settings.calibration_offset ?? String(CALIBRATION.default),
    calibration_factor: settings.calibration_factor ?? '',
    auto_tare: (settings.auto_tare ?? 'true') === 'true',
    sleep_timeout: settings.sleep_timeout ?? String(SLEEP_TIMEOUT.default),
    led_brightness: settings.led_brightness ?? String(LED_BRIGHTNESS.default),
  });
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateSettings(mac);
  const { t } = useT();
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = generalSettingsSchema.safeParse(form);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setError(issue ? formRefusalText(issue) : t('error.UPDATE_SETTINGS'));
      return;
    }
    setError(null);
    update.mutate(parsed.data, {
      onSuccess: () => toast.success(t('toast.settingsUpdated')),
      onError: (err) => toast.error(errorMessage(err, t('error.UPDATE_SETTINGS'))),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="card space-y-4" aria-labelledby="general-title">
      <h2 id="general-title" className="text-lg font-bold">
        {t('scale.general')}
      </h2>
      <FormError message={error} />
      <div>
        <label htmlFor="device-name" className="field-label">
          {t('scale.deviceName')}
        </label>
        <input
          id="device-name"
          className="field-input"
          maxLength={DEVICE_NAME_MAX}
          value={form.device_name}
          onChange={(e) => set('device_name', e.target.value)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
        <div>
          <label htmlFor="calibration" className="field-label">
            {t('scale.calibration')}
          </label>
          <input
            id="calibration"
            type="number"
            step={CALIBRATION.step}
            className="field-input"
            value={form.calibration_offset}
            onChange={(e) => set('calibration_offset', e.target.value)}
          />
        </div>
        <div>
          <label htmlFor="sleep-timeout" className="field-label">
            {t('scale.sleep')}
          </label>
          <input
            id="sleep-timeout"
            type="number"
            min={SLEEP_TIMEOUT.min}
            max={SLEEP_TIMEOUT.max}
            className="field-input"
            value={form.sleep_timeout}
            onChange={(e) => set('sleep_timeout', e.target.value)}
          />
        </div>
      </div>
      <div>
        <label htmlFor="calibration-factor" className="field-label">
          {t('scale.calibrationFactor')}
        </label>
        <input
          id="calibration-factor"
          type="number"
          step="any"
          className="field-input"
          aria-describedby="calibration-factor-hint"
          value={form.calibration_factor}
          onChange={(e) => set('calibration_factor', e.target.value)}
        />
        <p id="calibration-factor-hint" className="mt-1 text-xs text-foam-400">
          {t('scale.calibrationFactorHint')}
        </p>
      </div>
      <div>
        <label htmlFor="led-brightness" className="field-label">
          {t('scale.led', { percent: formatPercent(Number(form.led_brightness) / 100) })}
        </label>
        <input
          id="led-brightness"
          type="range"
          min={LED_BRIGHTNESS.min}
          max={LED_BRIGHTNESS.max}
          className="w-full accent-amber-400"
          value={form.led_brightness}
          onChange={(e) => set('led_brightness', e.target.value)}
        />
      </div>
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          className="size-5 accent-amber-400"
          checked={form.auto_tare}
          onChange={(e) => set('auto_tare', e.target.checked)}
        />
        <span className="font-medium">{t('scale.autoTare')}</span>
      </label>
      <button type="submit" className="btn-primary w-full" disabled={update.isPending}>
        {t('scale.saveSettings')}
      </button>
    </form>
  );
}
