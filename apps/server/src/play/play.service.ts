import { DISPLAY_TEXT_MAX, type ServerToDevice } from '@beerscale/contract/device-socket';
import type { GameState } from '@beerscale/contract/game-state';
import { LOBBY_MESSAGES } from '@beerscale/contract/games';
import type { ContainerType, GameMode } from '@beerscale/contract/limits';
import { ERRORS, REFUSALS } from '@beerscale/contract/messages';
import type { AuthContext } from '../auth/auth.service';
import type { Db } from '../db/database';
import type { GameRow, GamePlayerRow } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/http-error';
import type { EventBus } from '../realtime/event-bus';
import type { GameCompletionRepository, RatedPlayer } from './game-completion.repository';
import type { EnginePort, Sample, Step } from './engine-port';
import type { GameRunner } from './game-runner';
import type { PlayRepository } from './play.repository';
import { SCALE_BUSY } from './scale-use';
import type { Language } from '@beerscale/contract/profile';
import { displayText } from './display-language';

export const GAME_NOT_RUNNING = REFUSALS.gameNotRunning;
export const LEADER_ONLY = LOBBY_MESSAGES.leaderOnly;
export const GAME_BUSY = REFUSALS.gameBusy;
export const IDLE_TEXT = 'Ready: set up a game in the app';
const waitingText = (gameName: string) => `${gameName}: waiting for the leader to start`;
const MAX_STEP_ATTEMPTS = 3;

type Rate = (
  players: { gamePlayerId: number; userId: number; elo: number; rank: number }[],
) => RatedPlayer[];

/**
 * Runs games: starts the engine, feeds it the scale's samples and the leader's typed readings,
 * persists every step before announcing it, and completes the game exactly once.
 * Steps of one game are serialised; different games run independently.
 */
export class PlayService implements GameRunner {
  private readonly queues = new Map<number, Promise<unknown>>();
  /**
   * Engine state of running games fed by this instance, with the stored state it grew from:
   * when the stored state moved on (another instance took a typed reading), the cache is stale.
   */
  private readonly states = new Map<number, { base: string; state: string }>();
  /** Which running game a scale feeds; null = known to have none. */
  private readonly gameOnScale = new Map<string, number | null>();
  private cmdSeq = 0;
  /** The language of each scale's game leader, as last looked up: its DISPLAY texts follow it. */
  private readonly languageOnScale = new Map<string, Language>();

  constructor(
    private readonly repo: PlayRepository,
    private readonly completion: GameCompletionRepository,
    private readonly engine: EnginePort,
    private readonly bus: EventBus,
    private readonly rate: Rate,
    private readonly onError: (err: unknown) => void,
  ) {
    // A game started through another instance: a cached "no game on this scale" is wrong now.
    bus.subscribe('game.started', ({ mac }) => this.gameOnScale.delete(mac));
  }

  async configure(gameId: number): Promise<void> {
    const game = await this.requireGame(gameId);
    if (!game.scale_mac || !game.container_type) throw conflict(GAME_NOT_RUNNING);
    const players = await this.repo.players(gameId);
    await this.learnLanguage(gameId, game.scale_mac);
    this.command(game.scale_mac, {
      type: 'CONFIGURE',
      cmdId: this.nextCmdId(),
      gameId,
      containerType: game.container_type as ContainerType,
      players: players.map((p) => ({ id: p.id, name: p.player_name, position: p.position })),
    });
    if (game.status === 'configured') {
      this.command(game.scale_mac, {
        type: 'DISPLAY',
        phase: 'IDLE',
        text: waitingText(game.name),
      });
    }
  }

  async start(gameId: number, trx: Db): Promise<() => Promise<void>> {
    const game = await this.repo.findGame(gameId, trx);
    if (!game) throw notFound(ERRORS.notFound);
    const mac = game.scale_mac;
    if (game.status !== 'configured' || !mac || !game.container_type) {
      throw conflict(GAME_NOT_RUNNING);
    }
    const players = await this.repo.players(gameId, trx);
    const step = this.engine.start(
      {
        players: players.map((p) => ({ id: p.id, name: p.player_name, position: p.position })),
        containerType: game.container_type as ContainerType,
        roundsPlanned: game.rounds_planned,
        seed: game.rng_seed,
      },
      Date.now(),
    );
    const now = new Date();
    const marked = await this.repo.markStarted(gameId, step.state, now, trx);
    if (marked === 'scale-busy') throw conflict(SCALE_BUSY);
    if (marked !== 'started') throw conflict(GAME_NOT_RUNNING);
    return () =>
      this.serial(gameId, async () => {
        this.bus.publish('game.started', { gameId, mac });
        this.gameOnScale.set(mac, gameId);
        this.command(mac, { type: 'START', cmdId: this.nextCmdId(), gameId });
        await this.persistAndAnnounce(game, step.state, step, 'scale', now);
      });
  }

