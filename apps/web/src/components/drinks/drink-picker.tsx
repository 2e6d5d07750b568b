import {
  DEFAULT_ABV,
  DRINK_KINDS,
  type DrinkInput,
  type DrinkKind,
} from '@beerscale/contract/drinks';
import { formatNumber } from '../../i18n/format';
import { useT } from '../../i18n/use-t';

/** A drink as a form holds it: the kind, and the strength as typed (only `other` shows it). */
export interface DrinkChoice {
  kind: DrinkKind;
  abv: string;
}

export const DEFAULT_DRINK_CHOICE: DrinkChoice = { kind: 'beer', abv: '' };

/**
 * What the body carries: the kind, and for `other` the strength typed (a comma as the decimal
 * mark is read as a point; an empty field is left out so the server says the strength is missing,
 * an unreadable one is sent as typed so the contract's check refuses it).
 */
export function drinkInput(choice: DrinkChoice): DrinkInput {
  if (choice.kind !== 'other') return { kind: choice.kind };
  const typed = choice.abv.trim().replace(',', '.');
  return typed === '' ? { kind: 'other' } : { kind: 'other', abv: Number(typed) };
}

/** A stored drink as the picker's choice. */
export function drinkChoice(drink: { kind: DrinkKind; abv: number }): DrinkChoice {
  return { kind: drink.kind, abv: drink.kind === 'other' ? String(drink.abv) : '' };
}

/**
 * A small control beside a name: beer (5.0 %), alcohol-free, water, or another drink with its
 * strength in %.
 */
export function DrinkPicker({
  value,
  onChange,
  label,
  abvLabel,
  disabled,
}: {
  value: DrinkChoice;
  onChange: (next: DrinkChoice) => void;
  label: string;
  abvLabel: string;
  disabled?: boolean | undefined;
}) {
  const { t } = useT();
  return (
    <div className="flex shrink-0 items-center gap-1">
      <select
        className="field-input min-h-11 w-auto max-w-32 px-2 text-sm"
        aria-label={label}
        value={value.kind}
        disabled={disabled}
        onChange={(e) => onChange({ kind: e.target.value as DrinkKind, abv: value.abv })}
      >
        {DRINK_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {kind === 'beer' || kind === 'alcohol-free'
              ? t('drinks.option', {
                  kind: t(`drinks.kind.${kind}`),
                  abv: formatNumber(DEFAULT_ABV[kind], 1),
                })
              : t(`drinks.kind.${kind}`)}
          </option>
        ))}
      </select>
      {value.kind === 'other' && (
        <input
          className="field-input min-h-11 w-16 px-2 text-sm"
          aria-label={abvLabel}
          inputMode="decimal"
          placeholder="%"
          value={value.abv}
          disabled={disabled}
          onChange={(e) => onChange({ kind: 'other', abv: e.target.value })}
        />
      )}
    </div>
  );
}
