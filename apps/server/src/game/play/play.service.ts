import type { GameState } from '@beerscale/contract/game-state';
import type { AuthContext } from '../../auth/auth.service';
import type { Db } from '../../db/database';
import type { GameRow } from '../../db/schema';
import { RULE_MESSAGES } from '@beerscale/contract/rules';
import { badRequest, conflict } from '../../http/http-error';
import {
  enforce,
  isOpen,
  leads,
  mayActIn,
  maySeatActIn,
  mayStandInForEstimate,
  maySeatTakeTurn,
  mayTakeTurn,
  mayTypeIn,
} from '../game-policy';
import type { EventBus } from '../../realtime/event-bus';
import type { ActionRefusal, EnginePort, Step } from './engine-port';
import { GAME_NOT_RUNNING, requireGame, requireLeader, requireReader } from './game-access';
import type { GameRunner } from './game-runner';
import { presentGame } from './game-snapshot.presenter';
import type { GameStepper } from './game-stepper';
import type { PlayRepository } from './play.repository';
import type { DrinksService } from '../../drinks/drinks.service';

export { GAME_NOT_RUNNING, LEADER_ONLY } from './game-access';
export { GAME_BUSY } from './game-stepper';

/** A seat on a phone (seats/): it acts as its own player only (game-policy.ts maySeatTakeTurn). */
export interface SeatActor {
  seatPlayerId: number;
}
type Actor = AuthContext | SeatActor;

/**
 * The commands and reads of running games (the /api/games/:id play calls, and the GameRunner
 * of both lobbies); who may make them is game-policy.ts's. Steps go through the stepper; what
 * the scale and the browsers hear follows from the facts published on the bus.
 */
export class PlayService implements GameRunner {
  constructor(
    private readonly repo: PlayRepository,
    private readonly stepper: GameStepper,
    private readonly engine: EnginePort,
    private readonly bus: EventBus,
    /** The players' evening limits and other games tonight (drinks/); none: no limits shown. */
    private readonly evenings?: Pick<DrinksService, 'eveningOf'>,
  ) {}

  /** The evening fields of a snapshot (docs/RULES.md, "Drinks and responsible play"). */
  private evening(gameId: number, players: readonly { user_id: number | null }[]) {
    const userIds = players.flatMap((p) => (p.user_id === null ? [] : [p.user_id]));
    return this.evenings?.eveningOf(userIds, gameId) ?? Promise.resolve(new Map());
  }

  async configure(gameId: number): Promise<void> {
    const game = await requireGame(this.repo, gameId);
    if (!game.scale_mac || !game.container_type) throw conflict(GAME_NOT_RUNNING);
    const players = await this.repo.players(gameId);
    this.bus.publish('game.configured', {
      gameId,
      gameName: game.name,
      mac: game.scale_mac,
      containerType: game.container_type,
      waiting: game.status === 'configured',
      players: players.map((p) => ({ id: p.id, name: p.player_name, position: p.position })),
    });
  }

  start(gameId: number, trx: Db): Promise<() => Promise<void>> {
    return this.stepper.start(gameId, trx);
  }

  async manualReading(gameId: number, grams: number, me: AuthContext): Promise<GameState> {
    await requireLeader(this.repo, gameId, me);
    await this.stepper.typed(gameId, (state) => {
      // House rules' waits have nobody on turn: a typed reading would belong to no one.
      enforce(mayTypeIn(this.engine.snapshot(state).phase));
      return this.engine.manual(state, grams, Date.now());
    });
    return this.state(gameId, me);
  }

  async finish(gameId: number, me: AuthContext): Promise<GameState> {
    await requireLeader(this.repo, gameId, me);
    await this.stepper.typed(gameId, (state) => this.engine.finish(state, Date.now()), true);
    return this.state(gameId, me);
  }

  /** House rules: the round's caller (or the leader) names the amount to drink. */
  callTarget(gameId: number, amount: number, me: Actor): Promise<GameState> {
    return this.act(gameId, me, RULE_MESSAGES.notTheCaller, (state) => ({
      actor: this.engine.waitingFor(state),
      result: this.engine.callTarget(state, amount),
    }));
  }

  /** House rules: the exact hitter on turn (or the leader) gives one penalty. */
  give(gameId: number, toPlayerId: number, me: Actor): Promise<GameState> {
    return this.act(gameId, me, RULE_MESSAGES.notTheGiver, (state) => ({
      actor: this.engine.waitingFor(state),
      result: this.engine.give(state, toPlayerId),
    }));
  }

