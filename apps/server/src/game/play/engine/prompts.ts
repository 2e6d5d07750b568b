import type { GamePhase } from '@beerscale/contract/game-state';
import { renderLines, type DisplayLine } from './display-lines';
import { CONTAINER_PROFILES } from './profiles';
import { type EngineEffect, type EngineState, type Transition, nameOf } from './engine-state';

// What the scale's screen says: each DISPLAY as keyed lines (display-lines.ts) with their English
// text, the prompt for whoever is on turn, and what a reconnecting scale is shown again.

export type DisplayEffect = Extract<EngineEffect, { kind: 'display' }>;

/**
 * A DISPLAY: its lines, and their English text. Callers list what happened first and what to do
 * now last (`[...lead, instruction]`); the screen says the instruction first, then the news, so
 * a small screen shows it without scrolling and a text cut to its budget never loses it.
 */
export function show(
  phase: GamePhase,
  player: string | undefined,
  target: number | undefined,
  lines: DisplayLine[],
): DisplayEffect {
  const instructionFirst = lines.length > 1 ? [lines.at(-1)!, ...lines.slice(0, -1)] : lines;
  return {
    kind: 'display',
    phase,
    ...(player === undefined ? {} : { player }),
    ...(target === undefined ? {} : { target }),
    lines: instructionFirst,
    text: renderLines(instructionFirst, 'en'),
  };
}

export function roundLine(state: EngineState): DisplayLine {
  const first = state.players[state.turn]!;
  return {
    key: 'roundStart',
    params: { round: state.round, target: state.target ?? 0, name: first.name },
  };
}

export function estimateLine(label: string): DisplayLine {
  return { key: 'estimate', params: { label } };
}

export function promptInitial(state: EngineState): DisplayEffect {
  const player = state.players[state.turn]!;
  const label = CONTAINER_PROFILES[state.containerType].label;
  return show('INITIAL_WEIGHING', player.name, undefined, [
    { key: 'placeFull', params: { name: player.name, label } },
  ]);
}

export function promptScoring(state: EngineState, lead: DisplayLine[]): DisplayEffect {
  const player = state.players[state.turn]!;
  const label = CONTAINER_PROFILES[state.containerType].label;
  return show('SCORING', player.name, state.target ?? undefined, [
    ...lead,
    { key: 'putOn', params: { name: player.name, label } },
  ]);
}

export function promptFinale(state: EngineState, lead: DisplayLine[]): DisplayEffect {
  const player = state.players[state.turn]!;
  const label = CONTAINER_PROFILES[state.containerType].label;
  return show('FINALE', player.name, undefined, [
    ...lead,
    { key: 'finalePlace', params: { name: player.name, label } },
  ]);
}

export function promptGiving(state: EngineState, lead: DisplayLine[]): Transition {
  const giver = nameOf(state, state.giving![0]!);
  const next: EngineState = { ...state, phase: 'GIVING' };
  return {
    state: next,
    changed: true,
    effects: [
      show('GIVING', giver, undefined, [...lead, { key: 'giving', params: { name: giver } }]),
    ],
  };
}

/** Who is on turn, for the snapshot: nobody while everyone drinks, waits or after the end. */
export function currentPlayerId(state: EngineState): number | null {
  if (state.phase === 'FINISHED') return null;
  if (state.phase === 'CALLING') return state.caller ?? null;
  if (state.phase === 'GIVING') return state.giving?.[0] ?? null;
  if (state.phase === 'ESTIMATING') return null;
  return state.players[state.turn]?.id ?? null;
}

/** What the scale's screen should show now: sent again when a scale (re)connects mid-game. */
export function currentDisplay(state: EngineState): DisplayEffect | null {
  switch (state.phase) {
    case 'INITIAL_WEIGHING':
      return promptInitial(state);
    case 'SCORING':
      return promptScoring(state, []);
    case 'DRINKING': {
      const first = state.players[state.turn]!;
      return show('DRINKING', first.name, state.target ?? undefined, [roundLine(state)]);
    }
    case 'CALLING': {
      const caller = nameOf(state, state.caller ?? -1);
      return show('CALLING', caller, undefined, [
        { key: 'caller', params: { round: state.round, name: caller } },
      ]);
    }
    case 'GIVING': {
      const giver = nameOf(state, state.giving?.[0] ?? -1);
      return show('GIVING', giver, undefined, [{ key: 'giving', params: { name: giver } }]);
    }
    case 'ESTIMATING':
      return show('ESTIMATING', undefined, undefined, [
        estimateLine(CONTAINER_PROFILES[state.containerType].label),
      ]);
    case 'FINALE':
      return promptFinale(state, []);
    case 'FINISHED':
      return null;
  }
}
