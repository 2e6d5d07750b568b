import { CALLER_AMOUNT } from '@beerscale/contract/rules';
import type { DisplayLine } from './display-lines';
import { CONTAINER_PROFILES, lowestPlayableTarget } from './profiles';
import { exactHitters, judgeRound, type RoundReading } from './rules/penalties';
import { rankWithRules } from './rules/scoring';
import { callerIndex, drawRandom, rollDice } from './rules/targets';
import {
  type EnginePlayer,
  type EngineState,
  type Transition,
  lastOf,
  logOf,
  nameOf,
  nextInGame,
  penaltyDrinkOf,
  playedRound,
  rulesOf,
} from './engine-state';
import { estimateLine, promptGiving, roundLine, show } from './prompts';

// Round progression: a round's end and its penalties, the next round's target (drawn, rolled or
// called), the finale of house rules, and the end of the game with its standings.

/** The leader ends the game: completed rounds are scored, an unfinished round is dropped. */
export function finishEarly(state: EngineState): Transition {
  if (state.phase === 'FINISHED') return { state, effects: [], changed: false };
  const unfinished = ['SCORING', 'DRINKING', 'CALLING', 'ESTIMATING', 'FINALE'];
  const completedRounds = unfinished.includes(state.phase) ? state.round - 1 : state.round;
  const keep = Math.max(0, completedRounds);
  const players = state.players.map((p) => ({
    ...p,
    differences: p.differences.slice(0, keep),
    ...(p.readings ? { readings: p.readings.slice(0, keep) } : {}),
  }));
  return finish({ ...state, players, giving: [] });
}

/**
 * The round's last placement is in: its penalties and disqualifications are judged, then exact
 * hitters give theirs (GIVING) or the game moves on.
 */
export function endRound(state: EngineState, lead: DisplayLine[]): Transition {
  const rules = rulesOf(state);
  const aimOf = (p: EnginePlayer) => (state.finale ? (p.estimate ?? 0) : (state.target ?? 0));
  const readings: RoundReading[] = state.players.flatMap((p) =>
    playedRound(p) ? [{ playerId: p.id, reading: lastOf(p), aim: aimOf(p) }] : [],
  );
  const reasons = judgeRound(readings, rules.penalties, state.finale === true);
  const limit = rules.disqualifyAbove;
  const out = new Set(
    limit === null
      ? []
      : readings.filter((r) => Math.abs(r.reading - r.aim) > limit).map((r) => r.playerId),
  );
  const players = state.players.map((p) => {
    const reason = reasons.get(p.id);
    if (!reason && !out.has(p.id)) return p;
    return {
      ...p,
      penaltyLog: reason ? [...logOf(p), { round: state.round, reason }] : logOf(p),
      disqualified: p.disqualified === true || out.has(p.id),
    };
  });
  const lines = [...lead];
  // Each penalised player's own penalty drink: Schnaps, or a sip of their own drink.
  for (const drink of ['spirit', 'sip'] as const) {
    const drinkers = [...reasons]
      .filter(([id]) => penaltyDrinkOf(state, id) === drink)
      .map(([id, reason]) => ({ name: nameOf(state, id), reason }));
    if (drinkers.length === 0) continue;
    lines.push({
      key: drink === 'spirit' ? 'penaltySpirits' : 'penaltySips',
      params: { drinkers },
    });
  }
  for (const id of out) lines.push({ key: 'disqualified', params: { name: nameOf(state, id) } });
  // A hitter gives only when someone else is still in to receive it.
  const inGame = players.filter((p) => !p.disqualified).map((p) => p.id);
  const giving =
    rules.penalties.exact === 'gives'
      ? exactHitters(readings).filter((id) => inGame.some((other) => other !== id))
      : [];
  const judged: EngineState = { ...state, players, giving };
  return giving.length > 0 ? promptGiving(judged, lines) : afterRound(judged, lines);
}

/** After a round and its penalties: the next round, the finale, or the end. */
export function afterRound(state: EngineState, lead: DisplayLine[]): Transition {
  if (state.finale) return finish(state, lead);
  if (!state.players.some((p) => !p.disqualified)) return finish(state, lead);
  if (state.round >= state.roundsPlanned) return endRegular(state, lead);
  return openRound(state, lead);
}