  /** A sample from a scale connected to this instance. */
  handleSample(mac: string, sample: Sample): void {
    void this.gameIdOnScale(mac)
      .then((gameId) => {
        if (gameId === null) return;
        return this.serial(gameId, () =>
          this.advance(gameId, 'scale', (state) => this.engine.sample(state, sample)),
        );
      })
      .catch(this.onError);
  }

  async manualReading(gameId: number, grams: number, me: AuthContext): Promise<GameState> {
    await this.requireLeader(gameId, me);
    await this.serial(gameId, () =>
      this.advance(gameId, 'manual', (state) => this.engine.manual(state, grams, Date.now()), true),
    );
    return this.state(gameId, me);
  }

  async finish(gameId: number, me: AuthContext): Promise<GameState> {
    await this.requireLeader(gameId, me);
    await this.serial(gameId, () =>
      this.advance(gameId, 'manual', (state) => this.engine.finish(state, Date.now()), true),
    );
    return this.state(gameId, me);
  }

  /** SPEC §4 saved game id check; a game the caller does not play in does not exist for them. */
  async validate(gameId: number, me: AuthContext): Promise<{ exists: boolean; isActive: boolean }> {
    const game = await this.repo.findGame(gameId);
    if (!game) return { exists: false, isActive: false };
    const players = await this.repo.players(gameId);
    if (!players.some((p) => p.user_id === me.user.id)) return { exists: false, isActive: false };
    // SPEC §4 drops a saved id that is not active: a lobby or a set-up game is the player's
    // current game as much as a running one (the open-game calls report them as such).
    const open = ['pending', 'configured', 'active'].includes(game.status);
    return { exists: true, isActive: open };
  }

  /** DESIGN §7b: players of the game and the owner of its scale may read the snapshot. */
  async state(gameId: number, me: AuthContext): Promise<GameState> {
    const game = await this.repo.findGame(gameId);
    if (!game) throw notFound(ERRORS.notFound);
    const players = await this.repo.players(gameId);
    if (!players.some((p) => p.user_id === me.user.id) && !(await this.ownsScale(game, me))) {
      throw notFound(ERRORS.notFound);
    }
    return this.snapshot(game, players, await this.repo.typedReadings(gameId));
  }

  /** The snapshot without an access check, for the event router. */
  async snapshotById(gameId: number): Promise<{ state: GameState; userIds: number[] } | null> {
    const game = await this.repo.findGame(gameId);
    if (!game) return null;
    const players = await this.repo.players(gameId);
    const userIds = players.flatMap((p) => (p.user_id === null ? [] : [p.user_id]));
    const typed = await this.repo.typedReadings(gameId);
    return { state: this.snapshot(game, players, typed), userIds };
  }

  private snapshot(
    game: GameRow,
    players: GamePlayerRow[],
    typed: { game_player_id: number; round: number }[],
  ): GameState {
    const engineState = this.current(game);
    const live = engineState ? this.engine.snapshot(engineState) : null;
    const byId = new Map(live?.players.map((p) => [p.id, p]) ?? []);
    const ranked = game.mode === 'ranked' && game.status === 'completed';
    return {
      id: game.id,
      name: game.name,
      mode: game.mode as GameMode,
      status: game.status as GameState['status'],
      phase: live?.phase ?? null,
      round: live?.round ?? 0,
      roundsPlanned: game.rounds_planned,
      target: live?.target ?? null,
      currentPlayerId: game.status === 'active' ? (live?.currentPlayerId ?? null) : null,
      scaleAddress: game.scale_mac,
      containerType: (game.container_type as ContainerType | null) ?? null,
      // Completion rates every player or none, so one rating tells whether the game was rated.
      rated: ranked ? players.some((p) => p.elo_before !== null) : null,
      players: players.map((p) => {
        const e = byId.get(p.id);
        return {
          id: p.id,
          userId: p.user_id,
          playerName: p.player_name,
          position: p.position,
          isLeader: p.is_leader === 1,
          startWeight: e?.startWeight ?? p.start_weight,
          lastWeight: e?.lastWeight ?? p.last_weight,
          differences: e?.differences ?? [],
          meanDifference: p.mean_difference ?? e?.meanDifference ?? null,
          exactMatches: e?.exactMatches ?? p.exact_matches,
          bestDifference: p.best_difference ?? e?.bestDifference ?? null,
          rank: p.rank ?? e?.rank ?? null,
          eloBefore: p.elo_before,
          eloAfter: p.elo_after,
          typedRounds: typed.filter((t) => t.game_player_id === p.id).map((t) => t.round),
        };
      }),
    };
  }

