import type { GamePhase, PenaltyEntry } from '@beerscale/contract/game-state';
import type { ContainerType } from '@beerscale/contract/limits';
import {
  CALLER_AMOUNT,
  CLASSIC_RULES,
  RULE_MESSAGES,
  teamsOfPlayers,
  type Rules,
} from '@beerscale/contract/rules';
import { renderLines, type DisplayLine } from './display-lines';
import {
  FINALE_MIN_GRAMS,
  PLACEMENT_MIN_GRAMS,
  detect,
  initialDetector,
  resumeDetector,
  type DetectorState,
} from './placement';
import { DEFAULT_ENGINE_TIMINGS, type EngineTimings } from './timings';
import { CONTAINER_PROFILES, lowestPlayableTarget } from './profiles';
import { exactHitters, judgeRound, type RoundReading } from './rules/penalties';
import { rankWithRules, type RuledStanding } from './rules/scoring';
import { callerIndex, drawRandom, rollDice } from './rules/targets';

// The rules of play (docs/RULES.md) as a pure state machine. The whole state is plain JSON: the
// server stores it after every step that matters and a restarted server continues from it.
// Classic plays the original rules; house rules add phases (CALLING, GIVING, ESTIMATING,
// FINALE) and per-player penalties. Fields added for house rules are optional so that states
// stored before them still load (absent means classic, no penalties, nobody out).

export { TARGET_OFFSET } from './rules/targets';
export { DEFAULT_ENGINE_TIMINGS, type EngineTimings } from './timings';

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
  players: { id: number; name: string; position: number }[];
  containerType: ContainerType;
  roundsPlanned: number;
  seed: number;
  /** Absent: classic. */
  rules?: Rules;
}

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

/**
 * The round's last placement is in: its penalties and disqualifications are judged, then exact
 * hitters give theirs (GIVING) or the game moves on.
 */