/** The regular rounds are over: the finale when the rules have one, else the end. */
function endRegular(state: EngineState, lead: DisplayLine[]): Transition {
  if (rulesOf(state).finale !== 'empty-estimate') return finish(state, lead);
  const label = CONTAINER_PROFILES[state.containerType].label;
  const next: EngineState = {
    ...state,
    phase: 'ESTIMATING',
    finale: true,
    round: state.round + 1,
    target: null,
    caller: null,
    dice: null,
    turn: nextInGame(state.players, 0),
    players: state.players.map((p) => ({ ...p, estimate: null })),
  };
  return {
    state: next,
    changed: true,
    effects: [show('ESTIMATING', undefined, undefined, [...lead, estimateLine(label)])],
  };
}

/** Decides the next round's target (or asks the caller for it); the game ends instead when too little beer would be left. */
export function openRound(state: EngineState, lead: DisplayLine[] = []): Transition {
  const rules = rulesOf(state);
  const profile = CONTAINER_PROFILES[state.containerType];
  const lowest = Math.min(
    ...state.players.filter((p) => !p.disqualified).map((p) => p.weight ?? 0),
  );
  const round = state.round + 1;
  if (rules.target === 'caller') {
    // The smallest amount a caller may name must still leave a round to play.
    if (lowest - CALLER_AMOUNT_MIN < lowestPlayableTarget(profile)) return endRegular(state, lead);
    const out = state.players.map((p) => p.disqualified === true);
    const caller = state.players[callerIndex(round, out) ?? 0]!;
    const next: EngineState = {
      ...state,
      phase: 'CALLING',
      round,
      target: null,
      caller: caller.id,
      dice: null,
      turn: nextInGame(state.players, 0),
    };
    return {
      state: next,
      changed: true,
      effects: [
        show('CALLING', caller.name, undefined, [
          ...lead,
          { key: 'caller', params: { round, name: caller.name } },
        ]),
      ],
    };
  }
  const draw = rules.target === 'dice' ? rollDice(state.rng) : drawRandom(state.rng);
  const target = lowest - draw.amount;
  if (target < lowestPlayableTarget(profile)) return endRegular(state, lead);
  const rolled: DisplayLine[] = draw.dice
    ? [{ key: 'dice', params: { high: draw.dice[0], low: draw.dice[1], amount: draw.amount } }]
    : [];
  return drinkTo({ ...state, rng: draw.rng, round, dice: draw.dice }, target, [...lead, ...rolled]);
}

/** Everyone drinks down to `target`; the first player still in weighs first. */
export function drinkTo(state: EngineState, target: number, lead: DisplayLine[]): Transition {
  const turn = nextInGame(state.players, 0);
  const next: EngineState = { ...state, phase: 'DRINKING', target, turn };
  const first = next.players[turn]!;
  return {
    state: next,
    changed: true,
    effects: [
      { kind: 'round-started', round: next.round, target },
      show('DRINKING', first.name, target, [...lead, roundLine(next)]),
    ],
  };
}

function finish(state: EngineState, lead: DisplayLine[] = []): Transition {
  const rules = rulesOf(state);
  const standings = rankWithRules(
    state.players.map((p) => ({
      playerId: p.id,
      differences: p.differences,
      penalties: logOf(p).length,
      disqualified: p.disqualified === true,
      team: p.team ?? null,
    })),
    rules,
  );
  const winner = standings.filter((s) => s.rank === 1).map((s) => nameOf(state, s.playerId));
  const next: EngineState = {
    ...state,
    phase: 'FINISHED',
    target: null,
    turn: 0,
    standings,
    caller: null,
    giving: [],
  };
  const over: DisplayLine = winner.length
    ? { key: 'winner', params: { name: winner.join(' & ') } }
    : { key: 'gameOver', params: {} };
  return {
    state: next,
    changed: true,
    effects: [
      show('FINISHED', undefined, undefined, [...lead, over]),
      { kind: 'finished', standings },
    ],
  };
}

const CALLER_AMOUNT_MIN = CALLER_AMOUNT.min;
