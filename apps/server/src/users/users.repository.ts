import type { Language } from '@beerscale/contract/profile';
import type { UserStatus } from '@beerscale/contract/users';
import { sql } from 'kysely';
import { dialectOf, type Db } from '../db/database';
import type { NewUser, UserRow } from '../db/schema';
import { ratingStandings, type RatingStanding } from '../rating/rating-standing.repository';
import { UNSTARTED_STATUSES } from '../game/game-policy';

/** The columns a player's public face is built from; never the hash. */
const PUBLIC_COLUMNS = [
  'id',
  'player_name',
  'status',
  'current_elo',
  'average_mean_difference',
  'games_played',
  'games_won',
] as const;

/** How many players with a prefix make it common (UsersRepository.fewStartWith). */
const DENSE_PREFIX = 500;

export type PublicUserRow = Pick<UserRow, (typeof PUBLIC_COLUMNS)[number]>;

export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

export class UsersRepository {
  constructor(private readonly db: Db) {}

  /** One transaction: a refusal or fault thrown inside rolls every write of `work` back. */
  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async insert(user: NewUser, db: Db = this.db): Promise<number> {
    const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** The longest-standing administrator (the operator's CLI acts in their name). */
  firstAdmin() {
    return this.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('is_admin', '=', 1)
      .orderBy('id')
      .executeTakeFirst();
  }

  findByUsername(username: string) {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('username_key', '=', usernameKey(username))
      .executeTakeFirst();
  }

  /** What the profile says beside the rating (rating/rating-standing.repository.ts). */
  async ratingStanding(id: number): Promise<RatingStanding> {
    return (await ratingStandings(this.db, [id])).get(id)!;
  }

  findById(id: number) {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findPublicById(id: number): Promise<PublicUserRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(PUBLIC_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Players whose name starts with the text (case-insensitive), best rated first. Never by
   * username: usernames are often e-mail addresses, and a prefix search would spell them out.
   */
  async search(text: string, limit: number, excludeUserId: number): Promise<PublicUserRow[]> {
    const prefix = text.toLowerCase();
    const match =
      dialectOf(this.db) === 'postgres' || (await this.fewStartWith(prefix))
        ? startsWith(this.db, prefix)
        : likeOnly(prefix);
    return this.db
      .selectFrom('users')
      .select(PUBLIC_COLUMNS)
      .where('id', '!=', excludeUserId)
      .where(match)
      .orderBy('current_elo', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * SQLite plans a prefix search once for every prefix, and either plan is slow for some: the
   * name index reads every match and sorts them (12 ms for "ma" among 100,000 players, 8,000
   * matches); the rating index reads players best first until enough match (57 ms for a prefix
   * nobody has). Counting a common prefix's matches stops at DENSE_PREFIX: below it the matches
   * are read and sorted, above it players in rating order meet a match every few hundred rows.
   */
  private async fewStartWith(prefix: string): Promise<boolean> {
    const { range } = nameRange(prefix);
    const row = await this.db
      .selectFrom((eb) =>
        eb
          .selectFrom('users')
          .select(sql`1`.as('one'))
          .where(range)
          .limit(DENSE_PREFIX)
          .as('m'),
      )
      .select((eb) => eb.fn.countAll<number>().as('matches'))
      .executeTakeFirstOrThrow();
    return Number(row.matches) < DENSE_PREFIX;
  }

  /** Administrators pick owners by username or player name. */
  searchForAdmin(text: string, limit: number) {
    const pattern = `${escapeLike(text.trim().toLowerCase())}%`;
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'player_name'])
      .where(
        sql<boolean>`(lower(player_name) like ${pattern} escape '\\' or username_key like ${pattern} escape '\\')`,
      )
      .orderBy('username_key')
      .limit(limit)
      .execute();
  }

  async setLanguage(id: number, language: Language, db: Db = this.db): Promise<void> {
    await db.updateTable('users').set({ language }).where('id', '=', id).execute();
  }

  async setPlayerName(id: number, playerName: string, db: Db = this.db): Promise<void> {
    await db.updateTable('users').set({ player_name: playerName }).where('id', '=', id).execute();
  }

  /**
   * The user's seat in a game not started yet (a ranked lobby, a fast game set up), with every
   * other seat: its user (null for a fast game's guest) and the name it shows.
   */
  async unstartedSeat(userId: number, db: Db = this.db) {
    const seat = await db
      .selectFrom('game_players')
      .innerJoin('games', 'games.id', 'game_players.game_id')
      .select('game_players.game_id')
      .where('game_players.user_id', '=', userId)
      .where('games.status', 'in', [...UNSTARTED_STATUSES])
      .executeTakeFirst();
    if (!seat) return null;
    const others = await db
      .selectFrom('game_players')
      .leftJoin('users', 'users.id', 'game_players.user_id')
      .select([
        'game_players.user_id as userId',
        (eb) => eb.fn.coalesce('users.player_name', 'game_players.player_name').as('name'),
      ])
      .where('game_players.game_id', '=', seat.game_id)
      .where((eb) =>
        eb.or([eb('game_players.user_id', 'is', null), eb('game_players.user_id', '!=', userId)]),
      )
      .execute();
    return { gameId: seat.game_id, others };
  }

  /** The name the user's seat in that game shows and will be played under. */
  async renameSeat(userId: number, gameId: number, playerName: string, db: Db = this.db) {
    await db
      .updateTable('game_players')
      .set({ player_name: playerName })
      .where('game_id', '=', gameId)
      .where('user_id', '=', userId)
      .execute();
  }

  /**
   * Scales the user registered (every registrant of an address, not only its first) or owns;
   * approved only when owned and approved.
   */
  scalesOf(id: number) {
    return this.db
      .selectFrom('scales')
      .select(['mac', 'owner_id', 'approved'])
      .where((eb) =>
        eb.or([
          eb('owner_id', '=', id),
          eb(
            'mac',
            'in',
            eb.selectFrom('scale_registrations').select('mac').where('user_id', '=', id),
          ),
        ]),
      )
      .orderBy('mac')
      .execute();
  }

  /** The statuses of these users, by primary key (realtime/user-statuses.ts asks on a miss). */
  statuses(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users')
      .select(['id', 'status'])
      .where('id', 'in', [...ids])
      .execute();
  }

  async setStatus(id: number, status: UserStatus): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ status })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async setAdmin(id: number, isAdmin: boolean, passwordHash?: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ is_admin: isAdmin ? 1 : 0, ...(passwordHash ? { password_hash: passwordHash } : {}) })
      .where('id', '=', id)
      .execute();
  }
}

