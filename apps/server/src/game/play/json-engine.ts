import type { Display, EnginePort, EngineSnapshot, Step } from './engine-port';
import {
  callTarget,
  currentDisplay,
  estimateEmpty,
  givePenalty,
  currentPlayerId,
  finishEarly,
  manualReading,
  onSample,
  scaleResumed,
  startGame,
  DEFAULT_ENGINE_TIMINGS,
  type EngineEffect,
  type EngineState,
  type EngineTimings,
  type Refusal,
  type Transition,
} from './engine/engine';
import { CLASSIC_RULES } from '@beerscale/contract/rules';
import { liveScores } from './engine/rules/scoring';
import { figures } from './engine/standings';

/**
 * Binds the pure engine to the play service: JSON in, JSON out, effects sorted by kind. The
 * timings (the placement's stability window) are the app's configuration, handed to every sample.
 */
export const createJsonEngine = (timings: EngineTimings = DEFAULT_ENGINE_TIMINGS): EnginePort => ({
  start: (setup) => toStep(startGame(setup)),
  sample: (state, sample) => toStep(onSample(parse(state), sample.grams, sample.at, timings)),
  manual: (state, grams) => toStep(manualReading(parse(state), grams)),
  finish: (state) => toStep(finishEarly(parse(state))),
  resume: (state) => toStep(scaleResumed(parse(state))),
  snapshot: (state) => snapshot(parse(state)),
  callTarget: (state, amount) => stepOr(callTarget(parse(state), amount)),
  give: (state, toPlayerId) => stepOr(givePenalty(parse(state), toPlayerId)),
  estimate: (state, playerId, grams) => stepOr(estimateEmpty(parse(state), playerId, grams)),
  waitingFor: (state) => {
    const engine = parse(state);
    if (engine.phase === 'CALLING') return engine.caller ?? null;
    if (engine.phase === 'GIVING') return engine.giving?.[0] ?? null;
    return null;
  },
  display: (state) => {
    const effect = currentDisplay(parse(state));
    return effect ? toDisplay(effect) : null;
  },
});

type DisplayEffect = Extract<EngineEffect, { kind: 'display' }>;

function parse(state: string): EngineState {
  return JSON.parse(state) as EngineState;
}

function stepOr(result: Transition | Refusal): Step | Refusal {
  return 'refused' in result ? result : toStep(result);
}

function toStep(transition: Transition): Step {
  const step: Step = {
    state: JSON.stringify(transition.state),
    changed: transition.changed,
    placements: [],
    newRound: null,
    displays: [],
    finished: null,
  };
  for (const effect of transition.effects) {
    switch (effect.kind) {
      case 'placement-accepted':
        step.placements.push(effect);
        break;
      case 'round-started':
        step.newRound = { number: effect.round, target: effect.target };
        break;
      case 'display':
        step.displays.push(toDisplay(effect));
        break;
      case 'finished':
        step.finished = effect.standings;
        break;
      case 'placement-refused':
        // Shown to the table through the DISPLAY that accompanies it.
        break;
    }
  }
  return step;
}

/** What the scale is told: the lines, worded per language later; the English text stays here. */
function toDisplay({ kind: _kind, text: _text, ...display }: DisplayEffect): Display {
  return display;
}

function snapshot(state: EngineState): EngineSnapshot {
  const ranks = new Map(state.standings?.map((s) => [s.playerId, s.rank]) ?? []);
  const rules = state.rules ?? CLASSIC_RULES;
  const penalties = (p: EngineState['players'][number]) => p.penaltyLog ?? [];
  const scores = state.standings
    ? new Map(state.standings.map((s) => [s.playerId, s.score ?? null]))
    : liveScores(
        state.players.map((p) => ({
          playerId: p.id,
          differences: p.differences,
          penalties: penalties(p).length,
          disqualified: p.disqualified === true,
          team: p.team ?? null,
        })),
        rules,
      );
  return {
    phase: state.phase,
    round: state.round,
    roundsPlanned: state.roundsPlanned,
    target: state.target,
    currentPlayerId: currentPlayerId(state),
    rules,
    caller: state.caller ?? null,
    dice: state.dice ?? null,
    players: state.players.map((p) => {
      const f = figures(p.differences);
      return {
        id: p.id,
        startWeight: p.startWeight,
        lastWeight: p.weight,
        differences: p.differences,
        meanDifference: f?.meanDifference ?? null,
        exactMatches: f?.exactMatches ?? 0,
        bestDifference: f?.bestDifference ?? null,
        rank: ranks.get(p.id) ?? null,
        penalties: penalties(p).length,
        penaltyLog: penalties(p),
        disqualified: p.disqualified === true,
        team: p.team ?? null,
        estimate: p.estimate ?? null,
        score: scores.get(p.id) ?? null,
      };
    }),
  };
}
