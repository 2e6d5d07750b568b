import { CLASSIC_RULES, teamsOfPlayers } from '@beerscale/contract/rules';
import { initialDetector } from './placement';
import type { EngineSetup, EngineState, Transition } from './engine-state';
import { promptInitial } from './prompts';

// The rules of play (docs/RULES.md) as a pure state machine, one file per family of steps:
// engine-state.ts (the JSON state and effects), weighing.ts (samples, typed readings,
// placements), rounds.ts (a round's end, the next target, the finale, the end), actions.ts (the
// house rules' call, give and estimate), prompts.ts (what the scale shows). Classic plays the
// original rules; house rules add phases (CALLING, GIVING, ESTIMATING, FINALE) and per-player
// penalties. This file starts a game and is the one door the rest of the server uses.

export { TARGET_OFFSET } from './rules/targets';
export { DEFAULT_ENGINE_TIMINGS, type EngineTimings } from './timings';
export type {
  EngineEffect,
  EnginePlayer,
  EngineSetup,
  EngineState,
  Refusal,
  Transition,
} from './engine-state';
export { onSample, manualReading, scaleResumed } from './weighing';
export { finishEarly } from './rounds';
export { callTarget, givePenalty, estimateEmpty } from './actions';
export { currentDisplay, currentPlayerId } from './prompts';

export function startGame(setup: EngineSetup): Transition {
  if (setup.players.length < 2 || setup.players.length > 10) {
    throw new Error('A game needs 2 to 10 players');
  }
  const rules = setup.rules ?? CLASSIC_RULES;
  const teams = teamsOfPlayers(rules, setup.players.length);
  const players = [...setup.players]
    .sort((a, b) => a.position - b.position)
    .map((p, index) => ({
      ...p,
      startWeight: null,
      weight: null,
      differences: [],
      readings: [],
      penaltyLog: [],
      disqualified: false,
      team: teams?.[index] ?? null,
      estimate: null,
    }));
  const state: EngineState = {
    version: 1,
    containerType: setup.containerType,
    roundsPlanned: setup.roundsPlanned,
    rng: setup.seed | 0,
    phase: 'INITIAL_WEIGHING',
    round: 0,
    target: null,
    turn: 0,
    players,
    detector: initialDetector(),
    standings: null,
    rules,
    caller: null,
    dice: null,
    giving: [],
    finale: false,
  };
  return { state, effects: [promptInitial(state)], changed: true };
}
