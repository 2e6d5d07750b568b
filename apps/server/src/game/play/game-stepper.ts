import { REFUSALS } from '@beerscale/contract/messages';
import { ERRORS } from '@beerscale/contract/messages';
import type { Db } from '../../db/database';
import type { GameRow, ReadingSource } from '../../db/schema';
import { resolveRules } from '@beerscale/contract/rules';
import { badRequest, conflict, notFound } from '../../http/http-error';
import { storedRules } from './set-up-rules';
import { penaltyDrinkFor } from './engine/drank';
import { drinkOf } from './game-snapshot.presenter';
import type { EventBus } from '../../realtime/event-bus';
import type { EnginePort, Sample, Step } from './engine-port';
import { GAME_NOT_RUNNING } from './game-access';
import type { FinishOutcome, GameResults } from './game-results';
import type { PlayRepository } from './play.repository';
import { SCALE_BUSY } from './scale-use';

export const GAME_BUSY = REFUSALS.gameBusy;
const MAX_STEP_ATTEMPTS = 3;

/** Where a step came from: the game's scale, or the leader. */
type Source = 'scale' | 'manual';

/**
 * The step pipeline of running games: one queue per game (steps of one game are serialised,
 * different games run independently), each engine transition stored with compare-and-set on
 * the stored state, the finishing step and its results in one transaction, and every stored
 * step published as a fact after commit. Engine states of games fed here are cached with the
 * stored state they grew from, so a sample does not read the state back each time.
 */
export class GameStepper {
  private readonly queues = new Map<number, Promise<unknown>>();
  /** When the stored state moved on (another instance took a typed reading), the cache is stale. */
  private readonly states = new Map<number, { base: string; state: string }>();
  /** Which running game a scale feeds; null = known to have none. */
  private readonly gameOnScale = new Map<string, number | null>();

  constructor(
    private readonly repo: PlayRepository,
    private readonly results: GameResults,
    private readonly engine: EnginePort,
    private readonly bus: EventBus,
    private readonly onError: (err: unknown) => void,
  ) {
    // A game started or cancelled through any instance: a cached answer for its scale is wrong.
    bus.subscribe('game.started', ({ mac }) => this.gameOnScale.delete(mac));
    bus.subscribe('lobby.cancelled', ({ scaleMac }) => {
      if (scaleMac) this.gameOnScale.delete(scaleMac);
    });
  }

  /**
   * Marks a set-up game active with its engine's first state inside the lobby's transaction;
   * the returned announcement (the start fact and the first step) runs once that committed.
   */
  async start(gameId: number, trx: Db): Promise<() => Promise<void>> {
    const game = await this.repo.findGame(gameId, trx);
    if (!game) throw notFound(ERRORS.notFound);
    const mac = game.scale_mac;
    if (game.status !== 'configured' || !mac || !game.container_type) {
      throw conflict(GAME_NOT_RUNNING);
    }
    const players = await this.repo.players(gameId, trx);
    // The line-up may have changed since the set-up: its teams must still be playable.
    const rules = resolveRules(storedRules(game), players.length);
    if (!rules.ok) throw badRequest(rules.error);
    const step = this.engine.start(
      {
        // Each player's penalty drink, for the scale's words (drinks are fixed from the start).
        players: players.map((p) => ({
          id: p.id,
          name: p.player_name,
          position: p.position,
          penaltyDrink: penaltyDrinkFor(rules.rules.penaltyDrink, drinkOf(p)),
        })),
        containerType: game.container_type,
        roundsPlanned: game.rounds_planned,
        seed: game.rng_seed,
        ...(game.rules === null ? {} : { rules: rules.rules }),
      },
      Date.now(),
    );
    const now = new Date();
    const marked = await this.repo.markStarted(gameId, mac, step.state, now, trx);
    if (marked === 'scale-busy') throw conflict(SCALE_BUSY);
    if (marked !== 'started') throw conflict(GAME_NOT_RUNNING);
    return () =>
      this.serial(gameId, async () => {
        this.bus.publish('game.started', { gameId, mac });
        this.gameOnScale.set(mac, gameId);
        await this.store(game, step.state, step, 'scale', now);
      });
  }

  /** A sample from a scale connected to this instance. */
  sample(mac: string, sample: Sample): void {
    void this.gameIdOnScale(mac)
      .then((gameId) => {
        if (gameId === null) return;
        return this.serial(gameId, () =>
          this.advance(gameId, 'scale', (state) => this.engine.sample(state, sample)),
        );
      })
      .catch(this.onError);
  }

  /**
   * A transition the leader asked for: refused when the game does not run (or stays busy).
   * `endsEarly`: the leader finishes the game (the rating rules ask how many rounds were done).
   */
  typed(gameId: number, transition: (state: string) => Step, endsEarly = false): Promise<void> {
    return this.serial(gameId, () => this.advance(gameId, 'manual', transition, true, endsEarly));
  }

