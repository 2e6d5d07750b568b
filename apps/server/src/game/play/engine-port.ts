import type { DisplayPhase } from '@beerscale/contract/device-socket';
import type { GamePhase, PenaltyEntry } from '@beerscale/contract/game-state';
import type { ContainerType } from '@beerscale/contract/limits';
import type { PenaltyDrink, Rules } from '@beerscale/contract/rules';
import type { DisplayLine } from './engine/display-lines';

// The play service drives the pure engine through this narrow port, so that persistence and
// announcement code does not depend on how the engine shapes its state and effects.

export interface EngineSetup {
  /** `penaltyDrink`: what the player drinks for a penalty, named on the scale's screen. */
  players: { id: number; name: string; position: number; penaltyDrink?: PenaltyDrink }[];
  containerType: ContainerType;
  roundsPlanned: number;
  seed: number;
  /** House rules; absent: classic. */
  rules?: Rules;
}

export interface Sample {
  grams: number;
  stable: boolean;
  at: number;
}

export interface Display {
  phase: DisplayPhase;
  player?: string;
  target?: number;
  /** The texts as keys with values (engine/display-lines.ts), worded in the leader's language. */
  lines: DisplayLine[];
}

export interface Standing {
  playerId: number;
  rank: number;
  meanDifference: number;
  exactMatches: number;
  bestDifference: number;
  /** House rules: what the scoring ranked by, and the penalties drunk. */
  score?: number;
  penalties?: number;
  team?: number | null;
}

/** A house-rules action the game cannot take now: 409 (out of turn) or 400 (invalid). */
export interface ActionRefusal {
  refused: 'out-of-turn' | 'invalid';
  reason: string;
}

export interface Step {
  state: string;
  /** False when nothing worth storing happened (most samples). */
  changed: boolean;
  placements: { playerId: number; round: number; grams: number; difference: number | null }[];
  newRound: { number: number; target: number } | null;
  displays: Display[];
  /** Set when the game ended: standings, empty when no round was completed. */
  finished: Standing[] | null;
}

export interface EngineSnapshot {
  phase: GamePhase | null;
  round: number;
  roundsPlanned: number;
  target: number | null;
  currentPlayerId: number | null;
  rules: Rules;
  caller: number | null;
  dice: [number, number] | null;
  players: {
    id: number;
    startWeight: number | null;
    lastWeight: number | null;
    differences: number[];
    meanDifference: number | null;
    exactMatches: number;
    bestDifference: number | null;
    rank: number | null;
    penalties: number;
    penaltyLog: PenaltyEntry[];
    disqualified: boolean;
    team: number | null;
    estimate: number | null;
    score: number | null;
  }[];
}

export interface EnginePort {
  start(setup: EngineSetup, at: number): Step;
  sample(state: string, sample: Sample): Step;
  manual(state: string, grams: number, at: number): Step;
  finish(state: string, at: number): Step;
  /** The scale reconnected: a container swapped while it was away may count. */
  resume(state: string): Step;
  snapshot(state: string): EngineSnapshot;
  /** House rules' actions: the next step, or why it cannot be taken now. */
  callTarget(state: string, amount: number): Step | ActionRefusal;
  give(state: string, toPlayerId: number): Step | ActionRefusal;
  estimate(state: string, playerId: number, grams: number): Step | ActionRefusal;
  /** Whose account acts for the waiting step: the caller, the giver, or null. */
  waitingFor(state: string): number | null;
  display(state: string): Display | null;
}
