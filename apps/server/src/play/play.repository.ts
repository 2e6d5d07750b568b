import type { Db } from '../db/database';

export interface RecordedPlacement {
  gamePlayerId: number;
  round: number;
  grams: number;
  difference: number | null;
  source: 'scale' | 'manual';
}

/** All SQL of running games: the engine's state, its rounds and measurements, the snapshot. */
export class PlayRepository {
  constructor(private readonly db: Db) {}

  findGame(gameId: number) {
    return this.db.selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirst();
  }

  players(gameId: number) {
    return this.db
      .selectFrom('game_players')
      .selectAll()
      .where('game_id', '=', gameId)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  activeGameOnScale(mac: string) {
    return this.db
      .selectFrom('games')
      .select(['id'])
      .where('scale_mac', '=', mac)
      .where('status', '=', 'active')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** Account holders of a game: who hears its events. */
  async userIds(gameId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('game_players')
      .select('user_id')
      .where('game_id', '=', gameId)
      .where('user_id', 'is not', null)
      .execute();
    return rows.map((row) => row.user_id as number);
  }

  scaleOwner(mac: string) {
    return this.db
      .selectFrom('scales')
      .select(['owner_id', 'approved'])
      .where('mac', '=', mac)
      .executeTakeFirst();
  }

  async markStarted(gameId: number, engineState: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('games')
      .set({ status: 'active', started_at: now.toISOString(), engine_state: engineState })
      .where('id', '=', gameId)
      .where('status', '=', 'configured')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * One engine step, persisted as one transaction before anything is announced: the new state,
   * the readings it accepted, the round it opened.
   */
  async saveStep(
    gameId: number,
    engineState: string,
    placements: RecordedPlacement[],
    newRound: { number: number; target: number } | null,
    now: Date,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('games')
        .set({ engine_state: engineState })
        .where('id', '=', gameId)
        .execute();
      for (const p of placements) {
        await trx
          .insertInto('measurements')
          .values({
            game_id: gameId,
            round: p.round,
            game_player_id: p.gamePlayerId,
            grams: p.grams,
            difference_g: p.difference,
            source: p.source,
            recorded_at: now.toISOString(),
          })
          .execute();
        await trx
          .updateTable('game_players')
          .set(
            p.round === 0
              ? { start_weight: p.grams, last_weight: p.grams }
              : { last_weight: p.grams },
          )
          .where('id', '=', p.gamePlayerId)
          .execute();
      }
      if (newRound) {
        await trx
          .insertInto('rounds')
          .values({
            game_id: gameId,
            number: newRound.number,
            target_g: newRound.target,
            created_at: now.toISOString(),
          })
          .onConflict((oc) => oc.columns(['game_id', 'number']).doNothing())
          .execute();
      }
    });
  }

  async cancel(gameId: number, now: Date): Promise<void> {
    await this.db
      .updateTable('games')
      .set({ status: 'cancelled', completed_at: now.toISOString() })
      .where('id', '=', gameId)
      .where('status', 'in', ['configured', 'active'])
      .execute();
  }
}