  /**
   * House rules: a player's estimate of their empty container; the leader's for anyone in a fast
   * game, and in a ranked game only for a player who is away, marked as a stand-in (issue 42).
   */
  async estimate(gameId: number, playerId: number, grams: number, me: Actor): Promise<GameState> {
    const act = () =>
      this.act(gameId, me, RULE_MESSAGES.notTheEstimator, (state) => ({
        actor: playerId,
        result: this.engine.estimate(state, playerId, grams),
      }));
    if ('seatPlayerId' in me) return act();
    const game = await this.repo.findGame(gameId);
    const player = game && (await this.repo.players(gameId)).find((p) => p.id === playerId);
    if (!game || !player || game.mode !== 'ranked' || player.user_id === null) return act();
    const own = player.user_id === me.user.id;
    // Only the player's own account or the leader may change the mark; anyone else is judged
    // (404 or 403) by act() without touching it.
    if (!own && !leads(game, me.user.id)) return act();
    if (!own) enforce(mayStandInForEstimate(game.mode, await this.repo.isAway(player.user_id)));
    const before = player.estimate_stand_in === 1;
    // Marked before the step, so the state the step publishes shows it; put back if refused.
    if (before !== !own) await this.repo.markEstimateStandIn(playerId, !own);
    try {
      return await act();
    } catch (err) {
      if (before !== !own) await this.repo.markEstimateStandIn(playerId, before);
      throw err;
    }
  }

  /**
   * One action of house rules, judged on the state it applies to (inside the game's step queue):
   * out of turn is 409, then someone other than the leader or the acting player's account is
   * 403, then an invalid choice is 400; a game the caller cannot see is 404.
   */
  private async act(
    gameId: number,
    me: Actor,
    notYours: string,
    decide: (state: string) => { actor: number | null; result: Step | ActionRefusal },
  ): Promise<GameState> {
    const game = await this.repo.findGame(gameId);
    const seat = 'seatPlayerId' in me ? me.seatPlayerId : null;
    const userId = 'seatPlayerId' in me ? null : me.user.id;
    const leader = userId !== null && leads(game, userId);
    const sees =
      game !== undefined &&
      userId !== null &&
      !leader &&
      (await this.repo.seesGame(gameId, userId));
    enforce(userId === null ? maySeatActIn(game) : mayActIn(game, userId, sees));
    const players = await this.repo.players(gameId);
    await this.stepper.typed(gameId, (state) => {
      const { actor, result } = decide(state);
      if ('refused' in result && result.refused === 'out-of-turn') throw conflict(result.reason);
      const account = players.find((p) => p.id === actor)?.user_id ?? null;
      enforce(
        seat !== null
          ? maySeatTakeTurn(seat, actor, notYours)
          : mayTakeTurn(leader, account, userId ?? 0, notYours),
      );
      if ('refused' in result) throw badRequest(result.reason);
      return result;
    });
    if ('seatPlayerId' in me) return (await this.snapshotById(gameId))!.state;
    return this.state(gameId, me);
  }

  /** A reloaded page's saved game id; a game the caller does not play in does not exist. */
  async validate(gameId: number, me: AuthContext): Promise<{ exists: boolean; isActive: boolean }> {
    const game = await this.repo.findGame(gameId);
    if (!game) return { exists: false, isActive: false };
    const players = await this.repo.players(gameId);
    if (!players.some((p) => p.user_id === me.user.id)) return { exists: false, isActive: false };
    // A saved id that is not open is dropped: a lobby or a set-up game is the player's current
    // game as much as a running one (the open-game calls report them as such).
    return { exists: true, isActive: isOpen(game.status) };
  }

  /** Players of the game and the approved owner of its scale read the snapshot (mayReadGame). */
  async state(gameId: number, me: AuthContext): Promise<GameState> {
    const found = await this.repo.findGame(gameId);
    const players = found ? await this.repo.players(gameId) : [];
    const game = await requireReader(this.repo, found, players, me);
    const live = this.live(game);
    const [readings, evening, away] = await Promise.all([
      this.repo.readings(gameId),
      this.evening(gameId, players),
      this.awayIn(game, players, live),
    ]);
    return presentGame(game, players, readings, live, evening, away);
  }

  /** The snapshot without an access check, for the event router. */
  async snapshotById(gameId: number): Promise<{ state: GameState; userIds: number[] } | null> {
    const game = await this.repo.findGame(gameId);
    if (!game) return null;
    const players = await this.repo.players(gameId);
    const userIds = players.flatMap((p) => (p.user_id === null ? [] : [p.user_id]));
    const live = this.live(game);
    const [readings, evening, away] = await Promise.all([
      this.repo.readings(gameId),
      this.evening(gameId, players),
      this.awayIn(game, players, live),
    ]);
    return { state: presentGame(game, players, readings, live, evening, away), userIds };
  }

  /**
   * The accounts away among a ranked game's players while it waits for estimates: the leader
   * may stand in for them (game-policy.ts mayStandInForEstimate). Not read otherwise.
   */
  private async awayIn(
    game: GameRow,
    players: readonly { user_id: number | null }[],
    live: ReturnType<PlayService['live']>,
  ): Promise<ReadonlySet<number>> {
    if (game.mode !== 'ranked' || live?.phase !== 'ESTIMATING') return new Set();
    const userIds = players.flatMap((p) => (p.user_id === null ? [] : [p.user_id]));
    return new Set(await this.repo.awayAmong(userIds));
  }

  /** Who hears a scale's refusals: the leader of the game on it. */
  leaderOnScale(mac: string): Promise<number | null> {
    return this.repo.leaderOnScale(mac);
  }

  private live(game: GameRow) {
    const state = this.stepper.engineState(game);
    return state ? this.engine.snapshot(state) : null;
  }
}
