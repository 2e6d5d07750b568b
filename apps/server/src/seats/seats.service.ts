import type { GameState } from '@beerscale/contract/game-state';
import type {
  GameSeatsReply,
  JoinInfoReply,
  MySeatReply,
  Seat,
  SeatActionBody,
  TakeSeatReply,
} from '@beerscale/contract/seats';
import { SEAT_REFUSALS } from '@beerscale/contract/seat-messages';
import type { AuthContext } from '../auth/auth.service';
import { describeUserAgent } from '../auth/user-agent';
import {
  enforce,
  joinOffersWatching,
  leads,
  mayReleaseSeat,
  mayTakeSeat,
  mayView,
} from '../game/game-policy';
import type { SeatContext } from '../http/auth-guard';
import { HttpError, notFound, unauthorized } from '../http/http-error';
import type { PlayService } from '../game/play/play.service';
import type { EventBus } from '../realtime/event-bus';
import { drawJoinCode, hashSeatToken, newSeatToken } from './seat-codes';
import type { HeldSeat, SeatPlayer, SeatsRepository } from './seats.repository';

/**
 * Seats on phones (docs/ARCHITECTURE.md, Seats): a game's join code, taking and freeing seats,
 * and a seat's own actions, which the play service applies as the seat's player
 * (game-policy.ts decides what a seat may do).
 */
export class SeatsService {
  constructor(
    private readonly repo: SeatsRepository,
    private readonly play: PlayService,
    private readonly bus: EventBus,
    /** The game's watch page (its watch link, made on first ask: watch.service.ts). */
    private readonly watchPathOf: (gameId: number) => Promise<string>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The game's code, drawn the first time anyone asks (null once the game ended). */
  codeOf(gameId: number): Promise<string | null> {
    return this.repo.ensureCode(gameId, drawJoinCode);
  }

  async info(code: string): Promise<JoinInfoReply> {
    const game = await this.repo.openGameByCode(code);
    if (!game) throw notFound(SEAT_REFUSALS.joinCodeNotFound);
    return {
      gameId: game.id,
      name: game.name,
      mode: game.mode,
      seats: await this.seats(game.id),
      // Whoever holds the code may take a free seat; watching is less, so they may watch too.
      watchPath: joinOffersWatching(game) ? await this.watchPathOf(game.id) : null,
    };
  }

  async take(
    code: string,
    playerId: number,
    userAgent: string | undefined,
  ): Promise<TakeSeatReply> {
    const game = await this.repo.openGameByCode(code);
    if (!game) throw notFound(SEAT_REFUSALS.joinCodeNotFound);
    const players = await this.repo.players(game.id);
    const player = players.find((p) => p.id === playerId);
    const held = (await this.repo.held(game.id)).some((s) => s.player_id === playerId);
    enforce(mayTakeSeat(player, held));
    const token = newSeatToken();
    const device = describeUserAgent(userAgent);
    // Two phones tapping the same seat at once: the key lets one in, the other hears it is held.
    const taken = await this.repo.take(game.id, playerId, hashSeatToken(token), device, this.now());
    enforce(mayTakeSeat(player, !taken));
    return { seatToken: token, playerId, gameId: game.id };
  }

  /** The code and who sits where, for the game's players (its leader included). */
  async ofGame(gameId: number, me: AuthContext): Promise<GameSeatsReply> {
    const game = await this.repo.game(gameId);
    const sees =
      game !== undefined && (leads(game, me.user.id) || (await this.repo.sees(gameId, me.user.id)));
    enforce(mayView(game, sees));
    const joinCode = await this.codeOf(gameId);
    return { joinCode, seats: await this.seats(gameId) };
  }

  async release(gameId: number, playerId: number, me: AuthContext): Promise<void> {
    const game = await this.repo.game(gameId);
    const sees = game !== undefined && (await this.repo.sees(gameId, me.user.id));
    const players = game ? await this.repo.players(gameId) : [];
    enforce(
      mayReleaseSeat(
        game,
        me.user.id,
        sees,
        players.some((p) => p.id === playerId),
      ),
    );
    if (await this.repo.release(gameId, playerId)) this.ended(gameId, playerId);
  }

  /** The seat a token names, or null (never held, released, or left). */
  async authenticate(token: string): Promise<SeatContext | null> {
    const seat = await this.repo.bySeatHash(hashSeatToken(token));
    return seat ? { gameId: seat.game_id, playerId: seat.player_id } : null;
  }

  async mine(seat: SeatContext): Promise<MySeatReply> {
    return { gameId: seat.gameId, playerId: seat.playerId, game: await this.state(seat) };
  }

  /**
   * The seat's own action. Its id is claimed first: a second request with the same id (a retry
   * whose first reply was lost) is answered with the game as it is now and applies nothing; an
   * action refused is not applied, so its id is given back.
   */
  async act(seat: SeatContext, body: SeatActionBody): Promise<{ game: GameState }> {
    const fresh = await this.repo.claimAction(
      seat.gameId,
      body.actionId,
      seat.playerId,
      this.now(),
    );
    if (!fresh) return { game: await this.state(seat) };
    const me = { seatPlayerId: seat.playerId };
    try {
      if (body.kind === 'call') {
        return { game: await this.play.callTarget(seat.gameId, body.amount, me) };
      }
      if (body.kind === 'give') {
        return { game: await this.play.give(seat.gameId, body.toPlayerId, me) };
      }
      return { game: await this.play.estimate(seat.gameId, seat.playerId, body.grams, me) };
    } catch (err) {
      if (err instanceof HttpError) await this.repo.unclaimAction(seat.gameId, body.actionId);
      throw err;
    }
  }

  /** The phone gives its seat up: the seat is free for another phone (or the same one again). */
  async leave(seat: SeatContext): Promise<void> {
    if (await this.repo.release(seat.gameId, seat.playerId)) this.ended(seat.gameId, seat.playerId);
  }

  /**
   * A seat's phone opens the watch socket (watch-socket.routes.ts): the seat its token names and
   * its game as it is now, or null when the token holds no seat (never held, released, left).
   */
  async openSocket(token: string): Promise<{ seat: SeatContext; state: GameState } | null> {
    const seat = await this.authenticate(token);
    if (!seat) return null;
    const snapshot = await this.play.snapshotById(seat.gameId);
    return snapshot ? { seat, state: snapshot.state } : null;
  }

  /** The seat is free: its phone's watch sockets close wherever they are (event-router.ts). */
  private ended(gameId: number, playerId: number): void {
    this.bus.publish('seat.released', { gameId, playerId });
  }

  private async state(seat: SeatContext): Promise<GameState> {
    const snapshot = await this.play.snapshotById(seat.gameId);
    if (!snapshot) throw unauthorized(SEAT_REFUSALS.seatEnded);
    return snapshot.state;
  }

  private async seats(gameId: number): Promise<Seat[]> {
    const [players, held] = await Promise.all([this.repo.players(gameId), this.repo.held(gameId)]);
    return players.map((p) => toSeat(p, held));
  }
}

function toSeat(player: SeatPlayer, held: HeldSeat[]): Seat {
  const holder = held.find((s) => s.player_id === player.id);
  return {
    playerId: player.id,
    name: player.player_name,
    position: player.position,
    taken: holder !== undefined,
    heldBy: holder?.device ?? null,
    account: player.user_id !== null,
  };
}
