import type { DisplayPhase } from '@beerscale/contract/device-socket';
import type { GamePhase } from '@beerscale/contract/game-state';
import type { ContainerType } from '@beerscale/contract/limits';

// The play service drives the pure engine through this narrow port, so that persistence and
// announcement code does not depend on how the engine shapes its state and effects.

export interface EngineSetup {
  players: { id: number; name: string; position: number }[];
  containerType: ContainerType;
  roundsPlanned: number;
  seed: number;
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
  text: string;
}

export interface Standing {
  playerId: number;
  rank: number;
  meanDifference: number;
  exactMatches: number;
  bestDifference: number;
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
  players: {
    id: number;
    startWeight: number | null;
    lastWeight: number | null;
    differences: number[];
    meanDifference: number | null;
    exactMatches: number;
    bestDifference: number | null;
    rank: number | null;
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
  display(state: string): Display | null;
}
