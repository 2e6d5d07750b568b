import type { GamePhase, PenaltyEntry } from '@beerscale/contract/game-state';
import type { ContainerType } from '@beerscale/contract/limits';
import { CLASSIC_RULES, type PenaltyDrink, type Rules } from '@beerscale/contract/rules';
import type { DisplayLine } from './display-lines';
import type { DetectorState } from './placement';
import type { RuledStanding } from './rules/scoring';

// The engine's state, effects and the small helpers every part of it reads. The whole state is
// plain JSON: the server stores it after every step that matters and a restarted server continues
// from it. Fields added for house rules are optional so that states stored before them still
// load (absent means classic, no penalties, nobody out).

export interface EnginePlayer {
  id: number;
  name: string;
  position: number;
  startWeight: number | null;
  /** What the player's container weighed at its last placement. */
  weight: number | null;
  /** One per scored round of the current game, whole grams. */
  differences: number[];
  /** House rules: the readings behind `differences`, whole grams, one per round played. */
  readings?: number[];
  penaltyLog?: PenaltyEntry[];
  /** Out of the game: no more turns, ranks last. */
  disqualified?: boolean;
  team?: number | null;
  /** The finale's estimate of the empty container. */
  estimate?: number | null;
  /**
   * What this player drinks for a penalty (the game's, sips below 1.2 %:
   * game/play/engine/drank.ts), for the scale's texts. Absent in states stored before it: the
   * rules' penalty drink.
   */
  penaltyDrink?: PenaltyDrink;
}

export interface EngineState {
  version: 1;
  containerType: ContainerType;
  roundsPlanned: number;
  rng: number;
  phase: GamePhase;
  /** 0 during the initial weighing, then 1..roundsPlanned. */
  round: number;
  target: number | null;
  /** Index into players of who is on turn. */
  turn: number;
  players: EnginePlayer[];
  detector: DetectorState;
  standings: RuledStanding[] | null;
  /** House rules (absent: classic). */
  rules?: Rules;
  /** Rules with a caller: the player naming this round's amount. */
  caller?: number | null;
  /** Rules with dice: this round's roll, higher die first. */
  dice?: [number, number] | null;
  /** Exact hitters still to give their penalty, in turn order (phase GIVING). */
  giving?: number[];
  /** The finale has begun: its round is the last one. */
  finale?: boolean;
}

export type EngineEffect =
  | {
      kind: 'placement-accepted';
      playerId: number;
      round: number;
      grams: number;
      difference: number | null;
    }
  | { kind: 'placement-refused'; playerId: number; grams: number; reason: string }
  | { kind: 'round-started'; round: number; target: number }
  | {
      kind: 'display';
      phase: GamePhase;
      player?: string;
      target?: number;
      /** The texts as keys with values: worded in the leader's language on the way to the scale. */
      lines: DisplayLine[];
      /** The lines in English, as docs/RULES.md and the tests read them. */
      text: string;
    }
  | { kind: 'finished'; standings: RuledStanding[] };

/** An action of house rules that cannot be taken now (the service answers 409 or 400). */
export type Refusal = { refused: 'out-of-turn' | 'invalid'; reason: string };

export interface Transition {
  state: EngineState;
  effects: EngineEffect[];
  /** Something worth persisting happened, even without effects (the platform was cleared). */
  changed: boolean;
}

export interface EngineSetup {
  players: { id: number; name: string; position: number; penaltyDrink?: PenaltyDrink }[];
  containerType: ContainerType;
  roundsPlanned: number;
  seed: number;
  /** Absent: classic. */
  rules?: Rules;
}

export function rulesOf(state: EngineState): Rules {
  return state.rules ?? CLASSIC_RULES;
}

export function logOf(player: EnginePlayer): PenaltyEntry[] {
  return player.penaltyLog ?? [];
}

export function lastOf(player: EnginePlayer): number {
  return player.readings?.at(-1) ?? player.weight ?? 0;
}

/**
 * Whether the player placed in the round now ending: everyone still in did (players are marked
 * out only after the round that put them out was judged).
 */
export function playedRound(player: EnginePlayer): boolean {
  return player.disqualified !== true;
}

/** The first index from `from` of a player still in the game (players.length when none). */
export function nextInGame(players: EnginePlayer[], from: number): number {
  let index = from;
  while (index < players.length && players[index]!.disqualified) index += 1;
  return index;
}

/** Phases in which a placement is someone's turn. */
export function placing(phase: GamePhase): boolean {
  return ['INITIAL_WEIGHING', 'DRINKING', 'SCORING', 'FINALE'].includes(phase);
}

export function nameOf(state: EngineState, playerId: number): string {
  return state.players.find((p) => p.id === playerId)?.name ?? '?';
}

/**
 * What a player drinks for a penalty: their own (set at the start), else the rules' (states
 * stored before players had one; rules stored before the penalty drink: sips).
 */
export function penaltyDrinkOf(state: EngineState, playerId: number): PenaltyDrink {
  const own = state.players.find((p) => p.id === playerId)?.penaltyDrink;
  return own ?? (rulesOf(state) as Partial<Rules>).penaltyDrink ?? 'sip';
}

export function replace(
  players: EnginePlayer[],
  index: number,
  change: Partial<EnginePlayer>,
): EnginePlayer[] {
  return players.map((p, i) => (i === index ? { ...p, ...change } : p));
}
