import { Lock, Plus, X } from 'lucide-react';
import { FAST_PLAYER_SLOTS, PLAYER_NAME_MAX } from '@beerscale/contract/limits';
import { useT } from '../../../i18n/use-t';
import {
  DEFAULT_DRINK_CHOICE,
  DrinkPicker,
  type DrinkChoice,
} from '../../../components/drinks/drink-picker';

interface Props {
  players: string[];
  onChange: (players: string[]) => void;
  /** Each row's drink by its index (a row without one drinks beer 5.0 %). */
  drinks: DrinkChoice[];
  onDrinksChange: (drinks: DrinkChoice[]) => void;
  disabled?: boolean;
}

/** Up to 10 rows, the first filled with the current user and locked; a drink beside each name. */
export function PlayerRows({ players, onChange, drinks, onDrinksChange, disabled }: Props) {
  const set = (index: number, value: string) =>
    onChange(players.map((p, i) => (i === index ? value : p)));
  const drinkAt = (index: number) => drinks[index] ?? DEFAULT_DRINK_CHOICE;
  const setDrink = (index: number, drink: DrinkChoice) =>
    onDrinksChange(players.map((_, i) => (i === index ? drink : drinkAt(i))));
  const remove = (index: number) => {
    onDrinksChange(players.map((_, i) => drinkAt(i)).filter((_, i) => i !== index));
    onChange(players.filter((_, i) => i !== index));
  };
  const { t } = useT();
  return (
    <fieldset disabled={disabled} className="space-y-2">
      <legend className="field-label">{t('players.legend')}</legend>
      {players.map((name, index) => (
        <div key={index} className="flex items-center gap-1.5">
          <span className="w-6 text-right text-sm font-bold text-foam-400">{index + 1}</span>
          <div className="relative flex-1">
            <input
              className="field-input pr-10"
              aria-label={t('players.slot', { n: index + 1 })}
              value={name}
              maxLength={PLAYER_NAME_MAX}
              readOnly={index === 0}
              placeholder={index === 0 ? '' : t('players.placeholder')}
              onChange={(e) => set(index, e.target.value)}
            />
            {index === 0 && (
              <Lock
                className="absolute top-1/2 right-3 size-4 -translate-y-1/2 text-foam-400"
                aria-label={t('players.you')}
              />
            )}
          </div>
          <DrinkPicker
            value={drinkAt(index)}
            onChange={(drink) => setDrink(index, drink)}
            label={t('players.drink', { n: index + 1 })}
            abvLabel={t('players.drinkAbv', { n: index + 1 })}
          />
          {index > 1 ? (
            <button
              type="button"
              className="grid size-11 place-items-center rounded-xl text-foam-400 hover:bg-malt-800"
              aria-label={t('players.remove', { n: index + 1 })}
              onClick={() => remove(index)}
            >
              <X className="size-5" aria-hidden />
            </button>
          ) : (
            <span className="size-11" aria-hidden />
          )}
        </div>
      ))}
      {players.length < FAST_PLAYER_SLOTS && (
        <button
          type="button"
          className="btn-secondary min-h-10 w-full text-sm"
          onClick={() => onChange([...players, ''])}
        >
          <Plus className="size-4" aria-hidden /> {t('players.add')}
        </button>
      )}
    </fieldset>
  );
}
