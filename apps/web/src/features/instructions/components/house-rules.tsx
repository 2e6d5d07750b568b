import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { RULE_PRESETS, RULE_PRESET_IDS, rulesSchema, type Rules } from '@beerscale/contract/rules';
import { presetDescription, presetName, rulesSentences } from '../../../i18n/rules-text';
import { useT } from '../../../i18n/use-t';

/** The rules a link names (`?rules=` from /live or /watch), or null for none or a broken one. */
function linkedRules(text: string | null): Rules | null {
  if (!text) return null;
  try {
    const parsed = rulesSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function RulesCard({ rules, highlight }: { rules: Rules; highlight?: boolean }) {
  return (
    <li className={`card ${highlight ? 'border border-amber-400' : ''}`}>
      <h3 className="text-xl font-bold">{presetName(rules.preset)}</h3>
      {rules.preset !== 'custom' && (
        <p className="mt-1 text-foam-200">{presetDescription(rules.preset)}</p>
      )}
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-foam-200">
        {rulesSentences(rules).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </li>
  );
}

/**
 * House rules for players: the chosen game's rules first when the page was opened from a game,
 * then every preset with each of its rules in a sentence (docs/RULES.md says the same at length).
 */
export function HouseRules() {
  const { t } = useT();
  const [params] = useSearchParams();
  const chosen = useMemo(() => linkedRules(params.get('rules')), [params]);
  // Opened from a game: its rules are what the reader came for, not the phases above them.
  useEffect(() => {
    if (chosen) document.getElementById('rules')?.scrollIntoView?.();
  }, [chosen]);
  return (
    <section id="rules" aria-labelledby="rules-title" className="scroll-mt-4 space-y-4">
      <div>
        <h2 id="rules-title" className="text-xl font-bold">
          {t('howto.rules.title')}
        </h2>
        <p className="mt-1 text-foam-200">{t('howto.rules.intro')}</p>
      </div>
      {chosen && (
        <div aria-label={t('howto.rules.thisGame')} role="group">
          <p className="mb-2 text-sm font-bold tracking-wide text-amber-300 uppercase">
            {t('howto.rules.thisGame')}
          </p>
          <ul>
            <RulesCard rules={chosen} highlight />
          </ul>
        </div>
      )}
      <ul className="grid gap-4 md:grid-cols-2">
        {RULE_PRESET_IDS.map((id) => (
          <RulesCard key={id} rules={RULE_PRESETS[id]} />
        ))}
      </ul>
    </section>
  );
}
