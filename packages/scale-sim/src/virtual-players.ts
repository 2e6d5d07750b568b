import type { ServerToDeviceMap } from '@beerscale/contract/device-socket';
import type { ContainerType } from '@beerscale/contract/limits';
import { Random } from './random';
import type { ScaleClient } from './scale-client';

const FULL: Record<ContainerType, [number, number]> = {
  BEER_BOTTLE: [500, 560],
  BEER_CAN: [345, 370],
};

/** An empty container, for the house rules' finale (docs/RULES.md). */
const EMPTY: Record<ContainerType, [number, number]> = {
  BEER_BOTTLE: [190, 215],
  BEER_CAN: [13, 18],
};

/** House rules' phases in which the game waits for the app, not for a container. */
const WAITING_PHASES: readonly string[] = ['CALLING', 'GIVING', 'ESTIMATING'];

const MIN_HAND_OVER_MS = 350;
/** Under the least a container may weigh in the finale (an empty can): the platform is clear. */
const EMPTY_BELOW_GRAMS = 5;
const EMPTY_POLL_MS = 20;

/** How close a player with this skill drinks to the target: 1 = always exact. */
export function drinkError(random: Random, skill: number): number {
  const spread = (1 - Math.max(0, Math.min(1, skill))) * 18;
  // `+ 0` turns -0 into 0: a miss of nothing is no miss.
  return Math.round(random.gaussian(spread)) + 0;
}

/** The weight a player aims for and reaches, never more than what is in the container. */
export function weightAfterDrinking(current: number, target: number, error: number): number {
  return Math.min(current, Math.max(0, target + error));
}

export interface VirtualPlayersOptions {
  skill: number;
  seed: number;
  /** Pause between lifting one container and putting the next one down. */
  handOverMs?: number;
  log?: (line: string) => void;
}

/**
 * Scripted mode: the table's players, driven by what the scale's screen says. Every DISPLAY
 * names the player on turn; that player's container goes on the platform (after the previous
 * one is lifted), drunk toward the target when a round is on.
 */
export class VirtualPlayers {
  private readonly weights = new Map<string, number>();
  private readonly random: Random;
  private containerType: ContainerType = 'BEER_BOTTLE';
  private pending: NodeJS.Timeout | null = null;
  finished = false;

  constructor(
    private readonly scale: ScaleClient,
    private readonly options: VirtualPlayersOptions,
  ) {
    this.random = new Random(options.seed);
    scale.on('CONFIGURE', (message) => this.configure(message));
    scale.on('WELCOME', (message) => {
      if (message.game) this.containerType = message.game.containerType;
    });
    scale.on('DISPLAY', (message) => this.onDisplay(message));
  }

  /** Current container weight per player name. */
  get containers(): ReadonlyMap<string, number> {
    return this.weights;
  }

  stop(): void {
    if (this.pending) clearTimeout(this.pending);
  }

  private configure(message: ServerToDeviceMap['CONFIGURE']): void {
    this.containerType = message.containerType;
    this.weights.clear();
    this.finished = false;
  }

  private onDisplay(message: ServerToDeviceMap['DISPLAY']): void {
    if (this.pending) clearTimeout(this.pending);
    this.scale.remove();
    if (message.phase === 'FINISHED') {
      this.finished = true;
      this.options.log?.('game over');
      return;
    }
    const name = message.player;
    if (!name || WAITING_PHASES.includes(message.phase)) return;
    this.pending = setTimeout(
      () => this.placeOnceEmpty(name, message),
      Math.max(MIN_HAND_OVER_MS, this.options.handOverMs ?? 400),
    );
  }

  /**
   * The platform must read empty between two containers, or the server (rightly) sees no new
   * placement: the next one goes down once the scale has sent an empty reading. A machine too
   * busy to run the scale's sample timer during the hand-over would otherwise have the server
   * see one container swapped for another, and the game would wait for ever.
   */
  private placeOnceEmpty(name: string, message: ServerToDeviceMap['DISPLAY']): void {
    const sent = this.scale.lastSentGrams;
    if (sent !== null && sent >= EMPTY_BELOW_GRAMS) {
      this.pending = setTimeout(() => this.placeOnceEmpty(name, message), EMPTY_POLL_MS);
      return;
    }
    this.pending = null;
    const grams = this.nextWeight(name, message);
    this.options.log?.(`${name} puts ${grams} g on the scale`);
    this.scale.place(grams);
  }

  private nextWeight(name: string, message: ServerToDeviceMap['DISPLAY']): number {
    const current = this.weights.get(name);
    if (message.phase === 'FINALE') {
      // Drunk up: the empty container goes on the scale.
      const [min, max] = EMPTY[this.containerType];
      const empty = Math.round(this.random.between(min, max));
      this.weights.set(name, empty);
      return empty;
    }
    if (message.phase === 'INITIAL_WEIGHING' || current === undefined) {
      const [min, max] = FULL[this.containerType];
      const full = Math.round(this.random.between(min, max));
      this.weights.set(name, full);
      return full;
    }
    if (message.target === undefined) return current;
    const after = weightAfterDrinking(
      current,
      message.target,
      drinkError(this.random, this.options.skill),
    );
    this.weights.set(name, after);
    return after;
  }
}
