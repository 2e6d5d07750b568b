import type { PenaltyDrink, Rules } from '@beerscale/contract/rules';
import {
  callTarget,
  estimateEmpty,
  finishEarly,
  givePenalty,
  onSample,
  startGame,
  type EngineEffect,
  type EngineState,
  type Refusal,
  type Transition,
} from '../../src/game/play/engine/engine';

// Drives the pure engine as a table would: a placement is the platform cleared, then a reading
// held for more than the stability window; actions are the three house-rules calls.

export type Action =
  | { kind: 'place'; grams: number }
  | { kind: 'call'; amount: number }
  | { kind: 'give'; to: number }
  | { kind: 'estimate'; playerId: number; grams: number }
  | { kind: 'finish' };

export class Table {
  state: EngineState;
  effects: EngineEffect[] = [];
  readonly actions: Action[] = [];
  private at = 0;

  /** `penaltyDrinks`: each player's own penalty drink, in order (absent: the rules'). */
  constructor(
    names: string[],
    rules?: Rules,
    options: { seed?: number; rounds?: number; penaltyDrinks?: PenaltyDrink[] } = {},
  ) {
    const started = startGame({
      players: names.map((name, i) => {
        const penaltyDrink = options.penaltyDrinks?.[i];
        return { id: i + 1, name, position: i, ...(penaltyDrink ? { penaltyDrink } : {}) };
      }),
      containerType: 'BEER_BOTTLE',
      roundsPlanned: options.rounds ?? 3,
      seed: options.seed ?? 7,
      ...(rules ? { rules } : {}),
    });
    this.state = started.state;
    this.effects.push(...started.effects);
  }

  /** Applies one action; a refusal is returned and changes nothing. */
  act(action: Action): Refusal | null {
    this.actions.push(action);
    const result = apply(this.state, action, () => (this.at += 600));
    if ('refused' in result) return result;
    this.state = JSON.parse(JSON.stringify(result.state)) as EngineState;
    this.effects.push(...result.effects);
    return null;
  }

  place(...grams: number[]): this {
    for (const g of grams) this.act({ kind: 'place', grams: g });
    return this;
  }

  player(id: number) {
    return this.state.players.find((p) => p.id === id)!;
  }

  /** The display texts shown so far. */
  texts(): string[] {
    return this.effects.flatMap((e) => (e.kind === 'display' ? [e.text] : []));
  }
}

/** One action on a state; `tick` gives the next sample time (each call 600 ms later). */
export function apply(
  state: EngineState,
  action: Action,
  tick: () => number,
): Transition | Refusal {
  switch (action.kind) {
    case 'place': {
      const effects: EngineEffect[] = [];
      let current = state;
      for (const grams of [0, action.grams, action.grams, action.grams]) {
        const step = onSample(current, grams, tick());
        current = step.state;
        effects.push(...step.effects);
      }
      return { state: current, effects, changed: true };
    }
    case 'call':
      return callTarget(state, action.amount);
    case 'give':
      return givePenalty(state, action.to);
    case 'estimate':
      return estimateEmpty(state, action.playerId, action.grams);
    case 'finish':
      return finishEarly(state);
  }
}

/** The recorded actions played again from the start, each state through JSON (a restart). */
export function replay(
  names: string[],
  rules: Rules | undefined,
  options: { seed?: number; rounds?: number },
  actions: Action[],
): EngineState {
  const table = new Table(names, rules, options);
  for (const action of actions) table.act(action);
  return table.state;
}
