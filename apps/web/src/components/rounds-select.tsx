import { ROUNDS } from '@beerscale/contract/limits';
import { useT } from '../i18n/use-t';
import { NumberSelect } from './select-field';

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
    <NumberSelect
      id={id}
      label={t('rounds.label')}
      value={value}
      options={Array.from({ length: ROUNDS.max - ROUNDS.min + 1 }, (_, i) => i + ROUNDS.min)}
      onChange={onChange}
      disabled={disabled}
    />
  );
}