/**
 * `lower(player_name)` starts with the (lower-case) prefix. The LIKE decides; on SQLite, which
 * cannot use an index for LIKE on an expression, a range on the same expression lets it read
 * only the matching entries of users_player_name_lower_idx (binary order is code point order,
 * so the range holds every match). PostgreSQL answers the LIKE itself from its
 * text_pattern_ops index (migration 0004).
 */
function startsWith(db: Db, prefix: string) {
  if (dialectOf(db) === 'postgres') return likeOnly(prefix);
  return sql<boolean>`(${nameRange(prefix).range} and ${likeOnly(prefix)})`;
}

function likeOnly(prefix: string) {
  return sql<boolean>`lower(player_name) like ${`${escapeLike(prefix)}%`} escape '\\'`;
}

/** The names from the prefix up to (not including) the next prefix of the same length. */
function nameRange(prefix: string) {
  const last = prefix.codePointAt(prefix.length - 1) ?? 0;
  const end =
    last < 0x10ffff
      ? prefix.slice(0, -String.fromCodePoint(last).length) + String.fromCodePoint(last + 1)
      : null;
  const range =
    end === null
      ? sql<boolean>`lower(player_name) >= ${prefix}`
      : sql<boolean>`lower(player_name) >= ${prefix} and lower(player_name) < ${end}`;
  return { range };
}

/** LIKE treats % and _ as wildcards; a player searching for "a_b" means the underscore. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
