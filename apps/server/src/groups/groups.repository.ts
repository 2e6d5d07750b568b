import { DELETED_PLAYER_NAME } from '@beerscale/contract/account-messages';
import { sql } from 'kysely';
import type { Db, SyncReads } from '../db/database';
import type { GroupLinkKind, GroupRole } from '../db/schema';
import { lockUser } from '../users/user-lock.repository';
import type { PlayedGame } from './group-table';

/** A member as the service reads it: an account's name is the account's own. */
export interface MemberRow {
  id: number;
  groupId: number;
  userId: number | null;
  name: string;
  role: GroupRole;
  joinedAt: string;
  leftAt: string | null;
}

export interface SeasonRow {
  number: number;
  name: string | null;
  startedAt: string;
  endedAt: string | null;
}

export interface GroupRow {
  id: number;
  name: string;
  emoji: string | null;
  lastSetup: string | null;
}

/** Every query of the groups feature (docs/ARCHITECTURE.md, Groups). */
export class GroupsRepository {
  /** The SQL text of tableAccessNow(), compiled once (parameters: user, group). */
  private accessSql: string | null = null;
  /** tableAccessNow()'s answers read at `accessCount` commits, by group and user. */
  private readonly accessKept = new Map<string, TableAccess | undefined>();
  private accessCount: number | null = null;

  constructor(
    private readonly db: Db,
    /** On SQLite: tableAccessNow() reads at once, for the memory lane. */
    private readonly syncReads: SyncReads | null = null,
  ) {}

  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** Serialises one account's group changes (a double tap on join or claim). */
  async lockUser(userId: number, trx: Db): Promise<void> {
    await lockUser(userId, trx);
  }

