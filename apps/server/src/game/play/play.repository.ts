import type { Db } from '../../db/database';
import { isWeighed } from '../../rating/rating-rules';
import type { ReadingSource, ScaleKind } from '../../db/schema';
import { seesGame } from '../lobby/game-visibility.repository';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Language } from '@beerscale/contract/profile';
import { ON_SCALE_STATUSES } from '@beerscale/contract/game-state';

export interface RecordedPlacement {
  gamePlayerId: number;
  round: number;
  grams: number;
  difference: number | null;
  source: ReadingSource;
}

/** All SQL of running games: the engine's state, its rounds and measurements, the snapshot. */
export class PlayRepository {
  constructor(private readonly db: Db) {}

  findGame(gameId: number, db: Db = this.db) {
    return db.selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirst();
  }

  players(gameId: number, db: Db = this.db) {
    return db
      .selectFrom('game_players')
      .selectAll()
      .where('game_id', '=', gameId)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /** Whether `userId` sees the game at all (the leader check's 404). */
  seesGame(gameId: number, userId: number): Promise<boolean> {
    return seesGame(this.db, gameId, userId);
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

  /** The leader of the game set up or running on a scale, if any. */
  async leaderOnScale(mac: string): Promise<number | null> {
    const game = await this.db
      .selectFrom('games')
      .select('creator_id')
      .where('scale_mac', '=', mac)
      .where('status', 'in', ON_SCALE_STATUSES)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return game?.creator_id ?? null;
  }

  /** The language its leader reads: the game's DISPLAY texts follow it. */
  async leaderLanguage(gameId: number): Promise<Language> {
    const row = await this.db
      .selectFrom('games')
      .innerJoin('users', 'users.id', 'games.creator_id')
      .select('users.language')
      .where('games.id', '=', gameId)
      .executeTakeFirst();
    return row?.language === 'de' ? 'de' : 'en';
  }

  /** The language of a scale's owner (null: no owner): its idle screen follows it. */
  async scaleOwnerLanguage(mac: string): Promise<Language | null> {
    const row = await this.db
      .selectFrom('scales')
      .innerJoin('users', 'users.id', 'scales.owner_id')
      .select('users.language')
      .where('scales.mac', '=', mac)
      .executeTakeFirst();
    if (!row) return null;
    return row.language === 'de' ? 'de' : 'en';
  }

  /** A game set up on the scale but not started yet (what its idle screen names). */
  configuredGameOnScale(mac: string) {
    return this.db
      .selectFrom('games')
      .select(['id', 'name'])
      .where('scale_mac', '=', mac)
      .where('status', '=', 'configured')
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

  /** Every reading's player, round, weight and source, in the order they were recorded. */
  readings(gameId: number) {
    return this.db
      .selectFrom('measurements')
      .select(['game_player_id', 'round', 'grams', 'source'])
      .where('game_id', '=', gameId)
      .orderBy('id')
      .execute();
  }

  /** How many readings of the game a scale weighed and how many were typed (inside the last step). */
  async readingCounts(gameId: number, trx: Db): Promise<{ weighed: number; typed: number }> {
    const rows = await trx
      .selectFrom('measurements')
      .select(['source', (eb) => eb.fn.countAll<number>().as('n')])
      .where('game_id', '=', gameId)
      .groupBy('source')
      .execute();
    let weighed = 0;
    let typed = 0;
    for (const row of rows) {
      if (isWeighed(row.source)) weighed += Number(row.n);
      else typed += Number(row.n);
    }
    // A finale estimate the leader stood in for counts like a typed reading (migration 0045).
    const standIns = await trx
      .selectFrom('game_players')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('game_id', '=', gameId)
      .where('estimate_stand_in', '=', 1)
      .executeTakeFirst();
    return { weighed, typed: typed + Number(standIns?.n ?? 0) };
  }

  /** Whether an account is away: no browser of theirs is connected (presence's record). */
  async isAway(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.status === 'offline';
  }

  /** The accounts among `userIds` that are away (as isAway), in one read. */
  async awayAmong(userIds: readonly number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [...userIds])
      .where('status', '=', 'offline')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Marks (or clears) a player's finale estimate as the leader's stand-in (migration 0045). */
  async markEstimateStandIn(playerId: number, standIn: boolean): Promise<void> {
    await this.db
      .updateTable('game_players')
      .set({ estimate_stand_in: standIn ? 1 : 0 })
      .where('id', '=', playerId)
      .execute();
  }

  /** What the game's scale is, fixed at the start: a WiFi device, or bridged by whom. */
  private async scaleKind(
    mac: string,
    trx: Db,
  ): Promise<{ scale_kind: ScaleKind; bridged_by: string | null }> {
    const row = await trx
      .selectFrom('scales')
      .leftJoin('users', 'users.id', 'scales.owner_id')
      .select(['scales.bridged', 'users.player_name'])
      .where('scales.mac', '=', mac)
      .executeTakeFirst();
    return row?.bridged === 1
      ? { scale_kind: 'bluetooth', bridged_by: row.player_name ?? null }
      : { scale_kind: 'wifi', bridged_by: null };
  }

  scaleOwner(mac: string) {
    return this.db
      .selectFrom('scales')
      .select(['owner_id', 'approved'])
      .where('mac', '=', mac)
      .executeTakeFirst();
  }

  /**
   * 'scale-busy' when another game runs on the scale: the database allows one running game per
   * scale (migration 0005), so two starts racing on two instances cannot both win.
   */
  async markStarted(
    gameId: number,
    mac: string,
    engineState: string,
    now: Date,
    trx: Db,
  ): Promise<'started' | 'not-configured' | 'scale-busy'> {
    const kind = await this.scaleKind(mac, trx);
    try {
      const result = await trx
        .updateTable('games')
        .set({
          status: 'active',
          started_at: now.toISOString(),
          engine_state: engineState,
          ...kind,
        })
        .where('id', '=', gameId)
        .where('status', '=', 'configured')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0 ? 'started' : 'not-configured';
    } catch (err) {
      if (isUniqueViolation(err)) return 'scale-busy';
      throw err;
    }
  }

  /** One transaction: a fault thrown inside rolls every write of `work` back. */
  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /**
   * One engine step, inside the caller's transaction, before anything is announced: the new
   * state, the readings it accepted, the round it opened. False when the stored state is not
   * `base` (nothing written).
   */
  async saveStep(
    gameId: number,
    base: string,
    engineState: string,
    placements: RecordedPlacement[],
    newRound: { number: number; target: number } | null,
    now: Date,
    trx: Db,
  ): Promise<boolean> {
    // Compare-and-set: only the step that grew from the stored state may replace it.
    const updated = await trx
      .updateTable('games')
      .set({ engine_state: engineState })
      .where('id', '=', gameId)
      .where('engine_state', '=', base)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
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
    return true;
  }

  async cancel(gameId: number, now: Date, trx: Db): Promise<void> {
    await trx
      .updateTable('games')
      .set({ status: 'cancelled', completed_at: now.toISOString() })
      .where('id', '=', gameId)
      .where('status', 'in', ON_SCALE_STATUSES)
      .execute();
  }
}
