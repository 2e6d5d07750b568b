import type { GameStatus } from '@beerscale/contract/game-state';
import type { ContainerType } from '@beerscale/contract/limits';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { lockUser } from '../../users/user-lock.repository';
import { accountDrinkColumns } from '../../drinks/drink-columns';
import { seesGame } from './game-visibility.repository';
import type { GameRow, InviteStatus } from '../../db/schema';
import { OPEN_STATUSES } from '../game-policy';

export interface NewRankedGame {
  name: string;
  creatorId: number;
  creatorName: string;
  seed: number;
  /** A group's ranked game (migration 0030). */
  groupId?: number | null;
}

/** All SQL of the ranked lobby: games, their participants and invitations. */
export class GamesRepository {
  constructor(private readonly db: Db) {}

  /** One transaction: a refusal thrown inside rolls every write of `work` back. */
  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  findGame(gameId: number, db: Db = this.db) {
    return db.selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirst();
  }

  /**
   * Reads a game and holds its row until the transaction ends, so that concurrent changes of
   * one lobby (an accept and a kick, two invites of the same player) run one after the other
   * on PostgreSQL. A no-op update takes the row lock on both dialects (SQLite serialises every
   * write transaction anyway); `SELECT ... FOR UPDATE` would not parse on SQLite.
   */
  lockGame(gameId: number, trx: Db): Promise<GameRow | undefined> {
    return trx
      .updateTable('games')
      .set({ status: sql<GameStatus>`status` })
      .where('id', '=', gameId)
      .returningAll()
      .executeTakeFirst();
  }

  /** Serialises a user's joins (create, accept): user-lock.repository.ts. */
  lockUser(userId: number, trx: Db): Promise<boolean> {
    return lockUser(userId, trx);
  }

  /** What a ranked start needs to know about its scale: paired (a key) and connected. */
  scaleDevice(mac: string, db: Db = this.db) {
    return db
      .selectFrom('scales')
      .select(['mac', 'device_key_hash', 'connection_id', 'last_seen_at'])
      .where('mac', '=', mac)
      .executeTakeFirst();
  }