  async create(
    group: { name: string; emoji: string | null; captainId: number; captainName: string },
    now: Date,
    trx: Db,
  ): Promise<number> {
    const at = now.toISOString();
    const { id } = await trx
      .insertInto('groups')
      .values({ name: group.name, emoji: group.emoji, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('group_members')
      .values({
        group_id: id,
        user_id: group.captainId,
        name: group.captainName,
        role: 'captain',
        joined_at: at,
      })
      .execute();
    await trx
      .insertInto('group_seasons')
      .values({ group_id: id, number: 1, name: null, started_at: at })
      .execute();
    return id;
  }

  async group(groupId: number, db: Db = this.db): Promise<GroupRow | undefined> {
    const row = await db
      .selectFrom('groups')
      .select(['id', 'name', 'emoji', 'last_setup'])
      .where('id', '=', groupId)
      .executeTakeFirst();
    return row && { id: row.id, name: row.name, emoji: row.emoji, lastSetup: row.last_setup };
  }

  private members(db: Db) {
    return db
      .selectFrom('group_members')
      .leftJoin('users', 'users.id', 'group_members.user_id')
      .select([
        'group_members.id',
        'group_members.group_id',
        'group_members.user_id',
        'group_members.role',
        'group_members.joined_at',
        'group_members.left_at',
        (eb) => eb.fn.coalesce('users.player_name', 'group_members.name').as('name'),
      ]);
  }

  /** The caller's current membership of a group (left members are no longer members). */
  async membership(groupId: number, userId: number, db: Db = this.db) {
    const row = await this.members(db)
      .where('group_members.group_id', '=', groupId)
      .where('group_members.user_id', '=', userId)
      .where('group_members.left_at', 'is', null)
      .executeTakeFirst();
    return row && toMember(row);
  }

  /** Every member the group ever had, current ones first by joining (names for history). */
  async allMembers(groupId: number, db: Db = this.db): Promise<MemberRow[]> {
    const rows = await this.members(db)
      .where('group_members.group_id', '=', groupId)
      .orderBy('group_members.id')
      .execute();
    return rows.map(toMember);
  }

  async member(groupId: number, memberId: number, db: Db = this.db) {
    const row = await this.members(db)
      .where('group_members.group_id', '=', groupId)
      .where('group_members.id', '=', memberId)
      .executeTakeFirst();
    return row && toMember(row);
  }

  /** A former member of this account, to take back on rejoining (their history is theirs). */
  async formerMembership(groupId: number, userId: number, db: Db) {
    return db
      .selectFrom('group_members')
      .select('id')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .where('left_at', 'is not', null)
      .executeTakeFirst();
  }

  async addMember(
    member: { groupId: number; userId: number | null; name: string; role: GroupRole },
    now: Date,
    db: Db,
  ): Promise<number> {
    const { id } = await db
      .insertInto('group_members')
      .values({
        group_id: member.groupId,
        user_id: member.userId,
        name: member.name,
        role: member.role,
        joined_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async rejoin(memberId: number, now: Date, db: Db): Promise<void> {
    await db
      .updateTable('group_members')
      .set({ left_at: null, role: 'member', joined_at: now.toISOString() })
      .where('id', '=', memberId)
      .execute();
  }

  async setRole(memberId: number, role: GroupRole, db: Db): Promise<void> {
    await db.updateTable('group_members').set({ role }).where('id', '=', memberId).execute();
  }

  async leave(memberId: number, now: Date, db: Db): Promise<void> {
    await db
      .updateTable('group_members')
      .set({ left_at: now.toISOString() })
      .where('id', '=', memberId)
      .execute();
  }

  /** A guest becomes the account: same member, so every game stays theirs. */
  async guestBecomesAccount(memberId: number, userId: number, db: Db): Promise<void> {
    await db
      .updateTable('group_members')
      .set({ user_id: userId, role: 'member' })
      .where('id', '=', memberId)
      .execute();
  }

  /** The account was already a member: the guest's seats move to it and the guest goes. */
  async mergeGuestInto(guestId: number, memberId: number, db: Db): Promise<void> {
    await db
      .updateTable('game_players')
      .set({ group_member_id: memberId })
      .where('group_member_id', '=', guestId)
      .execute();
    await db.deleteFrom('group_members').where('id', '=', guestId).execute();
  }

  async myGroups(userId: number) {
    return this.db
      .selectFrom('group_members as mine')
      .innerJoin('groups', 'groups.id', 'mine.group_id')
      .select([
        'groups.id',
        'groups.name',
        'groups.emoji',
        'mine.id as memberId',
        'mine.role',
        (eb) =>
          eb
            .selectFrom('group_members as m')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('m.group_id', '=', 'groups.id')
            .where('m.left_at', 'is', null)
            .as('members'),
      ])
      .where('mine.user_id', '=', userId)
      .where('mine.left_at', 'is', null)
      .orderBy('groups.name')
      .execute();
  }

  async seasons(groupId: number, db: Db = this.db): Promise<SeasonRow[]> {
    const rows = await db
      .selectFrom('group_seasons')
      .select(['number', 'name', 'started_at', 'ended_at'])
      .where('group_id', '=', groupId)
      .orderBy('number')
      .execute();
    return rows.map((r) => ({
      number: r.number,
      name: r.name,
      startedAt: r.started_at,
      endedAt: r.ended_at,
    }));
  }

  /** Ends the running season and starts the next; returns the new season. */
  async nextSeason(groupId: number, name: string | null, now: Date, trx: Db): Promise<SeasonRow> {
    const at = now.toISOString();
    const running = await trx
      .updateTable('group_seasons')
      .set({ ended_at: at })
      .where('group_id', '=', groupId)
      .where('ended_at', 'is', null)
      .returning('number')
      .executeTakeFirstOrThrow();
    const season = { number: running.number + 1, name, startedAt: at, endedAt: null };
    await trx
      .insertInto('group_seasons')
      .values({ group_id: groupId, number: season.number, name, started_at: at })
      .execute();
    return season;
  }

  /** Serialises the group's own changes (two season ends at once, the captain's hand-over). */
  async lockGroup(groupId: number, trx: Db): Promise<boolean> {
    const row = await trx
      .updateTable('groups')
      .set((eb) => ({ name: eb.ref('name') }))
      .where('id', '=', groupId)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Links: one live invite and one live public link per group; claim links per guest. */
  async replaceLink(
    link: { kind: GroupLinkKind; groupId: number; memberId: number | null; tokenHash: string },
    now: Date,
    trx: Db,
  ): Promise<void> {
    let stale = trx
      .deleteFrom('group_links')
      .where('group_id', '=', link.groupId)
      .where('kind', '=', link.kind)
      .where('used_at', 'is', null);
    if (link.memberId !== null) stale = stale.where('member_id', '=', link.memberId);
    await stale.execute();
    await trx
      .insertInto('group_links')
      .values({
        token_hash: link.tokenHash,
        kind: link.kind,
        group_id: link.groupId,
        member_id: link.memberId,
        created_at: now.toISOString(),
      })
      .execute();
  }

  async link(tokenHash: string, db: Db = this.db) {
    return db
      .selectFrom('group_links')
      .select(['kind', 'group_id', 'member_id', 'used_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Marks a one-time link used; false when another request used it first. */
  async useLink(tokenHash: string, now: Date, trx: Db): Promise<boolean> {
    const used = await trx
      .updateTable('group_links')
      .set({ used_at: now.toISOString() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  }

  async hasPublicLink(groupId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('group_links')
      .select('token_hash')
      .where('group_id', '=', groupId)
      .where('kind', '=', 'public')
      .executeTakeFirst();
    return row !== undefined;
  }

  async dropLinks(groupId: number, kind: GroupLinkKind): Promise<void> {
    await this.db
      .deleteFrom('group_links')
      .where('group_id', '=', groupId)
      .where('kind', '=', kind)
      .execute();
  }

  async saveLastSetup(groupId: number, setup: string, db: Db): Promise<void> {
    await db.updateTable('groups').set({ last_setup: setup }).where('id', '=', groupId).execute();
  }

  /**
   * Every completed group game in the order it completed, with its seats (a ranked seat's member
   * is written at completion: assignMembersAtCompletion). Voided games do not count.
   */
  async playedGames(groupId: number, after?: GameCursor): Promise<PlayedGame[]> {
    let query = this.db
      .selectFrom('games')
      .select(['id', 'name', 'mode', 'completed_at'])
      .where('group_id', '=', groupId)
      .where('status', '=', 'completed')
      .where('voided_at', 'is', null);
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('completed_at', '>', after.completedAt),
          eb.and([eb('completed_at', '=', after.completedAt), eb('id', '>', after.gameId)]),
        ]),
      );
    }
    const games = await query.orderBy('completed_at').orderBy('id').execute();
    if (games.length === 0) return [];
    let seatQuery = this.db
      .selectFrom('game_players')
      .innerJoin('games', 'games.id', 'game_players.game_id')
      .select([
        'game_players.id',
        'game_players.game_id',
        'game_players.group_member_id',
        'game_players.player_name',
        'game_players.rank',
        'game_players.mean_difference',
        'game_players.exact_matches',
        'game_players.penalties',
        'game_players.position',
      ])
      .where('games.group_id', '=', groupId)
      .where('games.status', '=', 'completed')
      .where('games.voided_at', 'is', null);
    // The few games after the cursor (an appended completion): their seats only.
    if (after) {
      seatQuery = seatQuery.where(
        'game_players.game_id',
        'in',
        games.map((g) => g.id),
      );
    }
    const seats = await seatQuery
      .orderBy('game_players.game_id')
      .orderBy('game_players.position')
      .execute();
    const byGame = new Map<number, PlayedGame['players']>();
    for (const s of seats) {
      const list = byGame.get(s.game_id) ?? [];
      list.push({
        seatId: s.id,
        memberId: s.group_member_id,
        name: s.player_name,
        rank: s.rank,
        meanDifference: s.mean_difference,
        exactHits: s.exact_matches,
        penalties: s.penalties ?? 0,
      });
      byGame.set(s.game_id, list);
    }
    return games.map((g) => ({
      gameId: g.id,
      name: g.name,
      mode: g.mode,
      completedAt: g.completed_at ?? '',
      players: byGame.get(g.id) ?? [],
    }));
  }

  /**
   * Each member seat's readings in order, for the biggest sip (grams between two placements) and
   * what each member drank (with the round and the seat's drink).
   */
  async readings(groupId: number) {
    return this.db
      .selectFrom('measurements')
      .innerJoin('games', 'games.id', 'measurements.game_id')
      .innerJoin('game_players', 'game_players.id', 'measurements.game_player_id')
      .select([
        'measurements.game_id',
        'measurements.game_player_id',
        'game_players.group_member_id',
        'game_players.start_weight',
        'game_players.drink_abv_tenths',
        'measurements.round',
        'measurements.grams',
      ])
      .where('games.group_id', '=', groupId)
      .where('games.status', '=', 'completed')
      .where('games.voided_at', 'is', null)
      .where('game_players.group_member_id', 'is not', null)
      .orderBy('measurements.game_player_id')
      .orderBy('measurements.id')
      .execute();
  }

  /**
   * What the table's cache is keyed by: `groups.table_version`, moved by the database's triggers
   * on every change the table is computed from (migration 0051), whichever instance wrote it.
   * One primary-key lookup, so it is read on every request. Undefined for no such group.
   */
  async version(groupId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('groups')
      .select('table_version')
      .where('id', '=', groupId)
      .executeTakeFirst();
    return row && String(row.table_version);
  }

  /**
   * The table's version and whether `userId` is a current member, in one lookup: what a read
   * of a group's table needs before it answers from the kept table. Written as SQL rather than
   * built, since it runs per request and building a join cost more than running it.
   */
  async tableAccess(groupId: number, userId: number): Promise<TableAccess | undefined> {
    const { rows } = await tableAccessQuery(groupId, userId).execute(this.db);
    return rows[0] && toTableAccess(rows[0]);
  }

  /**
   * tableAccess() answered at once (SQLite, no transaction open: SyncReads), for the memory
   * lane; null when it cannot be (PostgreSQL, or a transaction under way): then ask tableAccess().
   * An answer is kept until the next commit to the database, by anyone: between commits the
   * lane's requests run no statement (docs/PERFORMANCE.md).
   */
  tableAccessNow(groupId: number, userId: number): TableAccess | undefined | null {
    if (!this.syncReads) return null;
    // Counted before the read: a commit while it runs moves the count (wal-commits.ts).
    const count = this.syncReads.commits();
    const key = `${groupId}:${userId}`;
    if (count === null || count !== this.accessCount || this.accessKept.size >= ACCESS_KEPT_MAX) {
      this.accessKept.clear();
      this.accessCount = count;
    } else if (this.accessKept.has(key)) {
      return this.accessKept.get(key);
    }
    this.accessSql ??= tableAccessQuery(0, 0).compile(this.db).sql;
    const row = this.syncReads.first<TableAccessRow>(this.accessSql, [userId, groupId]);
    if (row === null) return null;
    const access = row && toTableAccess(row);
    if (count !== null) this.accessKept.set(key, access);
    return access;
  }

  /**
   * What a change of the version is checked against (read once per change, not per request):
   * the completed group games (and how many are voided), the members and the seasons. Only games
   * appended after the last one replayed may be applied without a replay.
   */
  async shape(groupId: number): Promise<GroupShape> {
    const row = await this.db
      .selectFrom('groups')
      .select((eb) => [
        eb
          .selectFrom('games')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('group_id', '=', groupId)
          .where('status', '=', 'completed')
          .as('completed'),
        eb
          .selectFrom('games')
          .select((e) => e.fn.count<number>('voided_at').as('n'))
          .where('group_id', '=', groupId)
          .where('status', '=', 'completed')
          .as('voided'),
        eb
          .selectFrom('games')
          .select((e) => e.fn.sum<number>('id').as('n'))
          .where('group_id', '=', groupId)
          .where('status', '=', 'completed')
          .where('voided_at', 'is', null)
          .as('idSum'),
        eb
          .selectFrom('group_members')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('group_id', '=', groupId)
          .as('members'),
        eb
          .selectFrom('group_members')
          .select((e) => e.fn.max('id').as('n'))
          .where('group_id', '=', groupId)
          .as('topMember'),
      ])
      .where('id', '=', groupId)
      .executeTakeFirstOrThrow();
    return {
      completed: Number(row.completed ?? 0),
      voided: Number(row.voided ?? 0),
      idSum: Number(row.idSum ?? 0),
      members: Number(row.members ?? 0),
      topMember: Number(row.topMember ?? 0),
    };
  }
}

/** The last game a replay applied (games are replayed by completion, then id). */
export interface GameCursor {
  completedAt: string;
  gameId: number;
}

export interface GroupShape {
  completed: number;
  voided: number;
  /** The sum of the counted games' ids: a game gone and another come at once changes it. */
  idSum: number;
  members: number;
  topMember: number;
}

function toMember(row: {
  id: number;
  group_id: number;
  user_id: number | null;
  name: string;
  role: GroupRole;
  joined_at: string;
  left_at: string | null;
}): MemberRow {
  return {
    id: row.id,
    groupId: row.group_id,
    userId: row.user_id,
    name: row.name,
    role: row.role,
    joinedAt: row.joined_at,
    leftAt: row.left_at,
  };
}

/**
 * At a group game's completion (in its transaction): each seat held by an account finds its
 * member, so the seat stays the member's when the account is later deleted.
 */
export async function assignMembersAtCompletion(gameId: number, trx: Db): Promise<void> {
  const game = await trx
    .selectFrom('games')
    .select('group_id')
    .where('id', '=', gameId)
    .executeTakeFirst();
  if (!game?.group_id) return;
  const seats = await trx
    .selectFrom('game_players')
    .select(['id', 'user_id'])
    .where('game_id', '=', gameId)
    .where('group_member_id', 'is', null)
    .where('user_id', 'is not', null)
    .execute();
  for (const seat of seats) {
    const member = await trx
      .selectFrom('group_members')
      .select('id')
      .where('group_id', '=', game.group_id)
      .where('user_id', '=', seat.user_id)
      .executeTakeFirst();
    if (member) {
      await trx
        .updateTable('game_players')
        .set({ group_member_id: member.id })
        .where('id', '=', seat.id)
        .execute();
    }
  }
}

/**
 * Account deletion (account.repository.ts): the account's members stay in their groups' history
 * as "Deleted player"; a captain's role passes to the longest-standing member with an account.
 */
export async function forgetAccountInGroups(userId: number, now: Date, trx: Db): Promise<void> {
  const mine = await trx
    .selectFrom('group_members')
    .select(['id', 'group_id', 'role'])
    .where('user_id', '=', userId)
    .execute();
  for (const member of mine) {
    if (member.role === 'captain') {
      const heir = await trx
        .selectFrom('group_members')
        .select('id')
        .where('group_id', '=', member.group_id)
        .where('user_id', 'is not', null)
        .where('user_id', '!=', userId)
        .where('left_at', 'is', null)
        .orderBy('joined_at')
        .orderBy('id')
        .executeTakeFirst();
      if (heir) {
        await trx
          .updateTable('group_members')
          .set({ role: 'captain' })
          .where('id', '=', heir.id)
          .execute();
      }
    }
  }
  await trx
    .updateTable('group_members')
    .set({
      user_id: null,
      name: DELETED_PLAYER_NAME,
      role: 'member',
      left_at: now.toISOString(),
    })
    .where('user_id', '=', userId)
    .execute();
}

type TableAccess = { version: string; member: boolean };
type TableAccessRow = { table_version: number; member: number | null };

/**
 * At most this many (group, caller) answers are kept between two commits; any commit forgets
 * them all, so on a busy evening they are read again often, and on a quiet one once.
 */
const ACCESS_KEPT_MAX = 10_000;

const tableAccessQuery = (groupId: number, userId: number) => sql<TableAccessRow>`
  select g.table_version, (
    select 1 from group_members m
    where m.group_id = g.id and m.user_id = ${userId} and m.left_at is null
  ) as member
  from groups g where g.id = ${groupId}`;

const toTableAccess = (row: TableAccessRow): TableAccess => ({
  version: String(row.table_version),
  member: row.member !== null,
});