  /**
   * A scale (re)connected: what stands on its platform is judged again (it went unwatched
   * meanwhile), and where things stand is published for its screen.
   */
  async scaleConnected(mac: string): Promise<void> {
    this.gameOnScale.delete(mac);
    const gameId = await this.gameIdOnScale(mac);
    if (gameId === null) {
      const setUp = await this.repo.configuredGameOnScale(mac);
      this.bus.publish('scale.resumed', {
        mac,
        gameId: null,
        display: null,
        setUp: setUp ? { gameId: setUp.id, gameName: setUp.name } : null,
      });
      return;
    }
    await this.serial(gameId, () =>
      this.advance(gameId, 'scale', (state) => this.engine.resume(state)),
    );
    const game = await this.repo.findGame(gameId);
    const state = game ? this.engineState(game) : null;
    const display = state ? this.engine.display(state) : null;
    this.bus.publish('scale.resumed', { mac, gameId, display, setUp: null });
  }

  /** Forget cached engine states (the scale moved to another instance, or shutdown). */
  forgetScale(mac: string): void {
    const gameId = this.gameOnScale.get(mac);
    if (gameId != null) this.states.delete(gameId);
    this.gameOnScale.delete(mac);
  }

  /** The engine state to continue from: the cache when it grew from what is stored. */
  engineState(game: GameRow): string | null {
    const cached = this.states.get(game.id);
    return cached && cached.base === game.engine_state ? cached.state : game.engine_state;
  }

  /**
   * One engine transition on the stored state. Another instance may store a step of the same
   * game in between (a reading typed while the scale is connected elsewhere): then the save is
   * refused and the transition runs again on the newer state, so no reading is lost.
   */
  private async advance(
    gameId: number,
    source: Source,
    transition: (state: string) => Step,
    strict = false,
    endsEarly = false,
  ): Promise<void> {
    for (let attempt = 0; attempt < MAX_STEP_ATTEMPTS; attempt += 1) {
      const game = await this.repo.findGame(gameId);
      const state = game ? this.engineState(game) : null;
      if (!game || game.status !== 'active' || !state || !game.engine_state) {
        if (game?.scale_mac) this.gameOnScale.delete(game.scale_mac);
        this.states.delete(gameId);
        if (strict) throw conflict(GAME_NOT_RUNNING);
        return;
      }
      const step = transition(state);
      if (!step.changed) {
        this.states.set(gameId, { base: game.engine_state, state: step.state });
        return;
      }
      if (await this.store(game, game.engine_state, step, source, new Date(), endsEarly)) return;
      this.states.delete(gameId);
      // A live sample is superseded by the next one; only a typed reading must be retried.
      if (!strict) return;
    }
    throw conflict(GAME_BUSY);
  }

  /** False when the stored state is no longer `base`: nothing was written or published. */
  private async store(
    game: GameRow,
    base: string,
    step: Step,
    source: Source,
    now: Date,
    endsEarly = false,
  ): Promise<boolean> {
    // The step that ends the game and the game's results are one transaction: a crash between
    // them would leave a finished engine on a game that nothing ever completes or rates.
    const outcome = await this.repo.transaction(async (trx) => {
      const saved = await this.repo.saveStep(
        game.id,
        base,
        step.state,
        step.placements.map((p) => ({
          gamePlayerId: p.playerId,
          round: p.round,
          grams: p.grams,
          difference: p.difference,
          source: readingSource(game, source),
        })),
        step.newRound,
        now,
        trx,
      );
      if (!saved) return 'stale';
      if (!step.finished) return 'running';
      const early = endsEarly
        ? {
            completedRounds: Math.max(
              0,
              ...this.engine.snapshot(step.state).players.map((p) => p.differences.length),
            ),
            plannedRounds: game.rounds_planned,
          }
        : null;
      return this.results.apply(game, step.finished, now, trx, early);
    });
    if (outcome === 'stale') return false;
    if (!step.finished) this.states.set(game.id, { base: step.state, state: step.state });
    else {
      this.states.delete(game.id);
      if (game.scale_mac) this.gameOnScale.set(game.scale_mac, null);
    }
    await this.publish(game, step, outcome);
    return true;
  }

  private async publish(game: GameRow, step: Step, outcome: FinishOutcome | 'running') {
    const ref = { gameId: game.id, mac: game.scale_mac };
    // A game finished before any round was complete is cancelled: that screen stays the truth.
    if (outcome === 'cancelled') {
      this.bus.publish('game.cancelled', { ...ref, gameName: game.name });
    } else if (outcome === 'completed') {
      const userIds = await this.repo.userIds(game.id);
      this.bus.publish('game.completed', {
        ...ref,
        gameName: game.name,
        userIds,
        displays: step.displays,
      });
    } else {
      this.bus.publish('game.stepped', { ...ref, displays: step.displays });
    }
  }

  private async gameIdOnScale(mac: string): Promise<number | null> {
    if (this.gameOnScale.has(mac)) return this.gameOnScale.get(mac) ?? null;
    const row = await this.repo.activeGameOnScale(mac);
    this.gameOnScale.set(mac, row?.id ?? null);
    return row?.id ?? null;
  }

  private serial<T>(gameId: number, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(gameId) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(work);
    this.queues.set(gameId, next);
    void next
      .finally(() => {
        if (this.queues.get(gameId) === next) this.queues.delete(gameId);
      })
      .catch(() => {});
    return next;
  }
}

/** A reading from the scale is 'bluetooth' when the game's scale was bridged by a browser. */
function readingSource(game: GameRow, source: Source): ReadingSource {
  if (source === 'manual') return 'manual';
  return game.scale_kind === 'bluetooth' ? 'bluetooth' : 'scale';
}
