import type { GamePhase } from '@beerscale/contract/game-state';
import type { ContainerType } from '@beerscale/contract/limits';
import { detect, initialDetector, resumeDetector, type DetectorState } from './placement';
import { CONTAINER_PROFILES, lowestPlayableTarget } from './profiles';
import { nextInt } from './rng';
import { rankPlayers, type StandingFigures } from './standings';

// The rules of DESIGN §9 as a pure state machine. The whole state is plain JSON: the server
// stores it after every step that matters and a restarted server continues from it.

export const TARGET_OFFSET = { min: 25, max: 70 } as const;

export interface EnginePlayer {
  id: number;
  name: string;
  position: number;
  startWeight: number | null;
  /** What the player's container weighed at its last placement. */
  weight: number | null;
  /** One per scored round of the current game, whole grams. */
  differences: number[];
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
  standings: StandingFigures[] | null;
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
  | { kind: 'display'; phase: GamePhase; player?: string; target?: number; text: string }
  | { kind: 'finished'; standings: StandingFigures[] };

export interface Transition {
  state: EngineState;
  effects: EngineEffect[];
  /** Something worth persisting happened, even without effects (the platform was cleared). */
  changed: boolean;
}

export interface EngineSetup {
  players: { id: number; name: string; position: number }[];
  containerType: ContainerType;
  roundsPlanned: number;
  seed: number;
}

export function startGame(setup: EngineSetup): Transition {
  if (setup.players.length < 2 || setup.players.length > 10) {
    throw new Error('A game needs 2 to 10 players');
  }
  const players = [...setup.players]
    .sort((a, b) => a.position - b.position)
    .map((p) => ({ ...p, startWeight: null, weight: null, differences: [] }));
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
  };
  return { state, effects: [promptInitial(state)], changed: true };
}

/** A weight sample from the scale, with the server's receipt time. */
export function onSample(state: EngineState, grams: number, at: number): Transition {
  if (state.phase === 'FINISHED') return { state, effects: [], changed: false };
  const detection = detect(state.detector, grams, at);
  const next = { ...state, detector: detection.detector };
  if (detection.placement === null)
    return { state: next, effects: [], changed: detection.armedChanged };
  return place(next, detection.placement);
}

/**
 * The leader typed the reading of the player on turn: it counts as a placement, so, as after a
 * placement from the scale, the platform must go below 20 g before the next one counts. The
 * container whose reading was typed usually still stands on the scale (the reason to type one):
 * settling there, it must not become the next player's placement.
 */
export function manualReading(state: EngineState, grams: number): Transition {
  if (state.phase === 'FINISHED') return { state, effects: [], changed: false };
  const typed = Math.round(grams);
  const disarmed: EngineState = { ...state, detector: { armed: false, window: [], last: typed } };
  const placed = place(disarmed, typed);
  return { ...placed, changed: placed.changed || state.detector.armed };
}

/**
 * The scale reconnected mid-game. While it was away nobody saw the platform: a container put
 * there meanwhile would never count (the platform never read empty), and the game would stall
 * without a word. Now a stable reading that is not the last placement counts as a placement.
 */
export function scaleResumed(state: EngineState): Transition {
  if (state.phase === 'FINISHED') return { state, effects: [], changed: false };
  const detector = resumeDetector(state.detector);
  if (detector === state.detector) return { state, effects: [], changed: false };
  return { state: { ...state, detector }, effects: [], changed: true };
}

/** The leader ends the game: completed rounds are scored, an unfinished round is dropped. */
export function finishEarly(state: EngineState): Transition {
  if (state.phase === 'FINISHED') return { state, effects: [], changed: false };
  const completedRounds =
    state.phase === 'SCORING' || state.phase === 'DRINKING' ? state.round - 1 : state.round;
  const players = state.players.map((p) => ({
    ...p,
    differences: p.differences.slice(0, Math.max(0, completedRounds)),
  }));
  return finish({ ...state, players });
}

function place(state: EngineState, grams: number): Transition {
  const player = state.players[state.turn];
  if (!player) return { state, effects: [], changed: false };
  const profile = CONTAINER_PROFILES[state.containerType];

  if (state.phase === 'INITIAL_WEIGHING') {
    if (grams < profile.minFullGrams) {
      return {
        state,
        changed: true,
        effects: [
          {
            kind: 'placement-refused',
            playerId: player.id,
            grams,
            reason: `Too light for a full ${profile.label}: ${grams} g (at least ${profile.minFullGrams} g)`,
          },
          {
            kind: 'display',
            phase: 'INITIAL_WEIGHING',
            player: player.name,
            text: `${grams} g is too light. ${player.name}: place a full ${profile.label}`,
          },
        ],
      };
    }
    const players = replace(state.players, state.turn, { startWeight: grams, weight: grams });
    const accepted: EngineEffect = {
      kind: 'placement-accepted',
      playerId: player.id,
      round: 0,
      grams,
      difference: null,
    };
    const moved = { ...state, players, turn: state.turn + 1 };
    if (moved.turn < players.length) {
      return { state: moved, changed: true, effects: [accepted, promptInitial(moved)] };
    }
    const opened = openRound(moved);
    return { ...opened, effects: [accepted, ...opened.effects] };
  }

  // DRINKING ends with the first container put back: it is the first scoring placement.
  const target = state.target ?? 0;
  const difference = Math.abs(grams - target);
  const players = replace(state.players, state.turn, {
    weight: grams,
    differences: [...player.differences, difference],
  });
  const accepted: EngineEffect = {
    kind: 'placement-accepted',
    playerId: player.id,
    round: state.round,
    grams,
    difference,
  };
  // Every DISPLAY names who is on turn now; the result just measured leads its text.
  const result =
    difference === 0
      ? `${player.name}: EXACT ${grams} g!`
      : `${player.name}: ${grams} g, off by ${difference} g.`;
  const moved: EngineState = { ...state, phase: 'SCORING', players, turn: state.turn + 1 };
  if (moved.turn < players.length) {
    return { state: moved, changed: true, effects: [accepted, promptScoring(moved, result)] };
  }
  if (moved.round >= moved.roundsPlanned) {
    const done = finish(moved, result);
    return { ...done, effects: [accepted, ...done.effects] };
  }
  const opened = openRound(moved, result);
  return { ...opened, effects: [accepted, ...opened.effects] };
}