  /**
   * A scale (re)connected: its screen learns where things stand (a running game, one set up, or
   * none), and what stands on its platform is judged again (it went unwatched meanwhile).
   */
  async scaleConnected(mac: string): Promise<void> {
    this.gameOnScale.delete(mac);
    const gameId = await this.gameIdOnScale(mac);
    if (gameId === null) {
      const setUp = await this.repo.configuredGameOnScale(mac);
      if (setUp) await this.learnLanguage(setUp.id, mac);
      this.command(mac, {
        type: 'DISPLAY',
        phase: 'IDLE',
        text: setUp ? waitingText(setUp.name) : IDLE_TEXT,
      });
      return;
    }
    await this.serial(gameId, () =>
      this.advance(gameId, 'scale', (state) => this.engine.resume(state)),
    );
    const game = await this.repo.findGame(gameId);
    const state = game ? this.current(game) : null;
    const display = state ? this.engine.display(state) : null;
    if (display) await this.learnLanguage(gameId, mac);
    if (display) this.command(mac, { type: 'DISPLAY', ...display });
  }

  /** A game on this scale ended without results (cancelled): its screen must not keep it. */
  showCancelled(mac: string | null, gameName: string): void {
    if (!mac) return;
    this.gameOnScale.delete(mac);
    this.command(mac, { type: 'DISPLAY', phase: 'CANCELLED', text: `${gameName}: cancelled` });
  }

  /** Who hears a scale's refusals: the leader of the game on it. */
  leaderOnScale(mac: string): Promise<number | null> {
    return this.repo.leaderOnScale(mac);
  }

  /** Forget cached engine states (the scale moved to another instance, or shutdown). */
  forgetScale(mac: string): void {
    const gameId = this.gameOnScale.get(mac);
    if (gameId != null) this.states.delete(gameId);
    this.gameOnScale.delete(mac);
  }

  /**
   * One engine transition on the stored state. Another instance may store a step of the same
   * game in between (a reading typed while the scale is connected elsewhere): then the save is
   * refused and the transition runs again on the newer state, so no reading is lost.
   */
  private async advance(
    gameId: number,
    source: 'scale' | 'manual',
    transition: (state: string) => Step,
    strict = false,
  ): Promise<void> {
    for (let attempt = 0; attempt < MAX_STEP_ATTEMPTS; attempt += 1) {
      const game = await this.repo.findGame(gameId);
      const state = game ? this.current(game) : null;
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
      if (await this.persistAndAnnounce(game, game.engine_state, step, source, new Date())) return;
      this.states.delete(gameId);
      // A live sample is superseded by the next one; only a typed reading must be retried.
      if (!strict) return;
    }
    throw conflict(GAME_BUSY);
  }

  /** The engine state to continue from: the cache when it grew from what is stored. */
  private current(game: GameRow): string | null {
    const cached = this.states.get(game.id);
    return cached && cached.base === game.engine_state ? cached.state : game.engine_state;
  }

