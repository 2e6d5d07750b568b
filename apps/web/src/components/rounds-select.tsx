import { ROUNDS } from '@beerscale/contract/limits';
import { useT } from '../i18n/use-t';

/** How many rounds a game plans, 1 to 10 (docs/RULES.md, The game in every preset). */
export function RoundsSelect({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: number;
  onChange: (rounds: number) => void;
  disabled?: boolean;
}) {
  const { t } = useT();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {t('rounds.label')}
      </label>
      <select
        id={id}
        className="field-input"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {Array.from({ length: ROUNDS.max - ROUNDS.min + 1 }, (_, i) => i + ROUNDS.min).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}
