import type { Db } from '../db/database';

export const OPEN_STATUSES = ['pending', 'configured', 'active'] as const;

/** All SQL of the ranked lobby: games, their participants and invitations. */
export class GamesRepository {
  constructor(readonly db: Db) {}

  findGame(gameId: number, db: Db = this.db) {
    return db.selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirst();
  }

  /** The open game a user takes part in, of any mode. */
  openGameOf(userId: number, db: Db = this.db) {
    return db
      .selectFrom('game_players')
      .innerJoin('games', 'games.id', 'game_players.game_id')
      .select(['games.id', 'games.name', 'games.mode', 'games.status', 'game_players.is_leader'])
      .where('game_players.user_id', '=', userId)
      .where('games.status', 'in', [...OPEN_STATUSES])
      .orderBy('games.id', 'desc')
      .executeTakeFirst();
  }

  async createRanked(name: string, creatorId: number, playerName: string, seed: number, now: Date) {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('games')
        .values({
          name,
          mode: 'ranked',
          creator_id: creatorId,
          status: 'pending',
          rng_seed: seed,
          created_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('game_players')
        .values({
          game_id: id,
          user_id: creatorId,
          player_name: playerName,
          position: 0,
          is_leader: 1,
          joined_at: now.toISOString(),
        })
        .execute();
      return id;
    });
  }

  participants(gameId: number, db: Db = this.db) {
    return db
      .selectFrom('game_players')
      .innerJoin('users', 'users.id', 'game_players.user_id')
      .select([
        'game_players.id as rowId',
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

  pendingInvites(gameId: number) {
    return this.db
      .selectFrom('invites')
      .innerJoin('users', 'users.id', 'invites.invitee_id')
      .select(['invites.id', 'users.id as userId', 'users.player_name', 'users.current_elo'])
      .where('invites.game_id', '=', gameId)
      .where('invites.status', '=', 'pending')
      .orderBy('invites.id')
      .execute();
  }

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

  pendingInviteOf(gameId: number, userId: number) {
    return this.db
      .selectFrom('invites')
      .select('id')
      .where('game_id', '=', gameId)
      .where('invitee_id', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  }

  async createInvite(gameId: number, inviterId: number, inviteeId: number, now: Date) {
    const row = await this.db
      .insertInto('invites')
      .values({
        game_id: gameId,
        inviter_id: inviterId,
        invitee_id: inviteeId,
        status: 'pending',
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Moves a pending invite on; false when someone else answered or cancelled it first. */
  async settleInvite(inviteId: number, status: string, now: Date, db: Db = this.db) {
    const result = await db
      .updateTable('invites')
      .set({ status, responded_at: now.toISOString() })
      .where('id', '=', inviteId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async cancelPendingInvites(gameId: number, now: Date, db: Db = this.db) {
    const rows = await db
      .updateTable('invites')
      .set({ status: 'cancelled', responded_at: now.toISOString() })
      .where('game_id', '=', gameId)
      .where('status', '=', 'pending')
      .returning(['id', 'invitee_id'])
      .execute();
    return rows;
  }

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

  /** A membership change after set-up sends the game back to be set up again. */
  async setStatus(gameId: number, status: string, db: Db = this.db, from?: string[]) {
    let query = db.updateTable('games').set({ status }).where('id', '=', gameId);
    if (from) query = query.where('status', 'in', from);
    await query.execute();
  }

  async configure(gameId: number, mac: string, containerType: string, rounds: number) {
    await this.db
      .updateTable('games')
      .set({
        scale_mac: mac,
        container_type: containerType,
        rounds_planned: rounds,
        status: 'configured',
      })
      .where('id', '=', gameId)
      .execute();
  }

  findUser(userId: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'player_name', 'current_elo'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }
}
