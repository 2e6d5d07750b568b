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
import { SelectField } from '../select-field';
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
        <SelectField
          label={t('rules.option.scoring')}
          value={value.scoring}
          options={SCORINGS.map((s) => ({ value: s, label: t(`rules.option.scoring.${s}`) }))}
          onChange={(scoring) => change({ scoring: scoring as Rules['scoring'] })}
        />
        <SelectField
          label={t('rules.option.target')}
          value={value.target}
          options={TARGET_RULES.map((r) => ({ value: r, label: t(`rules.option.target.${r}`) }))}
          onChange={(target) => change({ target: target as Rules['target'] })}
        />
      </div>
      <fieldset className="space-y-1">
        <legend className="field-label">{t('rules.option.penalties')}</legend>
        {TOGGLES.map((key) => (
          <Toggle
            key={key}
            label={t(`rules.option.${key}`)}
            checked={value.penalties[key]}
            onChange={(on) => toggle(key, on)}
          />
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('rules.option.exact')}
          value={value.penalties.exact}
          options={EXACT_RULES.map((r) => ({ value: r, label: t(`rules.option.exact.${r}`) }))}
          onChange={(exact) =>
            change({ penalties: { ...value.penalties, exact: exact as Penalties['exact'] } })
          }
        />
        <SelectField
          label={t('rules.option.disqualify')}
          value={value.disqualifyAbove ?? ''}
          options={[
            { value: '', label: t('rules.option.disqualifyNever') },
            ...DISQUALIFY_CHOICES.map((grams) => ({ value: grams, label: formatGrams(grams) })),
          ]}
          onChange={(grams) => change({ disqualifyAbove: grams === '' ? null : Number(grams) })}
        />
      </div>
      <Toggle
        label={t('rules.option.finale')}
        checked={value.finale === 'empty-estimate'}
        onChange={(on) => change({ finale: on ? 'empty-estimate' : 'none' })}
      />
      <Toggle
        label={t('rules.option.penaltySpirit')}
        checked={value.penaltyDrink === 'spirit'}
        onChange={(on) => change({ penaltyDrink: on ? 'spirit' : 'sip' })}
      />
      <div>
        <SelectField
          label={t('rules.option.teams')}
          value={value.teams ?? ''}
          options={[
            { value: '', label: t('rules.option.teams.none') },
            ...Array.from({ length: TEAMS.max - TEAMS.min + 1 }, (_, i) => i + TEAMS.min).map(
              (n) => ({ value: n, label: t('rules.option.teams.count', { count: n }) }),
            ),
          ]}
          onChange={(n) => change({ teams: n === '' ? null : Number(n), teamOf: null })}
        />
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

/** A rule switched on or off, a whole row tall for a thumb. */
function Toggle({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3">
      <input
        type="checkbox"
        className="size-5 shrink-0 accent-amber-400"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}