/** Draws the next target; the game ends instead when too little beer would be left. */
function openRound(state: EngineState, lead = ''): Transition {
  const profile = CONTAINER_PROFILES[state.containerType];
  const lowest = Math.min(...state.players.map((p) => p.weight ?? 0));
  const draw = nextInt(state.rng, TARGET_OFFSET.min, TARGET_OFFSET.max);
  const target = lowest - draw.value;
  if (target < lowestPlayableTarget(profile)) return finish(state, lead);
  const round = state.round + 1;
  const next: EngineState = {
    ...state,
    rng: draw.state,
    phase: 'DRINKING',
    round,
    target,
    turn: 0,
  };
  const first = next.players[0]!;
  return {
    state: next,
    changed: true,
    effects: [
      { kind: 'round-started', round, target },
      {
        kind: 'display',
        phase: 'DRINKING',
        player: first.name,
        target,
        text: withLead(
          lead,
          `Round ${round}: drink down to ${target} g! ${first.name} weighs first`,
        ),
      },
    ],
  };
}

function finish(state: EngineState, lead = ''): Transition {
  const standings = rankPlayers(
    state.players.map((p) => ({ playerId: p.id, differences: p.differences })),
  );
  const winner = standings.filter((s) => s.rank === 1).map((s) => nameOf(state, s.playerId));
  const next: EngineState = { ...state, phase: 'FINISHED', target: null, turn: 0, standings };
  return {
    state: next,
    changed: true,
    effects: [
      {
        kind: 'display',
        phase: 'FINISHED',
        text: withLead(
          lead,
          winner.length ? `Game over! Winner: ${winner.join(' & ')}` : 'Game over',
        ),
      },
      { kind: 'finished', standings },
    ],
  };
}

function promptInitial(state: EngineState): EngineEffect {
  const player = state.players[state.turn]!;
  const label = CONTAINER_PROFILES[state.containerType].label;
  return {
    kind: 'display',
    phase: 'INITIAL_WEIGHING',
    player: player.name,
    text: `${player.name}: place your full ${label}`,
  };
}

function promptScoring(state: EngineState, lead: string): EngineEffect {
  const player = state.players[state.turn]!;
  const label = CONTAINER_PROFILES[state.containerType].label;
  return {
    kind: 'display',
    phase: 'SCORING',
    player: player.name,
    target: state.target ?? undefined,
    text: withLead(lead, `${player.name}: put your ${label} on the scale`),
  };
}

function withLead(lead: string, text: string): string {
  return lead ? `${lead} ${text}` : text;
}

function nameOf(state: EngineState, playerId: number): string {
  return state.players.find((p) => p.id === playerId)?.name ?? '?';
}

function replace(
  players: EnginePlayer[],
  index: number,
  change: Partial<EnginePlayer>,
): EnginePlayer[] {
  return players.map((p, i) => (i === index ? { ...p, ...change } : p));
}

/** Who is on turn, for the snapshot: nobody while everyone drinks or after the end. */
export function currentPlayerId(state: EngineState): number | null {
  if (state.phase === 'FINISHED') return null;
  return state.players[state.turn]?.id ?? null;
}

/** What the scale's screen should show now: sent again when a scale (re)connects mid-game. */
export function currentDisplay(
  state: EngineState,
): Extract<EngineEffect, { kind: 'display' }> | null {
  switch (state.phase) {
    case 'INITIAL_WEIGHING':
      return promptInitial(state) as Extract<EngineEffect, { kind: 'display' }>;
    case 'SCORING':
      return promptScoring(state, '') as Extract<EngineEffect, { kind: 'display' }>;
    case 'DRINKING': {
      const first = state.players[0]!;
      return {
        kind: 'display',
        phase: 'DRINKING',
        player: first.name,
        target: state.target ?? undefined,
        text: `Round ${state.round}: drink down to ${state.target} g! ${first.name} weighs first`,
      };
    }
    case 'FINISHED':
      return null;
  }
}
