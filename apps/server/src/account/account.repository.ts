import { openGamesOf } from '../game/lobby/games.repository';
import { eloHistoryOf } from '../home/home.repository';
import { DELETED_PLAYER_NAME } from '@beerscale/contract/account-messages';
import { forgetAccountInGroups } from '../groups/groups.repository';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { lockUser } from '../users/user-lock.repository';

/** The keys of a scale's stored settings that never leave in an export. */
const SECRET_SETTINGS = new Set(['wifi_password']);

/** All SQL of an account's own management: its password, its export and its deletion. */
export class AccountRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async setPassword(userId: number, passwordHash: string, db: Db = this.db): Promise<void> {
    await db
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', userId)
      .execute();
  }

  accountOf(userId: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'disabled_at'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** Finds an account by username (the operator's CLI). */
  accountByUsernameKey(key: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('username_key', '=', key)
      .executeTakeFirst();
  }

  passwordHashOf(userId: number) {
    return this.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Erases the account in one transaction (the caller has left or ended its open games first;
   * one that appeared meanwhile makes this answer `open-game` and change nothing):
   * - its rows in finished games stay, for the other players, as DELETED_PLAYER_NAME without
   *   an account (also in the stored engine state, which holds the names the game was played
   *   under); a finished game it created passes to its first other registered player (the
   *   creator decides nothing once a game ended, and `games.creator_id` would take the game
   *   with it), and one no other account played in (a fast game of guests) goes with it;
   * - the scales it owns lose owner, approval, pairing key and settings (a Bluetooth scale it
   *   bridged goes whole: its address is derived from this account);
   * - the account row goes, and with it (foreign keys) its sessions, registrations, recent
   *   games, rating history, invitations and reset links.
   * Returns the sessions that were live and the scales it owned, for the announcements.
   */
  async erase(userId: number, now: Date) {
    return this.transaction(async (trx) => {
      if (!(await lockUser(userId, trx))) return { outcome: 'gone' as const };
      if ((await openGamesOf(trx, userId)).length > 0) return { outcome: 'open-game' as const };
      const jtis = (
        await trx
          .selectFrom('sessions')
          .select('jti')
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now.toISOString())
          .execute()
      ).map((row) => row.jti);

      const created = await trx
        .selectFrom('games')
        .select('id')
        .where('creator_id', '=', userId)
        .execute();
      for (const { id } of created) {
        const heir = await trx
          .selectFrom('game_players')
          .select('user_id')
          .where('game_id', '=', id)
          .where('user_id', 'is not', null)
          .where('user_id', '!=', userId)
          .orderBy('position')
          .executeTakeFirst();
        if (heir?.user_id) {
          await trx
            .updateTable('games')
            .set({ creator_id: heir.user_id })
            .where('id', '=', id)
            .execute();
        } else {
          await trx.deleteFrom('games').where('id', '=', id).execute();
        }
      }

      const seats = await trx
        .selectFrom('game_players')
        .innerJoin('games', 'games.id', 'game_players.game_id')
        .select(['game_players.id', 'game_players.game_id', 'games.engine_state'])
        .where('game_players.user_id', '=', userId)
        .execute();
      for (const seat of seats) {
        if (seat.engine_state) {
          await trx
            .updateTable('games')
            .set({ engine_state: withoutName(seat.engine_state, seat.id) })
            .where('id', '=', seat.game_id)
            .execute();
        }
      }
      await trx
        .updateTable('game_players')
        .set({ user_id: null, player_name: DELETED_PLAYER_NAME })
        .where('user_id', '=', userId)
        .execute();

      const owned = await trx
        .selectFrom('scales')
        .select(['mac', 'bridged'])
        .where('owner_id', '=', userId)
        .execute();
      const macs = owned.map((scale) => scale.mac);
      if (macs.length > 0) {
        await trx.deleteFrom('scale_settings').where('mac', 'in', macs).execute();
        await trx
          .updateTable('scales')
          .set({ owner_id: null, approved: 0, device_key_hash: null })
          .where('mac', 'in', macs)
          .execute();
        const bridged = owned.filter((scale) => scale.bridged === 1).map((scale) => scale.mac);
        if (bridged.length > 0)
          await trx.deleteFrom('scales').where('mac', 'in', bridged).execute();
      }
      await forgetAccountInGroups(userId, now, trx);
      await trx.deleteFrom('users').where('id', '=', userId).execute();
      return { outcome: 'erased' as const, jtis, macs };
    });
  }

  /** Invitations still waiting for the account's answer, with the leader who sent each. */
  pendingInvitationsTo(userId: number) {
    return this.db
      .selectFrom('invites')
      .innerJoin('games', 'games.id', 'invites.game_id')
      .select(['invites.game_id', 'games.creator_id'])
      .where('invites.invitee_id', '=', userId)
      .where('invites.status', '=', 'pending')
      .execute();
  }

  /** Closes a fast game that was set up but never started (its player leaves for good). */
  async cancelFastSetUp(gameId: number, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('games')
      .set({ status: 'cancelled', completed_at: now.toISOString() })
      .where('id', '=', gameId)
      .where('mode', '=', 'fast')
      .where('status', '=', 'configured')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async setDisabled(userId: number, disabledAt: string | null): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ disabled_at: disabledAt })
      .where('id', '=', userId)
      .execute();
  }

  /**
   * The administrator's accounts page: by username or player name prefix (everyone for an
   * empty search), ordered by username, with the total for paging.
   */
  async adminPage(search: string, limit: number, offset: number) {
    const pattern = `${escapeLike(search.toLowerCase())}%`;
    const matching = this.db
      .selectFrom('users')
      .where(
        sql<boolean>`(lower(player_name) like ${pattern} escape '\\' or username_key like ${pattern} escape '\\')`,
      );
    const [rows, count] = await Promise.all([
      matching
        .select(['id', 'username', 'player_name', 'is_admin', 'disabled_at', 'created_at'])
        .orderBy('username_key')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute(),
      matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /** Everything stored about the account, as the export lists it. */
  async exportOf(userId: number) {
    const user = await this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return null;
    const ratingHistory = await eloHistoryOf(this.db, userId);
    const seats = await this.db
      .selectFrom('game_players')
      .innerJoin('games', 'games.id', 'game_players.game_id')
      .select([
        'game_players.id as seat',
        'games.id',
        'games.name',
        'games.mode',
        'games.status',
        'games.created_at',
        'games.started_at',
        'games.completed_at',
        'games.scale_mac',
        'game_players.player_name',
        'game_players.position',
        'game_players.is_leader',
        'game_players.rank',
        'game_players.start_weight',
        'game_players.last_weight',
        'game_players.mean_difference',
        'game_players.exact_matches',
        'game_players.best_difference',
        'game_players.elo_before',
        'game_players.elo_after',
        'game_players.drink_kind',
        'game_players.drink_abv_tenths',
      ])
      .where('game_players.user_id', '=', userId)
      .orderBy('games.id')
      .execute();
    const readings =
      seats.length === 0
        ? []
        : await this.db
            .selectFrom('measurements')
            .select(['game_player_id', 'round', 'grams', 'difference_g', 'source', 'recorded_at'])
            .where(
              'game_player_id',
              'in',
              seats.map((s) => s.seat),
            )
            .orderBy('recorded_at')
            .orderBy('id')
            .execute();
    const invitations = await this.db
      .selectFrom('invites')
      .innerJoin('games', 'games.id', 'invites.game_id')
      .select([
        'invites.id',
        'invites.game_id',
        'games.name',
        'invites.inviter_id',
        'invites.status',
        'invites.created_at',
        'invites.responded_at',
      ])
      .where((eb) =>
        eb.or([eb('invites.inviter_id', '=', userId), eb('invites.invitee_id', '=', userId)]),
      )
      .orderBy('invites.id')
      .execute();
    const scales = await this.db
      .selectFrom('scales')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('owner_id', '=', userId),
          eb(
            'mac',
            'in',
            eb.selectFrom('scale_registrations').select('mac').where('user_id', '=', userId),
          ),
        ]),
      )
      .orderBy('mac')
      .execute();
    const ownedMacs = scales.filter((s) => s.owner_id === userId).map((s) => s.mac);
    const settings =
      ownedMacs.length === 0
        ? []
        : await this.db
            .selectFrom('scale_settings')
            .select(['mac', 'key', 'value'])
            .where('mac', 'in', ownedMacs)
            .orderBy('mac')
            .orderBy('key')
            .execute();
    const sessions = await this.db
      .selectFrom('sessions')
      .select(['created_at', 'last_seen_at', 'expires_at', 'revoked_at', 'user_agent'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    const groups = await this.db
      .selectFrom('group_members')
      .innerJoin('groups', 'groups.id', 'group_members.group_id')
      .select([
        'groups.id',
        'groups.name',
        'group_members.id as member_id',
        'group_members.role',
        'group_members.joined_at',
        'group_members.left_at',
      ])
      .where('group_members.user_id', '=', userId)
      .orderBy('group_members.id')
      .execute();
    return {
      user,
      ratingHistory,
      seats,
      readings,
      invitations,
      scales,
      settings: settings.filter((s) => !SECRET_SETTINGS.has(s.key)),
      sessions,
      groups,
    };
  }
}

/**
 * The stored engine state with the seat's name replaced: the engine keeps the names a game was
 * played under (its display lines use them), and a finished game's results read it.
 */
export function withoutName(engineState: string, seatId: number): string {
  const state = JSON.parse(engineState) as {
    players?: { id: number; name?: string }[];
    standings?: { playerId?: number; id?: number; name?: string }[] | null;
  };
  for (const player of state.players ?? []) {
    if (player.id === seatId && 'name' in player) player.name = DELETED_PLAYER_NAME;
  }
  for (const row of state.standings ?? []) {
    if ((row.playerId ?? row.id) === seatId && 'name' in row) row.name = DELETED_PLAYER_NAME;
  }
  return JSON.stringify(state);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
