import { RULE_MESSAGES } from '@beerscale/contract/rules';
import type { DisplayLine } from './display-lines';
import { CONTAINER_PROFILES, lowestPlayableTarget } from './profiles';
import {
  type EngineState,
  type Refusal,
  type Transition,
  logOf,
  nameOf,
  nextInGame,
  penaltyDrinkOf,
} from './engine-state';
import { promptFinale, promptGiving } from './prompts';
import { afterRound, drinkTo } from './rounds';

// The actions of house rules that are not placements: the caller names the amount, an exact
// hitter gives a penalty, players estimate their empty container. Each answers a Refusal when it
// cannot be taken now (the service then says 409 or 400).

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
      key: penaltyDrinkOf(state, toPlayerId) === 'spirit' ? 'givenSpirit' : 'givenSip',
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
