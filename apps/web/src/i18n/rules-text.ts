import type { PenaltyEntry, PenaltyReason } from '@beerscale/contract/game-state';
import type { RulePresetName, Rules, Scoring } from '@beerscale/contract/rules';
import { formatNumber } from './format';
import { t } from './use-t';

// House rules in words, in the reader's language: the set-up's cards, the one line on /live and
// /watch, the instructions' explanations and the penalties' reasons. Types only from the
// contract, so /watch and /live load no schemas for them.

export const presetName = (preset: RulePresetName) => t(`rules.preset.${preset}`);

/** The one line a set-up card says about a preset. */
export const presetDescription = (preset: RulePresetName) => t(`rules.describe.${preset}`);

/** The scoring's column heading (results, scoreboards). */
export const scoringLabel = (scoring: Scoring) => t(`rules.scoring.${scoring}`);

/** The word under one player's score: "1 Strich", "2 Striche" where the scoring counts. */
export function scoreUnit(scoring: Scoring, score: number | null): string {
  if (score !== null && (scoring === 'marks' || scoring === 'points')) {
    return t(`rules.scoring.${scoring}.count`, { count: score });
  }
  return scoringLabel(scoring);
}

/** The number the scoring ranks by, as its column shows it. */
export function scoreText(scoring: Scoring, score: number | null): string {
  if (score === null) return '–';
  switch (scoring) {
    case 'mean':
      return `${formatNumber(score, 1)} g`;
    case 'mean-penalties':
      return formatNumber(score, 1);
    case 'golf':
      return `${formatNumber(score)} g`;
    case 'points':
    case 'marks':
      return formatNumber(score);
  }
}

export function reasonText(reason: PenaltyReason, fromName?: string): string {
  return reason === 'given'
    ? t('rules.reason.given', { name: fromName ?? '–' })
    : t(`rules.reason.${reason}`);
}

/** "farthest off (R1), Schnapszahl (R2)": a player's penalties with their rounds. */
export function penaltyLogText(
  log: readonly PenaltyEntry[],
  nameOf: (playerId: number) => string | undefined,
): string {
  return log
    .map(
      (entry) =>
        `${reasonText(entry.reason, entry.fromPlayerId === undefined ? undefined : nameOf(entry.fromPlayerId))} (${t('live.roundShort', { n: entry.round })})`,
    )
    .join(', ');
}

/** The automatic penalties a rule set deals, as short words. */
function penaltyWords(rules: Rules): string[] {
  const { penalties } = rules;
  const words: string[] = [];
  if (penalties.overUnder) words.push(t('rules.short.overUnder'));
  else if (penalties.farthest) words.push(t('rules.reason.farthest'));
  if (penalties.schnapszahl) words.push(t('rules.reason.schnapszahl'));
  if (penalties.twins) words.push(t('rules.reason.twins'));
  if (penalties.exact === 'takes') words.push(t('rules.short.exactTakes'));
  if (penalties.exact === 'gives') words.push(t('rules.short.exactGives'));
  return words;
}

/** The rules in one line: "Strichliste · Marks · random target · penalties: farthest off, …". */
export function rulesLine(rules: Rules): string {
  const parts = [
    presetName(rules.preset),
    scoringLabel(rules.scoring),
    t(`rules.short.target.${rules.target}`),
  ];
  const penalties = penaltyWords(rules);
  if (penalties.length) {
    // A game played for sips says so: the German line's "Schnaps:" would name a drink nobody
    // at a sip table gets (the explanations say "Strafe", either way).
    const key =
      rules.penaltyDrink === 'sip' ? 'rules.short.penalties.sip' : 'rules.short.penalties';
    parts.push(t(key, { list: penalties.join(', ') }));
  }
  if (rules.disqualifyAbove !== null) {
    parts.push(t('rules.short.disqualify', { grams: rules.disqualifyAbove }));
  }
  if (rules.finale === 'empty-estimate') parts.push(t('rules.short.finale'));
  if (rules.teams !== null) parts.push(t('rules.short.teams', { count: rules.teams }));
  return parts.join(' · ');
}

/** The rules as sentences for players: how the instructions explain a preset or a game. */
export function rulesSentences(rules: Rules): string[] {
  const { penalties } = rules;
  const lines = [
    t(`rules.explain.target.${rules.target}`),
    t(`rules.explain.scoring.${rules.scoring}`),
  ];
  if (penalties.overUnder) lines.push(t('rules.explain.overUnder'));
  else if (penalties.farthest) lines.push(t('rules.explain.farthest'));
  if (penalties.schnapszahl) lines.push(t('rules.explain.schnapszahl'));
  if (penalties.twins) lines.push(t('rules.explain.twins'));
  if (penalties.exact !== 'none') lines.push(t(`rules.explain.exact.${penalties.exact}`));
  if (penalties.overUnder || penalties.farthest || penalties.schnapszahl || penalties.twins) {
    lines.push(t('rules.explain.onePerRound'));
  }
  if (rules.disqualifyAbove !== null) {
    lines.push(t('rules.explain.disqualify', { grams: rules.disqualifyAbove }));
  }
  if (rules.finale === 'empty-estimate') lines.push(t('rules.explain.finale'));
  if (rules.teams !== null) lines.push(t('rules.explain.teams', { count: rules.teams }));
  return lines;
}
