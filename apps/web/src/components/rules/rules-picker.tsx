import { Settings2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { Rules } from '@beerscale/contract/rules';
import { useRulePresets } from '../../lib/rule-presets';
import { presetDescription, presetName } from '../../i18n/rules-text';
import { useT } from '../../i18n/use-t';
import { CONTRACT_PRESETS } from './rules-choice';
import { RulesCustomise } from './rules-customise';

const CUSTOM = 'custom' as const;

/**
 * The set-up's house rules (fast and ranked): the presets as cards, classic chosen unless the
 * group picks another, and a Customise panel for every toggle and the teams. `players` are the
 * names in turn order (the team assignment shows them).
 */
export function RulesPicker({
  value,
  onChange,
  players,
  disabled,
}: {
  value: Rules;
  onChange: (rules: Rules) => void;
  players: string[];
  disabled?: boolean;
}) {
  const { t } = useT();
  const presets = useRulePresets().data ?? CONTRACT_PRESETS;
  const [open, setOpen] = useState(value.preset === 'custom');
  const panelId = useId();
  const name = useId();
  return (
    <fieldset disabled={disabled} className="space-y-3">
      <legend className="field-label">{t('rules.choose')}</legend>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" role="radiogroup">
        {presets.map(({ id, rules }) => {
          const chosen = value.preset === id;
          return (
            <label
              key={id}
              className={`flex cursor-pointer flex-col rounded-xl border px-3 py-2.5 transition ${
                chosen
                  ? 'border-amber-400 bg-amber-400/15'
                  : 'border-malt-600 hover:border-foam-400'
              }`}
            >
              <input
                type="radio"
                name={name}
                className="sr-only"
                checked={chosen}
                onChange={() => onChange(rules)}
              />
              <span className={`font-bold ${chosen ? 'text-amber-300' : 'text-foam-50'}`}>
                {presetName(id)}
              </span>
              <span className="text-sm text-foam-200">{presetDescription(id)}</span>
            </label>
          );
        })}
      </div>
      {value.preset === CUSTOM && (
        <p className="rounded-xl border border-amber-400 bg-amber-400/15 px-3 py-2 text-sm">
          <span className="font-bold text-amber-300">{presetName(CUSTOM)}</span>{' '}
          <span className="text-foam-200">{presetDescription(CUSTOM)}</span>
        </p>
      )}
      <button
        type="button"
        className="btn-secondary min-h-11 w-full text-sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <Settings2 className="size-4" aria-hidden />
        {open ? t('rules.customiseHide') : t('rules.customise')}
      </button>
      {open && (
        <div id={panelId}>
          <RulesCustomise value={value} onChange={onChange} players={players} presets={presets} />
        </div>
      )}
    </fieldset>
  );
}
