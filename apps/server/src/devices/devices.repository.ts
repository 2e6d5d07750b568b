import type { Db } from '../db/database';
import type { ConnectionRecord } from './device-presence';
import { ON_SCALE_STATUSES } from '@beerscale/contract/game-state';

/** All SQL of the device gateway: the scale's identity, its pairing key, the game it runs. */
export class DevicesRepository {
  constructor(private readonly db: Db) {}

  findScale(mac: string) {
    return this.db
      .selectFrom('scales')
      .select(['mac', 'device_key_hash'])
      .where('mac', '=', mac)
      .executeTakeFirst();
  }

  /**
   * A confirmed pairing: the scale's key becomes this one (any older key is void). A scale an
   * administrator pairs before anyone registered it gets its row now (unassigned).
   */
  async storeKey(
    mac: string,
    keyHash: string,
    now: Date,
    info: { firmware?: string; model?: string },
    claimant?: number,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('scales')
        .values({ mac, created_at: now.toISOString() })
        .onConflict((oc) => oc.column('mac').doNothing())
        .execute();
      // A registrant's code makes the scale theirs, approved, unless another account holds its
      // key by now (checked again here: the caller's check ran before this transaction).
      if (claimant !== undefined) {
        const claimed = await trx
          .updateTable('scales')
          .set({ owner_id: claimant, approved: 1 })
          .where('mac', '=', mac)
          .where((eb) =>
            eb.or([
              eb('owner_id', 'is', null),
              eb('owner_id', '=', claimant),
              eb('device_key_hash', 'is', null),
            ]),
          )
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) return false;
      }
      await trx
        .updateTable('scales')
        .set({
          device_key_hash: keyHash,
          ...(info.firmware ? { firmware: info.firmware } : {}),
          ...(info.model ? { model_name: info.model } : {}),
        })
        .where('mac', '=', mac)
        .execute();
      return true;
    });
  }

  /** This socket now holds the scale; a later claim (another socket, another instance) wins. */
  async claim(
    mac: string,
    connectionId: string,
    now: Date,
    info: { firmware?: string; model?: string },
  ): Promise<void> {
    await this.db
      .updateTable('scales')
      .set({
        connection_id: connectionId,
        last_seen_at: now.toISOString(),
        ...(info.firmware ? { firmware: info.firmware } : {}),
        ...(info.model ? { model_name: info.model } : {}),
      })
      .where('mac', '=', mac)
      .execute();
  }

  /** Only the socket that still holds the claim may drop it, so a newer one is never erased. */
  async release(mac: string, connectionId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('scales')
      .set({ connection_id: null, last_seen_at: now.toISOString() })
      .where('mac', '=', mac)
      .where('connection_id', '=', connectionId)
      .execute();
  }

  /** The heartbeat of this instance's claims (one statement per tick, not one per scale). */
  async refresh(connectionIds: string[], now: Date): Promise<void> {
    if (connectionIds.length === 0) return;
    await this.db
      .updateTable('scales')
      .set({ last_seen_at: now.toISOString() })
      .where('connection_id', 'in', connectionIds)
      .execute();
  }

  async connectionOf(mac: string): Promise<ConnectionRecord> {
    const row = await this.db
      .selectFrom('scales')
      .select(['mac', 'connection_id', 'last_seen_at'])
      .where('mac', '=', mac)
      .executeTakeFirst();
    return row ?? { mac, connection_id: null, last_seen_at: null };
  }

  /** The set-up or running game on this scale, with its players in turn order. */
  async currentGame(mac: string) {
    const game = await this.db
      .selectFrom('games')
      .select(['id', 'container_type', 'status'])
      .where('scale_mac', '=', mac)
      .where('status', 'in', ON_SCALE_STATUSES)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!game) return null;
    const players = await this.db
      .selectFrom('game_players')
      .select(['id', 'player_name', 'position'])
      .where('game_id', '=', game.id)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return { game, players };
  }

  /** May this user watch the scale live? Its approved owner, or a player of a game on it. */
  async scaleOfGame(gameId: number): Promise<string | null> {
    const game = await this.db
      .selectFrom('games')
      .select('scale_mac')
      .where('id', '=', gameId)
      .executeTakeFirst();
    return game?.scale_mac ?? null;
  }

  async canWatch(mac: string, userId: number): Promise<boolean> {
    const owner = await this.db
      .selectFrom('scales')
      .select('mac')
      .where('mac', '=', mac)
      .where('owner_id', '=', userId)
      .where('approved', '=', 1)
      .executeTakeFirst();
    if (owner) return true;
    const player = await this.db
      .selectFrom('games')
      .innerJoin('game_players', 'game_players.game_id', 'games.id')
      .select('games.id')
      .where('games.scale_mac', '=', mac)
      .where('games.status', 'in', ON_SCALE_STATUSES)
      .where('game_players.user_id', '=', userId)
      .executeTakeFirst();
    return !!player;
  }
}
