import type { Rules } from '@beerscale/contract/rules';
import { useT } from '../../i18n/use-t';

/**
 * Spirit penalties need the leader's word that everyone playing is 18 or older (German law sells
 * spirits to adults only); with sips there is nothing to confirm and nothing is shown.
 */
export function AdultsConfirmation({
  rules,
  checked,
  onChange,
  disabled = false,
}: {
  rules: Rules;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const { t } = useT();
  if (rules.penaltyDrink !== 'spirit') return null;
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-amber-400/40 bg-amber-400/10 p-3 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 accent-amber-400"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="font-medium">
        {t('drinks.adultsConfirm')}
        <span className="block font-normal text-foam-200">{t('drinks.adultsConfirmNote')}</span>
      </span>
    </label>
  );
}

/** What a set-up body carries: the confirmation only where the rules need it. */
export function adultsBody(rules: Rules, confirmed: boolean): { adultsConfirmed?: true } {
  return rules.penaltyDrink === 'spirit' && confirmed ? { adultsConfirmed: true } : {};
}
