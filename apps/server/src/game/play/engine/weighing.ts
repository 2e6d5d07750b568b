import type { DisplayLine } from './display-lines';
import { FINALE_MIN_GRAMS, PLACEMENT_MIN_GRAMS, detect, resumeDetector } from './placement';
import { DEFAULT_ENGINE_TIMINGS, type EngineTimings } from './timings';
import { CONTAINER_PROFILES } from './profiles';
import {
  type EngineEffect,
  type EngineState,
  type Transition,
  nextInGame,
  placing,
  replace,
} from './engine-state';
import { promptFinale, promptInitial, promptScoring, show } from './prompts';
import { endRound, openRound } from './rounds';

// Placements: samples through the stability window (placement.ts), typed readings, a scale that
// reconnects, and what a placement means in each phase (a full container weighed in, a round's
// reading scored against the target or, in the finale, against the player's estimate).

/** A weight sample from the scale, with the server's receipt time. */
export function onSample(
  state: EngineState,
  grams: number,
  at: number,
  timings: EngineTimings = DEFAULT_ENGINE_TIMINGS,
): Transition {
  if (state.phase === 'FINISHED') return { state, effects: [], changed: false };
  const detection = detect(state.detector, grams, at, minGramsIn(state), timings);
  const next = { ...state, detector: detection.detector };
  if (detection.placement === null)
    return { state: next, effects: [], changed: detection.armedChanged };
  // While the game waits for a call, a give or the estimates nobody is on turn: a container
  // put down meanwhile does not count, and the platform must clear before the next one does.
  if (!placing(state.phase)) return { state: next, effects: [], changed: true };
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
  // Nobody is on turn while the game waits for a call, a give or the estimates.
  if (!placing(state.phase)) return { state, effects: [], changed: false };
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
          show('INITIAL_WEIGHING', player.name, undefined, [
            { key: 'tooLight', params: { grams, name: player.name, label: profile.label } },
          ]),
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

  // DRINKING ends with the first container put back: it is the first scoring placement. In the
  // finale the empty container is judged against the player's own estimate.
  const finale = state.phase === 'FINALE';
  const aim = finale ? (player.estimate ?? 0) : (state.target ?? 0);
  const difference = Math.abs(grams - aim);
  const players = replace(state.players, state.turn, {
    weight: grams,
    differences: [...player.differences, difference],
    readings: [...(player.readings ?? []), grams],
  });
  const accepted: EngineEffect = {
    kind: 'placement-accepted',
    playerId: player.id,
    round: state.round,
    grams,
    difference,
  };
  // Every DISPLAY names who is on turn now; the result just measured leads its text.
  const result: DisplayLine =
    difference === 0
      ? { key: 'resultExact', params: { name: player.name, grams } }
      : { key: 'resultOff', params: { name: player.name, grams, off: difference } };
  const moved: EngineState = {
    ...state,
    phase: finale ? 'FINALE' : 'SCORING',
    players,
    turn: nextInGame(players, state.turn + 1),
  };
  if (moved.turn < players.length) {
    const prompt = finale ? promptFinale(moved, [result]) : promptScoring(moved, [result]);
    return { state: moved, changed: true, effects: [accepted, prompt] };
  }
  const ended = endRound(moved, [result]);
  return { ...ended, effects: [accepted, ...ended.effects] };
}

function minGramsIn(state: EngineState): number {
  return state.phase === 'FINALE' ? FINALE_MIN_GRAMS : PLACEMENT_MIN_GRAMS;
}