function endRound(state: EngineState, lead: DisplayLine[]): Transition {
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
  if (reasons.size > 0) {
    const drinkers = [...reasons].map(([id, reason]) => ({ name: nameOf(state, id), reason }));
    lines.push({ key: 'penalties', params: { drinkers } });
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
function afterRound(state: EngineState, lead: DisplayLine[]): Transition {
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
function openRound(state: EngineState, lead: DisplayLine[] = []): Transition {
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
function drinkTo(state: EngineState, target: number, lead: DisplayLine[]): Transition {
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

/** The caller (or the leader for them) names this round's amount. */
export function callTarget(state: EngineState, amount: number): Transition | Refusal {
  if (state.phase !== 'CALLING')
    return { refused: 'out-of-turn', reason: RULE_MESSAGES.notCalling };
  const profile = CONTAINER_PROFILES[state.containerType];
  const lowest = Math.min(
    ...state.players.filter((p) => !p.disqualified).map((p) => p.weight ?? 0),
  );
  const target = lowest - amount;
  if (target < lowestPlayableTarget(profile)) {
    return {
      refused: 'invalid',
      reason: `${RULE_MESSAGES.targetTooLow} ${lowest - lowestPlayableTarget(profile)} g`,
    };
  }
  const caller = state.players.find((p) => p.id === state.caller);
  return drinkTo(state, target, [{ key: 'called', params: { name: caller?.name ?? '?', amount } }]);
}

/** The exact hitter on turn to give (or the leader for them) gives one penalty. */
export function givePenalty(state: EngineState, toPlayerId: number): Transition | Refusal {
  const giverId = state.giving?.[0];
  if (state.phase !== 'GIVING' || giverId === undefined) {
    return { refused: 'out-of-turn', reason: RULE_MESSAGES.notGiving };
  }
  if (toPlayerId === giverId) return { refused: 'invalid', reason: RULE_MESSAGES.giveToYourself };
  const receiver = state.players.find((p) => p.id === toPlayerId);
  if (!receiver || receiver.disqualified) {
    return { refused: 'invalid', reason: RULE_MESSAGES.giveToPlayer };
  }
  const players = state.players.map((p) =>
    p.id === toPlayerId
      ? {
          ...p,
          penaltyLog: [
            ...logOf(p),
            { round: state.round, reason: 'given' as const, fromPlayerId: giverId },
          ],
        }
      : p,
  );
  const giving = state.giving!.slice(1);
  const lines: DisplayLine[] = [
    {
      key: 'given',
      params: {
        name: nameOf(state, giverId),
        drinkers: [{ name: receiver.name, reason: 'given' }],
      },
    },
  ];
  const next: EngineState = { ...state, players, giving };
  return giving.length > 0 ? promptGiving(next, lines) : afterRound(next, lines);
}

/** A player's estimate of their empty container; the finale starts once everyone still in has one. */
export function estimateEmpty(
  state: EngineState,
  playerId: number,
  grams: number,
): Transition | Refusal {
  if (state.phase !== 'ESTIMATING') {
    return { refused: 'out-of-turn', reason: RULE_MESSAGES.notEstimating };
  }
  const player = state.players.find((p) => p.id === playerId);
  if (!player || player.disqualified) {
    return { refused: 'invalid', reason: RULE_MESSAGES.estimatePlayer };
  }
  const players = state.players.map((p) => (p.id === playerId ? { ...p, estimate: grams } : p));
  const next: EngineState = { ...state, players };
  if (players.some((p) => !p.disqualified && (p.estimate ?? null) === null)) {
    return { state: next, changed: true, effects: [] };
  }
  // Everyone drinks up. The detector stays as it is: a container put down while the game waited
  // did not count, and the platform must read empty before the first empty container does.
  const turn = nextInGame(players, 0);
  const finale: EngineState = { ...next, phase: 'FINALE', turn };
  return { state: finale, changed: true, effects: [promptFinale(finale, [])] };
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

/** A DISPLAY: its lines, and their English text. */
function show(
  phase: GamePhase,
  player: string | undefined,
  target: number | undefined,
  lines: DisplayLine[],
): Extract<EngineEffect, { kind: 'display' }> {
  return {
    kind: 'display',
    phase,
    ...(player === undefined ? {} : { player }),
    ...(target === undefined ? {} : { target }),
    lines,
    text: renderLines(lines, 'en'),
  };
}

function rulesOf(state: EngineState): Rules {
  return state.rules ?? CLASSIC_RULES;
}

function logOf(player: EnginePlayer): PenaltyEntry[] {
  return player.penaltyLog ?? [];
}

function lastOf(player: EnginePlayer): number {
  return player.readings?.at(-1) ?? player.weight ?? 0;
}

/**
 * Whether the player placed in the round now ending: everyone still in did (players are marked
 * out only after the round that put them out was judged).
 */
function playedRound(player: EnginePlayer): boolean {
  return player.disqualified !== true;
}

/** The first index from `from` of a player still in the game (players.length when none). */
function nextInGame(players: EnginePlayer[], from: number): number {
  let index = from;
  while (index < players.length && players[index]!.disqualified) index += 1;
  return index;
}

/** Phases in which a placement is someone's turn. */
function placing(phase: GamePhase): boolean {
  return ['INITIAL_WEIGHING', 'DRINKING', 'SCORING', 'FINALE'].includes(phase);
}

function minGramsIn(state: EngineState): number {
  return state.phase === 'FINALE' ? FINALE_MIN_GRAMS : PLACEMENT_MIN_GRAMS;
}

function roundLine(state: EngineState): DisplayLine {
  const first = state.players[state.turn]!;
  return {
    key: 'roundStart',
    params: { round: state.round, target: state.target ?? 0, name: first.name },
  };
}

function estimateLine(label: string): DisplayLine {
  return { key: 'estimate', params: { label } };
}

function promptInitial(state: EngineState): Extract<EngineEffect, { kind: 'display' }> {
  const player = state.players[state.turn]!;
  const label = CONTAINER_PROFILES[state.containerType].label;
  return show('INITIAL_WEIGHING', player.name, undefined, [
    { key: 'placeFull', params: { name: player.name, label } },
  ]);
}

function promptScoring(
  state: EngineState,
  lead: DisplayLine[],
): Extract<EngineEffect, { kind: 'display' }> {
  const player = state.players[state.turn]!;
  const label = CONTAINER_PROFILES[state.containerType].label;
  return show('SCORING', player.name, state.target ?? undefined, [
    ...lead,
    { key: 'putOn', params: { name: player.name, label } },
  ]);
}

function promptFinale(
  state: EngineState,
  lead: DisplayLine[],
): Extract<EngineEffect, { kind: 'display' }> {
  const player = state.players[state.turn]!;
  const label = CONTAINER_PROFILES[state.containerType].label;
  return show('FINALE', player.name, undefined, [
    ...lead,
    { key: 'finalePlace', params: { name: player.name, label } },
  ]);
}

function promptGiving(state: EngineState, lead: DisplayLine[]): Transition {
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

/** Who is on turn, for the snapshot: nobody while everyone drinks, waits or after the end. */
export function currentPlayerId(state: EngineState): number | null {
  if (state.phase === 'FINISHED') return null;
  if (state.phase === 'CALLING') return state.caller ?? null;
  if (state.phase === 'GIVING') return state.giving?.[0] ?? null;
  if (state.phase === 'ESTIMATING') return null;
  return state.players[state.turn]?.id ?? null;
}

/** What the scale's screen should show now: sent again when a scale (re)connects mid-game. */
export function currentDisplay(
  state: EngineState,
): Extract<EngineEffect, { kind: 'display' }> | null {
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