  /** Invitations of a game sent since `since`, whatever became of them (the spam limit). */
  async invitesSentSince(gameId: number, since: Date, db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('invites')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('game_id', '=', gameId)
      .where('created_at', '>=', since.toISOString())
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** When the inviter's invitations of the last hour were sent, oldest first. */
  async invitesByInviterSince(inviterId: number, since: Date, db: Db = this.db): Promise<string[]> {
    const rows = await db
      .selectFrom('invites')
      .select('created_at')
      .where('inviter_id', '=', inviterId)
      .where('created_at', '>=', since.toISOString())
      .orderBy('created_at')
      .execute();
    return rows.map((r) => r.created_at);
  }

  /** A pending invitation from this inviter to this invitee, in any game. */
  pendingInviteBetween(inviterId: number, inviteeId: number, db: Db = this.db) {
    return db
      .selectFrom('invites')
      .select('id')
      .where('inviter_id', '=', inviterId)
      .where('invitee_id', '=', inviteeId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  }

  /** The open games, of any mode, a user plays in. */
  openGamesOf(userId: number, db: Db = this.db) {
    return openGamesOf(db, userId);
  }

  async createRanked(game: NewRankedGame, now: Date, trx: Db): Promise<number> {
    const { id } = await trx
      .insertInto('games')
      .values({
        name: game.name,
        mode: 'ranked',
        creator_id: game.creatorId,
        status: 'pending',
        rng_seed: game.seed,
        group_id: game.groupId ?? null,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('game_players')
      .values({
        game_id: id,
        user_id: game.creatorId,
        player_name: game.creatorName,
        position: 0,
        is_leader: 1,
        joined_at: now.toISOString(),
        ...accountDrinkColumns(game.creatorId),
      })
      .execute();
    return id;
  }

  /** Participants in turn order; `id` is the user's id. */
  participants(gameId: number, db: Db = this.db) {
    return db
      .selectFrom('game_players')
      .innerJoin('users', 'users.id', 'game_players.user_id')
      .select([
        'users.id',
        'users.player_name',
        'users.current_elo',
        'game_players.is_leader',
        'game_players.position',
      ])
      .where('game_players.game_id', '=', gameId)
      .orderBy('game_players.position')
      .orderBy('game_players.id')
      .execute();
  }

  pendingInvites(gameId: number, db: Db = this.db) {
    return db
      .selectFrom('invites')
      .innerJoin('users', 'users.id', 'invites.invitee_id')
      .select(['invites.id', 'users.id as userId', 'users.player_name', 'users.current_elo'])
      .where('invites.game_id', '=', gameId)
      .where('invites.status', '=', 'pending')
      .orderBy('invites.id')
      .execute();
  }

  /** A user's unanswered invitations to games that can still be joined. */
  invitesFor(userId: number) {
    return this.db
      .selectFrom('invites')
      .innerJoin('games', 'games.id', 'invites.game_id')
      .innerJoin('users as inviter', 'inviter.id', 'invites.inviter_id')
      .select([
        'invites.id',
        'games.id as gameId',
        'games.name as gameName',
        'inviter.id as inviterId',
        'inviter.player_name as inviterName',
      ])
      .where('invites.invitee_id', '=', userId)
      .where('invites.status', '=', 'pending')
      .where('games.status', 'in', ['pending', 'configured'])
      .orderBy('invites.id')
      .execute();
  }

  findInvite(inviteId: number, db: Db = this.db) {
    return db.selectFrom('invites').selectAll().where('id', '=', inviteId).executeTakeFirst();
  }

  /** Whether `userId` sees the game at all (the lobby's access checks). */
  seesGame(gameId: number, userId: number, db: Db = this.db): Promise<boolean> {
    return seesGame(db, gameId, userId);
  }

  pendingInviteOf(gameId: number, userId: number, db: Db = this.db) {
    return db
      .selectFrom('invites')
      .select('id')
      .where('game_id', '=', gameId)
      .where('invitee_id', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  }

  async createInvite(
    invite: { gameId: number; inviterId: number; inviteeId: number },
    now: Date,
    db: Db,
  ): Promise<number> {
    const row = await db
      .insertInto('invites')
      .values({
        game_id: invite.gameId,
        inviter_id: invite.inviterId,
        invitee_id: invite.inviteeId,
        status: 'pending',
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Moves a pending invite on; false when it was answered or cancelled first. */
  async settleInvite(inviteId: number, status: InviteStatus, now: Date, db: Db): Promise<boolean> {
    const result = await db
      .updateTable('invites')
      .set({ status, responded_at: now.toISOString() })
      .where('id', '=', inviteId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Cancels a game's unanswered invitations; returns who was invited. */
  cancelPendingInvites(gameId: number, now: Date, db: Db) {
    return db
      .updateTable('invites')
      .set({ status: 'cancelled', responded_at: now.toISOString() })
      .where('game_id', '=', gameId)
      .where('status', '=', 'pending')
      .returning(['id', 'invitee_id'])
      .execute();
  }

  /** Adds a player at the end of the turn order. */
  async addParticipant(gameId: number, userId: number, playerName: string, now: Date, db: Db) {
    const last = await db
      .selectFrom('game_players')
      .select((eb) => eb.fn.max('position').as('max'))
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    await db
      .insertInto('game_players')
      .values({
        game_id: gameId,
        user_id: userId,
        player_name: playerName,
        position: Number(last?.max ?? -1) + 1,
        joined_at: now.toISOString(),
        ...accountDrinkColumns(userId),
      })
      .execute();
  }

  async removeParticipant(gameId: number, userId: number, db: Db) {
    await db
      .deleteFrom('game_players')
      .where('game_id', '=', gameId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Positions 0..n-1 in the given order of user ids. */
  async setOrder(gameId: number, userIds: number[], db: Db) {
    for (const [position, userId] of userIds.entries()) {
      await db
        .updateTable('game_players')
        .set({ position })
        .where('game_id', '=', gameId)
        .where('user_id', '=', userId)
        .execute();
    }
  }

  async setStatus(gameId: number, status: GameStatus, db: Db) {
    await db.updateTable('games').set({ status }).where('id', '=', gameId).execute();
  }

  async cancelGame(gameId: number, now: Date, db: Db) {
    await db
      .updateTable('games')
      .set({ status: 'cancelled', completed_at: now.toISOString() })
      .where('id', '=', gameId)
      .execute();
  }

  /**
   * Fast set-ups that never started are disposable (the fast lobby replaces them too): joining
   * a ranked game closes them instead of trapping the player.
   */
  async cancelUnstarted(gameIds: number[], now: Date, db: Db) {
    if (gameIds.length === 0) return;
    await db
      .updateTable('games')
      .set({ status: 'cancelled', completed_at: now.toISOString() })
      .where('id', 'in', gameIds)
      .where('mode', '=', 'fast')
      .where('status', '=', 'configured')
      .execute();
  }

  async configure(
    gameId: number,
    setup: { mac: string; containerType: ContainerType; rounds: number; rules: string | null },
    db: Db,
  ) {
    await db
      .updateTable('games')
      .set({
        scale_mac: setup.mac,
        container_type: setup.containerType,
        rounds_planned: setup.rounds,
        rules: setup.rules,
        status: 'configured',
      })
      .where('id', '=', gameId)
      .execute();
  }

  /** The leader's confirmation that everyone playing is 18 or older (migration 0040). */
  async setAdultsConfirmed(gameId: number, confirmed: boolean, db: Db) {
    await db
      .updateTable('games')
      .set({ adults_confirmed: confirmed ? 1 : 0 })
      .where('id', '=', gameId)
      .execute();
  }

  /** House rules sent with the start replace the set-up's. */
  async setRules(gameId: number, rules: string | null, db: Db) {
    await db.updateTable('games').set({ rules }).where('id', '=', gameId).execute();
  }

  findUser(userId: number, db: Db = this.db) {
    return db
      .selectFrom('users')
      .select(['id', 'player_name', 'current_elo'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }
}

/** The open games (lobby, set up, running), of any mode, a user plays in, newest first. */
export function openGamesOf(db: Db, userId: number) {
  return db
    .selectFrom('game_players')
    .innerJoin('games', 'games.id', 'game_players.game_id')
    .select([
      'games.id',
      'games.name',
      'games.mode',
      'games.status',
      'games.creator_id',
      'games.scale_mac',
      'game_players.is_leader',
    ])
    .where('game_players.user_id', '=', userId)
    .where('games.status', 'in', [...OPEN_STATUSES])
    .orderBy('games.id', 'desc')
    .execute();
}
