import type { Db } from '../db/database';
import type { GameStatus } from '@beerscale/contract/game-state';
import type { GameMode } from '@beerscale/contract/limits';
import { isUniqueViolation } from '../db/unique-violation';
import { OPEN_STATUSES } from '../game/game-policy';
import { seesGame } from '../game/lobby/game-visibility.repository';

export interface SeatGame {
  id: number;
  name: string;
  mode: GameMode;
  status: GameStatus;
  creator_id: number;
  join_code: string | null;
}

export interface SeatPlayer {
  id: number;
  player_name: string;
  position: number;
  user_id: number | null;
}

export interface HeldSeat {
  player_id: number;
  device: string;
}

/** All SQL of seats on phones: join codes, seats (token hashes), applied action ids. */
export class SeatsRepository {
  constructor(private readonly db: Db) {}

  game(gameId: number): Promise<SeatGame | undefined> {
    return this.db
      .selectFrom('games')
      .select(['id', 'name', 'mode', 'status', 'creator_id', 'join_code'])
      .where('id', '=', gameId)
      .executeTakeFirst();
  }

  /** The open game a code opens (a finished game's code opens nothing). */
  openGameByCode(code: string): Promise<SeatGame | undefined> {
    return this.db
      .selectFrom('games')
      .select(['id', 'name', 'mode', 'status', 'creator_id', 'join_code'])
      .where('join_code', '=', code)
      .where('status', 'in', OPEN_STATUSES)
      .executeTakeFirst();
  }

  /**
   * Gives an open game a code once: a drawn code that another open game holds is refused by the
   * index of migration 0035, and the next draw is tried. Answers the game's code (null: ended).
   */
  async ensureCode(gameId: number, draw: () => string, tries = 8): Promise<string | null> {
    for (let i = 0; i < tries; i += 1) {
      const game = await this.game(gameId);
      if (!game || !(OPEN_STATUSES as readonly GameStatus[]).includes(game.status)) return null;
      if (game.join_code) return game.join_code;
      try {
        await this.db
          .updateTable('games')
          .set({ join_code: draw() })
          .where('id', '=', gameId)
          .where('join_code', 'is', null)
          .execute();
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
    }
    throw new Error(`no free join code for game ${gameId} after ${tries} draws`);
  }

  players(gameId: number): Promise<SeatPlayer[]> {
    return this.db
      .selectFrom('game_players')
      .select(['id', 'player_name', 'position', 'user_id'])
      .where('game_id', '=', gameId)
      .orderBy('position')
      .execute();
  }

  held(gameId: number): Promise<HeldSeat[]> {
    return this.db
      .selectFrom('seats')
      .select(['player_id', 'device'])
      .where('game_id', '=', gameId)
      .execute();
  }

  /** False when another phone holds the seat already (the player's id is the key). */
  async take(
    gameId: number,
    playerId: number,
    tokenHash: string,
    device: string,
    now: Date,
  ): Promise<boolean> {
    const result = await this.db
      .insertInto('seats')
      .values({
        game_id: gameId,
        player_id: playerId,
        token_hash: tokenHash,
        device,
        taken_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column('player_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  bySeatHash(tokenHash: string): Promise<{ game_id: number; player_id: number } | undefined> {
    return this.db
      .selectFrom('seats')
      .select(['game_id', 'player_id'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async release(gameId: number, playerId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('seats')
      .where('game_id', '=', gameId)
      .where('player_id', '=', playerId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Whether the caller plays in or was invited to the game (game-visibility.repository.ts). */
  sees(gameId: number, userId: number): Promise<boolean> {
    return seesGame(this.db, gameId, userId);
  }

  /** Claims an action id for the seat's game; false when it was claimed before (a retry). */
  async claimAction(gameId: number, actionId: string, playerId: number, now: Date) {
    const result = await this.db
      .insertInto('seat_actions')
      .values({
        game_id: gameId,
        action_id: actionId,
        player_id: playerId,
        applied_at: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(['game_id', 'action_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** An action that was refused was not applied: its id may be sent again. */
  async unclaimAction(gameId: number, actionId: string): Promise<void> {
    await this.db
      .deleteFrom('seat_actions')
      .where('game_id', '=', gameId)
      .where('action_id', '=', actionId)
      .execute();
  }
}
