import { useId } from 'react';
import {
  EXACT_RULES,
  SCORINGS,
  TARGET_RULES,
  TEAMS,
  type Penalties,
  type RulePresetList,
  type Rules,
} from '@beerscale/contract/rules';
import { formatGrams } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { emptyTeam, named, nextTeam, teamsShown } from './rules-choice';

/**
 * The limits a group can choose without typing: the common ones from 10 to 200 g. A select
 * cannot hold a value out of range, so the set-up never sends one the server refuses.
 */
const DISQUALIFY_CHOICES = [10, 20, 25, 30, 40, 50, 60, 75, 100, 150, 200] as const;

const TOGGLES = ['farthest', 'overUnder', 'schnapszahl', 'twins'] as const;

// One colour per team (1-based), so the tapped assignment reads at a glance.
const TEAM_COLOURS = [
  'border-amber-400 bg-amber-400/15',
  'border-sky-400 bg-sky-400/15',
  'border-hop-400 bg-hop-400/15',
  'border-rose-400 bg-rose-400/15',
  'border-violet-400 bg-violet-400/15',
];

export function RulesCustomise({
  value,
  onChange,
  players,
  presets,
}: {
  value: Rules;
  onChange: (rules: Rules) => void;
  players: string[];
  presets: RulePresetList;
}) {
  const { t } = useT();
  const ids = { scoring: useId(), target: useId(), exact: useId(), out: useId(), teams: useId() };
  const change = (patch: Partial<Rules>) => onChange(named({ ...value, ...patch }, presets));
  const toggle = (key: (typeof TOGGLES)[number], on: boolean) => {
    const penalties: Penalties = { ...value.penalties, [key]: on };
    // Over/under replaces farthest: both on would deal two penalties for one miss.
    if (on && key === 'overUnder') penalties.farthest = false;
    if (on && key === 'farthest') penalties.overUnder = false;
    change({ penalties });
  };
  const teams = teamsShown(value, players.length);

  return (
    <div className="space-y-4 rounded-xl bg-malt-800/60 p-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.scoring} className="field-label">
            {t('rules.option.scoring')}
          </label>
          <select
            id={ids.scoring}
            className="field-input"
            value={value.scoring}
            onChange={(e) => change({ scoring: e.target.value as Rules['scoring'] })}
          >
            {SCORINGS.map((s) => (
              <option key={s} value={s}>
                {t(`rules.option.scoring.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.target} className="field-label">
            {t('rules.option.target')}
          </label>
          <select
            id={ids.target}
            className="field-input"
            value={value.target}
            onChange={(e) => change({ target: e.target.value as Rules['target'] })}
          >
            {TARGET_RULES.map((target) => (
              <option key={target} value={target}>
                {t(`rules.option.target.${target}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="space-y-1">
        <legend className="field-label">{t('rules.option.penalties')}</legend>
        {TOGGLES.map((key) => (
          <label key={key} className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              className="size-5 shrink-0 accent-amber-400"
              checked={value.penalties[key]}
              onChange={(e) => toggle(key, e.target.checked)}
            />
            <span>{t(`rules.option.${key}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.exact} className="field-label">
            {t('rules.option.exact')}
          </label>
          <select
            id={ids.exact}
            className="field-input"
            value={value.penalties.exact}
            onChange={(e) =>
              change({
                penalties: { ...value.penalties, exact: e.target.value as Penalties['exact'] },
              })
            }
          >
            {EXACT_RULES.map((rule) => (
              <option key={rule} value={rule}>
                {t(`rules.option.exact.${rule}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.out} className="field-label">
            {t('rules.option.disqualify')}
          </label>
          <select
            id={ids.out}
            className="field-input"
            value={value.disqualifyAbove ?? ''}
            onChange={(e) =>
              change({ disqualifyAbove: e.target.value === '' ? null : Number(e.target.value) })
            }
          >
            <option value="">{t('rules.option.disqualifyNever')}</option>
            {DISQUALIFY_CHOICES.map((grams) => (
              <option key={grams} value={grams}>
                {formatGrams(grams)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-amber-400"
          checked={value.finale === 'empty-estimate'}
          onChange={(e) => change({ finale: e.target.checked ? 'empty-estimate' : 'none' })}
        />
        <span>{t('rules.option.finale')}</span>
      </label>
      <div>
        <label htmlFor={ids.teams} className="field-label">
          {t('rules.option.teams')}
        </label>
        <select
          id={ids.teams}
          className="field-input"
          value={value.teams ?? ''}
          onChange={(e) =>
            change({ teams: e.target.value === '' ? null : Number(e.target.value), teamOf: null })
          }
        >
          <option value="">{t('rules.option.teams.none')}</option>
          {Array.from({ length: TEAMS.max - TEAMS.min + 1 }, (_, i) => i + TEAMS.min).map((n) => (
            <option key={n} value={n}>
              {t('rules.option.teams.count', { count: n })}
            </option>
          ))}
        </select>
        {teams && (
          <div className="mt-2 space-y-2">
            <p className="text-sm text-foam-400">{t('rules.option.teamsHint')}</p>
            <ul className="flex flex-wrap gap-2">
              {players.map((player, index) => (
                <li key={index}>
                  <button
                    type="button"
                    className={`min-h-11 rounded-xl border px-3 py-1.5 text-left text-sm font-semibold ${TEAM_COLOURS[(teams[index]! - 1) % TEAM_COLOURS.length]}`}
                    onClick={() => onChange(nextTeam(value, players.length, index))}
                  >
                    {t('rules.teamOf', { name: player, n: teams[index]! })}
                  </button>
                </li>
              ))}
            </ul>
            {emptyTeam(value, players.length) && (
              <p role="alert" className="text-sm font-semibold text-red-300">
                {t('rules.option.teamsNeedPlayers')}
              </p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