  /** False when the stored state is no longer `base`: nothing was written or announced. */
  private async persistAndAnnounce(
    game: GameRow,
    base: string,
    step: Step,
    source: 'scale' | 'manual',
    now: Date,
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
          source,
        })),
        step.newRound,
        now,
        trx,
      );
      if (!saved) return 'stale';
      return step.finished ? this.applyFinish(game, step.finished, now, trx) : 'running';
    });
    if (outcome === 'stale') return false;
    if (!step.finished) this.states.set(game.id, { base: step.state, state: step.state });
    else {
      this.states.delete(game.id);
      if (game.scale_mac) this.gameOnScale.set(game.scale_mac, null);
    }
    if (outcome === 'cancelled') this.showCancelled(game.scale_mac, game.name);
    if (outcome === 'completed') {
      this.bus.publish('users.notify', {
        userIds: await this.repo.userIds(game.id),
        message: { type: 'GAME_COMPLETED', gameId: game.id, gameName: game.name },
      });
    }
    this.bus.publish('game.changed', { gameId: game.id });
    // A game finished before any round was complete is cancelled: that screen stays the truth.
    if (game.scale_mac && outcome !== 'cancelled') {
      if (step.displays.length) await this.learnLanguage(game.id, game.scale_mac);
      for (const display of step.displays)
        this.command(game.scale_mac, { type: 'DISPLAY', ...display });
    }
    return true;
  }

  /** Inside the step's transaction: rank, count and rate, or cancel a game with no round. */
  private async applyFinish(
    game: GameRow,
    standings: Step['finished'] & object,
    now: Date,
    trx: Db,
  ): Promise<'completed' | 'cancelled' | 'already'> {
    if (standings.length === 0) {
      // Ended before any round was scored: nothing to rank, nobody's statistics move.
      await this.repo.cancel(game.id, now, trx);
      return 'cancelled';
    }
    const applied = await this.completion.complete(
      {
        gameId: game.id,
        mode: game.mode as GameMode,
        standings: standings.map((s) => ({
          gamePlayerId: s.playerId,
          rank: s.rank,
          meanDifference: s.meanDifference,
          exactMatches: s.exactMatches,
          bestDifference: s.bestDifference,
        })),
        rate: this.rate,
        now,
        // Typed readings stay possible (a scale can misbehave), but a ranked game that no scale
        // weighed proves nothing: it must not move the leaderboard.
        rated: game.mode === 'ranked' && (await this.repo.anyWeighedReading(game.id, trx)),
      },
      trx,
    );
    return applied ? 'completed' : 'already';
  }

  private async gameIdOnScale(mac: string): Promise<number | null> {
    if (this.gameOnScale.has(mac)) return this.gameOnScale.get(mac) ?? null;
    const row = await this.repo.activeGameOnScale(mac);
    this.gameOnScale.set(mac, row?.id ?? null);
    return row?.id ?? null;
  }

  private async requireGame(gameId: number): Promise<GameRow> {
    const game = await this.repo.findGame(gameId);
    if (!game) throw notFound(ERRORS.notFound);
    return game;
  }

  private async requireLeader(gameId: number, me: AuthContext): Promise<GameRow> {
    const game = await this.requireGame(gameId);
    if (game.creator_id !== me.user.id) {
      const players = await this.repo.players(gameId);
      if (!players.some((p) => p.user_id === me.user.id)) throw notFound(ERRORS.notFound);
      throw forbidden(LEADER_ONLY);
    }
    if (game.status !== 'active') throw conflict(GAME_NOT_RUNNING);
    return game;
  }

  private async ownsScale(game: GameRow, me: AuthContext): Promise<boolean> {
    if (!game.scale_mac) return false;
    const scale = await this.repo.scaleOwner(game.scale_mac);
    return scale?.owner_id === me.user.id && scale.approved === 1;
  }

  private async learnLanguage(gameId: number, mac: string): Promise<void> {
    this.languageOnScale.set(mac, await this.repo.leaderLanguage(gameId));
  }

  private command(mac: string, command: ServerToDevice): void {
    if (command.type === 'DISPLAY') {
      command = {
        ...command,
        text: displayText(command.text, this.languageOnScale.get(mac) ?? 'en'),
      };
    }
    // A long line-up's winners would overflow what a scale's screen is promised to get.
    if (command.type === 'DISPLAY' && command.text.length > DISPLAY_TEXT_MAX) {
      command = { ...command, text: `${command.text.slice(0, DISPLAY_TEXT_MAX - 1)}…` };
    }
    this.bus.publish('device.command', { mac, command });
  }

  private nextCmdId(): string {
    this.cmdSeq += 1;
    return `${Date.now().toString(36)}-${this.cmdSeq}`;
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
