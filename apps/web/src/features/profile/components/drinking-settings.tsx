import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { EVENING_LIMIT } from '@beerscale/contract/drinks';
import type { ProfileReply } from '@beerscale/contract/profile';
import { profileBodySchema } from '@beerscale/contract/profile';
import { DrinkPicker, drinkChoice, drinkInput } from '../../../components/drinks/drink-picker';
import { FormError } from '../../../components/form-error';
import { formatNumber } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api-client';
import { refusalText } from '../../../lib/refusal-text';
import { useSaveDrinking } from '../api/profile';

/**
 * Responsible play on the profile: the drink a ranked game starts with, a limit for the evening
 * in standard drinks (empty: none), and what the scale weighed the player drink, in all and by
 * month.
 */
export function DrinkingSettings({
  p,
}: {
  p: Pick<ProfileReply, 'defaultDrink' | 'eveningLimit' | 'drinking'>;
}) {
  const { t, language } = useT();
  const [drink, setDrink] = useState(() => drinkChoice(p.defaultDrink));
  const [limit, setLimit] = useState(p.eveningLimit === null ? '' : String(p.eveningLimit));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveDrinking();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = profileBodySchema.safeParse({
      defaultDrink: drinkInput(drink),
      eveningLimit: limit.trim() === '' ? null : Number(limit.trim()),
    });
    if (!parsed.success) return setError(refusalText(parsed.error.issues[0]?.message ?? ''));
    setError(null);
    save.mutate(
      { defaultDrink: drinkInput(drink), eveningLimit: parsed.data.eveningLimit ?? null },
      {
        onSuccess: () => toast.success(t('profile.drinkingSaved')),
        onError: (err) => setError(errorMessage(err, t('profile.drinkingFailed'))),
      },
    );
  }

  const month = (key: string) =>
    new Date(`${key}-01T12:00:00Z`).toLocaleDateString(language, {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
  const rows = [
    ...p.drinking.months.map((m) => ({ key: m.month, label: month(m.month), figures: m })),
    { key: 'total', label: t('profile.drinkingTotal'), figures: p.drinking.totals },
  ];

  return (
    <section className="card space-y-3" aria-labelledby="drinking-title">
      <h2 id="drinking-title" className="text-lg font-bold">
        {t('profile.drinkingTitle')}
      </h2>
      <form onSubmit={submit} noValidate className="space-y-3">
        <FormError message={error} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="field-label mb-0">{t('profile.defaultDrink')}</span>
          <DrinkPicker
            value={drink}
            onChange={setDrink}
            label={t('profile.defaultDrink')}
            abvLabel={t('profile.defaultDrinkAbv')}
          />
        </div>
        <div>
          <label htmlFor="evening-limit" className="field-label">
            {t('profile.eveningLimit', { min: EVENING_LIMIT.min, max: EVENING_LIMIT.max })}
          </label>
          <input
            id="evening-limit"
            className="field-input"
            inputMode="numeric"
            value={limit}
            placeholder={t('profile.eveningLimitNone')}
            onChange={(e) => setLimit(e.target.value)}
          />
        </div>
        <button type="submit" className="btn-secondary w-full" disabled={save.isPending}>
          {t('profile.drinkingSave')}
        </button>
      </form>
      <table className="w-full text-sm tabular-nums" data-testid="drinking-months">
        <thead className="text-foam-400">
          <tr>
            <th className="text-left font-normal">{t('profile.drinkingMonth')}</th>
            <th className="text-right font-normal">{t('drinks.drank')}</th>
            <th className="text-right font-normal">{t('drinks.alcohol')}</th>
            <th className="text-right font-normal">{t('drinks.standardDrinks')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, label, figures }) => (
            <tr key={key} className={key === 'total' ? 'font-semibold' : ''}>
              <td className="py-1">{label}</td>
              <td className="text-right">{`${formatNumber(figures.drankGrams)} g`}</td>
              <td className="text-right">{`${formatNumber(figures.alcoholGrams, 1)} g`}</td>
              <td className="text-right">{formatNumber(figures.standardDrinks, 1)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
