import { createHash, randomBytes } from 'node:crypto';
import { GROUP_REFUSALS } from '@beerscale/contract/group-messages';
import type {
  CreateGroupBody,
  GroupDetail,
  GroupGame,
  GroupLeaderboardReply,
  GroupLinkInfo,
  GroupLinkReply,
  GroupMemberDrinks,
  GroupRecordsReply,
  HeadToHeadReply,
  MyGroup,
  PublicGroupReply,
  Season,
  GroupTableRow,
} from '@beerscale/contract/groups';
import { sameNameKey } from '@beerscale/contract/names';
import type { Language } from '@beerscale/contract/profile';
import type { AuthContext } from '../auth/auth.service';
import type { TableCard } from '../cards/table-card';
import { text } from '../i18n/catalogue';
import type { Db } from '../db/database';
import type { GroupLinkKind } from '../db/schema';
import { enforce } from '../game/game-policy';
import { conflict, notFound } from '../http/http-error';
import { JsonBytes } from '../http/json-bytes';
import { groupCsv } from './group-csv';
import { memberDrinks } from './group-drinks';
import {
  GROUP_NOT_FOUND,
  abilities,
  mayAddGuest,
  mayCaptain,
  mayClaimLinkFor,
  mayHandOver,
  mayRead,
  mayRemove,
  maySetUpGames,
} from './group-policy';
import {
  applyGame,
  biggestSips,
  championOf,
  emptyTable,
  groupRecords,
  headToHead,
  seasonOf,
  tableRows,
  type PlayedGame,
  type Sip,
  type TableState,
} from './group-table';
import type { GroupShape, GroupsRepository, MemberRow, SeasonRow } from './groups.repository';

const LINK_NOT_VALID = () => notFound(GROUP_REFUSALS.invalidGroupLink);
/** Groups whose replayed games stay in memory (each entry is checked against the database). */
const CACHED_GROUPS = 200;

interface Played {
  version: string;
  /** What the version was checked against when it changed (groups.repository.ts, shape). */
  shape: GroupShape;
  games: PlayedGame[];
  /** Every member the group ever had, and its seasons, as they were at this version. */
  members: MemberRow[];
  seasons: SeasonRow[];
  /**
   * The replay's end state by season ('all' too): ratings and counters after the last game,
   * so one more completed game is applied to it instead of replaying every game.
   */
  states: Map<string, TableState>;
  /** The records at this version, computed when first asked for. */
  records: Omit<GroupRecordsReply, 'drinks'> | null;
  /** Every reading of the group's games is read only when the records are asked for. */
  sips: Sip[] | null;
  /** What each member drank (group-drinks.ts), from the same readings; null until asked for. */
  drinks: Omit<GroupMemberDrinks, 'name'>[] | null;
  /** Tables computed from these games, by season ('all' too), named when read. */
  tables: Map<string, GroupTableRow[]>;
  /**
   * The leaderboard replies at this version, by season, serialised once: a warm table was
   * otherwise 50 rows serialised per request, most of its cost (docs/PERFORMANCE.md).
   */
  replies: Map<string, JsonBytes>;
}

/** A group fast game's line-up as the fast-game set-up stores it (docs/ARCHITECTURE.md, Groups). */
export interface GroupSeat {
  name: string;
  memberId: number | null;
}

/**
 * Groups and seasons: the rules of membership, links, seasons and the tables (group-policy.ts
 * says who may; group-table.ts computes; groups.repository.ts holds the SQL).
 */
export class GroupsService {
  private readonly played = new Map<number, Played>();
  /** One refresh per group at a time: concurrent reads of a new version share it. */
  private readonly refreshing = new Map<number, Promise<Played>>();
  /** How the last refresh went (tests and the bench: 'replay' or 'append'). */
  lastRefresh: 'replay' | 'append' | null = null;

  constructor(
    private readonly repo: GroupsRepository,
    private readonly publicUrl: string | null,
  ) {}

  async create(body: CreateGroupBody, me: AuthContext): Promise<number> {
    return this.repo.transaction((trx) =>
      this.repo.create(
        {
          name: body.name,
          emoji: body.emoji ?? null,
          captainId: me.user.id,
          captainName: me.user.playerName,
        },
        new Date(),
        trx,
      ),
    );
  }

  async mine(me: AuthContext): Promise<MyGroup[]> {
    const groups = await this.repo.myGroups(me.user.id);
    return Promise.all(
      groups.map(async (g) => {
        const seasons = await this.repo.seasons(g.id);
        const running = runningSeason(seasons);
        const table = await this.table(g.id, running.number);
        const place = table.findIndex((row) => row.memberId === g.memberId);
        return {
          id: g.id,
          name: g.name,
          emoji: g.emoji,
          role: g.role,
          members: Number(g.members),
          season: toSeason(running),
          place: place >= 0 ? place + 1 : null,
        };
      }),
    );
  }

  async detail(groupId: number, me: AuthContext): Promise<GroupDetail> {
    const member = await this.member(groupId, me);
    const group = await this.repo.group(groupId);
    if (!group) throw notFound(GROUP_NOT_FOUND.message);
    const { members, seasons } = await this.playedGames(groupId);
    const closed = await Promise.all(
      seasons
        .filter((s) => s.endedAt !== null)
        .map(async (s) => {
          const champion = championOf(await this.table(groupId, s.number));
          return {
            ...toSeason(s),
            champion: champion
              ? { memberId: champion.memberId, name: champion.name, elo: champion.elo }
              : null,
          };
        }),
    );
    const captain = member.role === 'captain';
    return {
      id: group.id,
      name: group.name,
      emoji: group.emoji,
      memberId: member.id,
      role: member.role,
      members: members
        .filter((m) => m.leftAt === null)
        .map((m) => ({ memberId: m.id, userId: m.userId, name: m.name, role: m.role })),
      season: toSeason(runningSeason(seasons)),
      seasons: [...closed, { ...toSeason(runningSeason(seasons)), champion: null }].sort(
        (a, b) => a.number - b.number,
      ),
      publicLinkOn: captain && (await this.repo.hasPublicLink(groupId)),
      lastSetup: parseSetup(group.lastSetup),
      can: abilities(member),
    };
  }

  async inviteLink(groupId: number, me: AuthContext): Promise<GroupLinkReply> {
    enforce(mayCaptain(await this.repo.membership(groupId, me.user.id)));
    return this.newLink('invite', groupId, null, `/groups/join/`);
  }

  async linkInfo(token: string): Promise<GroupLinkInfo> {
    const link = await this.repo.link(hashToken(token));
    if (!link || link.used_at !== null || link.kind === 'public') throw LINK_NOT_VALID();
    const group = await this.repo.group(link.group_id);
    if (!group) throw LINK_NOT_VALID();
    const guest = link.member_id ? await this.repo.member(link.group_id, link.member_id) : null;
    return {
      kind: link.kind,
      groupName: group.name,
      emoji: group.emoji,
      guestName: guest?.name ?? null,
    };
  }

  /** Joining with the group's invite link: a former member takes their old place back. */
  async join(token: string, me: AuthContext): Promise<{ groupId: number; memberId: number }> {
    const result = await this.repo.transaction(async (trx) => {
      await this.repo.lockUser(me.user.id, trx);
      const link = await this.repo.link(hashToken(token), trx);
      if (!link || link.kind !== 'invite') throw LINK_NOT_VALID();
      if (await this.repo.membership(link.group_id, me.user.id, trx)) {
        throw conflict(GROUP_REFUSALS.alreadyMember);
      }
      const now = new Date();
      const former = await this.repo.formerMembership(link.group_id, me.user.id, trx);
      if (former) {
        await this.repo.rejoin(former.id, now, trx);
        return { groupId: link.group_id, memberId: former.id };
      }
      const memberId = await this.repo.addMember(
        { groupId: link.group_id, userId: me.user.id, name: me.user.playerName, role: 'member' },
        now,
        trx,
      );
      return { groupId: link.group_id, memberId };
    });
    return result;
  }

  async addGuest(groupId: number, name: string, me: AuthContext): Promise<number> {
    const memberId = await this.repo.transaction(async (trx) => {
      enforce(mayAddGuest(await this.repo.membership(groupId, me.user.id, trx)));
      await this.repo.lockGroup(groupId, trx);
      const members = await this.repo.allMembers(groupId, trx);
      const key = sameNameKey(name);
      if (members.some((m) => m.leftAt === null && sameNameKey(m.name) === key)) {
        throw conflict(GROUP_REFUSALS.guestNameTaken);
      }
      return this.repo.addMember({ groupId, userId: null, name, role: 'guest' }, new Date(), trx);
    });
    return memberId;
  }

  async claimLink(groupId: number, memberId: number, me: AuthContext): Promise<GroupLinkReply> {
    const [mine, guest] = await Promise.all([
      this.repo.membership(groupId, me.user.id),
      this.repo.member(groupId, memberId),
    ]);
    enforce(mayClaimLinkFor(mine, guest));
    return this.newLink('claim', groupId, memberId, `/groups/claim/`);
  }

  /**
   * A guest's one-time link, opened by an account: the guest's whole history becomes the
   * account's. An account already in the group takes the guest's seats into its own member.
   */
  async claim(token: string, me: AuthContext): Promise<{ groupId: number; memberId: number }> {
    const tokenHash = hashToken(token);
    const result = await this.repo.transaction(async (trx) => {
      await this.repo.lockUser(me.user.id, trx);
      const link = await this.repo.link(tokenHash, trx);
      if (!link || link.kind !== 'claim' || link.member_id === null) throw LINK_NOT_VALID();
      const guest = await this.repo.member(link.group_id, link.member_id, trx);
      if (!guest || guest.role !== 'guest' || guest.leftAt !== null) throw LINK_NOT_VALID();
      if (!(await this.repo.useLink(tokenHash, new Date(), trx))) throw LINK_NOT_VALID();
      const mine = await this.repo.membership(link.group_id, me.user.id, trx);
      if (mine) {
        await this.repo.mergeGuestInto(guest.id, mine.id, trx);
        return { groupId: link.group_id, memberId: mine.id };
      }
      const former = await this.repo.formerMembership(link.group_id, me.user.id, trx);
      if (former) {
        await this.repo.rejoin(former.id, new Date(), trx);
        await this.repo.mergeGuestInto(guest.id, former.id, trx);
        return { groupId: link.group_id, memberId: former.id };
      }
      await this.repo.guestBecomesAccount(guest.id, me.user.id, trx);
      return { groupId: link.group_id, memberId: guest.id };
    });
    return result;
  }

  async remove(groupId: number, memberId: number, me: AuthContext): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const [mine, target] = await Promise.all([
        this.repo.membership(groupId, me.user.id, trx),
        this.repo.member(groupId, memberId, trx),
      ]);
      enforce(mayRemove(mine, target));
      await this.repo.leave(memberId, new Date(), trx);
    });
  }

  async handOver(groupId: number, memberId: number, me: AuthContext): Promise<void> {
    await this.repo.transaction(async (trx) => {
      await this.repo.lockGroup(groupId, trx);
      const [mine, target] = await Promise.all([
        this.repo.membership(groupId, me.user.id, trx),
        this.repo.member(groupId, memberId, trx),
      ]);
      enforce(mayHandOver(mine, target));
      await this.repo.setRole(memberId, 'captain', trx);
      await this.repo.setRole(mine!.id, 'member', trx);
    });
  }

  async newSeason(groupId: number, name: string | undefined, me: AuthContext): Promise<Season> {
    const season = await this.repo.transaction(async (trx) => {
      await this.repo.lockGroup(groupId, trx);
      enforce(mayCaptain(await this.repo.membership(groupId, me.user.id, trx)));
      return this.repo.nextSeason(groupId, name && name.length > 0 ? name : null, new Date(), trx);
    });
    return toSeason(season);
  }

  async leaderboard(
    groupId: number,
    season: number | 'all' | undefined,
    me: AuthContext,
  ): Promise<GroupLeaderboardReply> {
    const { played, which } = await this.tableAsked(groupId, season, me);
    return { season: which, rows: namedRows(played, which) };
  }

  /**
   * The leaderboard reply as bytes, serialised once per version and season: a warm table was
   * otherwise 50 rows named and serialised per request, most of its cost (docs/PERFORMANCE.md).
   */
  async leaderboardBytes(
    groupId: number,
    season: number | 'all' | undefined,
    me: AuthContext,
  ): Promise<JsonBytes> {
    const { played, which } = await this.tableAsked(groupId, season, me);
    const key = String(which);
    let bytes = played.replies.get(key);
    if (!bytes) {
      const reply: GroupLeaderboardReply = { season: which, rows: namedRows(played, which) };
      bytes = new JsonBytes(reply);
      played.replies.set(key, bytes);
    }
    return bytes;
  }

  /**
   * leaderboardBytes() when everything it needs is at hand (the memory lane): the version and
   * the caller's membership read at once (SQLite), the table kept at that version and its
   * reply made. Null otherwise, and for whatever leaderboardBytes() would refuse, which then
   * answers.
   */
  leaderboardBytesAtHand(
    groupId: number,
    season: number | 'all' | undefined,
    me: AuthContext,
  ): JsonBytes | null {
    const access = this.repo.tableAccessNow(groupId, me.user.id);
    if (!access?.member) return null;
    const played = this.played.get(groupId);
    if (!played || played.version !== access.version) return null;
    const which = season ?? runningSeason(played.seasons).number;
    return played.replies.get(String(which)) ?? null;
  }

  /** The group's games at this version and the season asked for (the running one if none). */
  private async tableAsked(groupId: number, season: number | 'all' | undefined, me: AuthContext) {
    const access = await this.repo.tableAccess(groupId, me.user.id);
    // A group that does not exist and one the caller is not in are refused alike (mayRead).
    if (!access?.member) enforce(mayRead(undefined));
    const played = await this.playedGames(groupId, access!.version);
    const which = season ?? runningSeason(played.seasons).number;
    if (which !== 'all' && !played.seasons.some((s) => s.number === which)) {
      throw notFound(GROUP_REFUSALS.unknownSeason);
    }
    return { played, which };
  }

  /** The records, and for members what each member drank (by name, never ranked). */
  async records(groupId: number, me: AuthContext): Promise<GroupRecordsReply> {
    await this.member(groupId, me);
    const [records, played, names] = await Promise.all([
      this.recordsOf(groupId),
      this.playedGames(groupId),
      this.names(groupId),
    ]);
    const { drinks } = await this.readingsOf(groupId, played);
    return {
      ...records,
      drinks: drinks
        .map((row) => ({ ...row, name: names(row.memberId) }))
        .sort((x, y) => x.name.localeCompare(y.name) || x.memberId - y.memberId),
    };
  }

  /** Every reading of the group's games, read once per version for the sips and the drinks. */
  private async readingsOf(groupId: number, played: Played) {
    if (!played.sips || !played.drinks) {
      const readings = await this.repo.readings(groupId);
      played.sips = biggestSips(readings);
      played.drinks = memberDrinks(readings);
    }
    return { sips: played.sips, drinks: played.drinks };
  }

  async headToHead(
    groupId: number,
    a: number,
    b: number,
    me: AuthContext,
  ): Promise<HeadToHeadReply> {
    await this.member(groupId, me);
    if (a === b) throw conflict(GROUP_REFUSALS.sameMember);
    const [ma, mb] = await Promise.all([
      this.repo.member(groupId, a),
      this.repo.member(groupId, b),
    ]);
    if (!ma || !mb) throw notFound(GROUP_REFUSALS.notAMemberOfGroup);
    const { games } = await this.playedGames(groupId);
    const h = headToHead(games, a, b);
    return {
      games: h.games,
      draws: h.draws,
      a: { memberId: a, name: ma.name, ...h.a },
      b: { memberId: b, name: mb.name, ...h.b },
    };
  }

  async games(groupId: number, me: AuthContext): Promise<GroupGame[]> {
    await this.member(groupId, me);
    const [{ games }, names] = await Promise.all([this.playedGames(groupId), this.names(groupId)]);
    return games
      .slice(-30)
      .reverse()
      .map((g) => ({
        gameId: g.gameId,
        name: g.name,
        mode: g.mode,
        completedAt: g.completedAt,
        players: g.players.map((p) => ({
          memberId: p.memberId,
          name: p.memberId !== null ? names(p.memberId, p.name) : p.name,
          rank: p.rank,
          meanDifference: p.meanDifference,
        })),
      }));
  }

  async exportCsv(groupId: number, me: AuthContext): Promise<string> {
    await this.member(groupId, me);
    const [{ games }, names, seasons] = await Promise.all([
      this.playedGames(groupId),
      this.names(groupId),
      this.repo.seasons(groupId),
    ]);
    return groupCsv(games, seasons, names);
  }

  async publicLink(groupId: number, me: AuthContext): Promise<GroupLinkReply> {
    enforce(mayCaptain(await this.repo.membership(groupId, me.user.id)));
    return this.newLink('public', groupId, null, `/g/`);
  }

  async revokePublicLink(groupId: number, me: AuthContext): Promise<void> {
    enforce(mayCaptain(await this.repo.membership(groupId, me.user.id)));
    await this.repo.dropLinks(groupId, 'public');
  }

  async publicGroup(token: string): Promise<PublicGroupReply> {
    const link = await this.repo.link(hashToken(token));
    if (!link || link.kind !== 'public') throw LINK_NOT_VALID();
    const group = await this.repo.group(link.group_id);
    if (!group) throw LINK_NOT_VALID();
    const seasons = await this.repo.seasons(group.id);
    const running = runningSeason(seasons);
    return {
      name: group.name,
      emoji: group.emoji,
      season: toSeason(running),
      table: await this.table(group.id, running.number),
      records: await this.recordsOf(group.id),
    };
  }

  /**
   * A group fast game's line-up, checked inside the set-up's transaction: the caller must be a
   * member and leads from the first slot; `{ memberId }` items must be current members.
   */
  async lineUp(
    groupId: number,
    players: readonly { name: string; memberId?: number }[],
    me: Pick<AuthContext, 'user'> | { user: { id: number; playerName: string } },
    trx: Db,
  ): Promise<GroupSeat[]> {
    const mine = await this.repo.membership(groupId, me.user.id, trx);
    enforce(maySetUpGames(mine));
    const members = await this.repo.allMembers(groupId, trx);
    const current = new Map(members.filter((m) => m.leftAt === null).map((m) => [m.id, m]));
    return players.map((player, position) => {
      if (position === 0) {
        if (player.memberId !== undefined && player.memberId !== mine!.id) {
          throw conflict(GROUP_REFUSALS.leaderNotInLineUp);
        }
        return { name: me.user.playerName, memberId: mine!.id };
      }
      if (player.memberId === undefined) return { name: player.name, memberId: null };
      const member = current.get(player.memberId);
      if (!member) throw conflict(GROUP_REFUSALS.notAMemberOfGroup);
      if (member.id === mine!.id) throw conflict(GROUP_REFUSALS.memberInLineUpTwice);
      return { name: member.name, memberId: member.id };
    });
  }

  /** The season's table (or the all-time one) as a card's words, in the reader's language. */
  async card(
    groupId: number,
    season: number | 'all' | undefined,
    language: Language,
    me: AuthContext,
  ): Promise<TableCard> {
    const { season: which, rows } = await this.leaderboard(groupId, season, me);
    const group = (await this.repo.group(groupId))!;
    const seasons = await this.repo.seasons(groupId);
    const named = seasons.find((s) => s.number === which)?.name;
    const t = (key: string, values?: Record<string, string | number>) =>
      text(language, key, values);
    return {
      title: group.emoji ? `${group.emoji} ${group.name}` : group.name,
      subtitle:
        which === 'all'
          ? t('card.allTime')
          : [t('card.season', { number: which }), named].filter(Boolean).join(' · '),
      rows: rows.map((row, i) => ({
        place: i + 1,
        name: row.name,
        figure: `${row.elo}${row.provisional ? '?' : ''}`,
        detail: t('card.games', { count: row.games }),
      })),
    };
  }

  /** The account's current membership of the group, if any (tournaments.service.ts). */
  memberOf(groupId: number, userId: number): Promise<MemberRow | undefined> {
    return this.repo.membership(groupId, userId);
  }

  /** Every member the group ever had, with today's names. */
  allMembers(groupId: number): Promise<MemberRow[]> {
    return this.repo.allMembers(groupId);
  }

  /** The running season's ratings by member: a tournament's heats are seeded by them. */
  async seasonRatings(groupId: number): Promise<Map<number, number>> {
    const seasons = await this.repo.seasons(groupId);
    const table = await this.table(groupId, runningSeason(seasons).number);
    return new Map(table.map((row) => [row.memberId, row.elo]));
  }

  /** Whether the account is a current member (a ranked group lobby's set-up and invitations). */
  async isMember(groupId: number, userId: number, db?: Db): Promise<boolean> {
    return (await this.repo.membership(groupId, userId, db)) !== undefined;
  }

  /** The next set-up starts from the last one (line-up, rules, container, rounds). */
  async rememberSetup(groupId: number, setup: object, trx: Db): Promise<void> {
    await this.repo.saveLastSetup(groupId, JSON.stringify(setup), trx);
  }

  private async member(groupId: number, me: AuthContext): Promise<MemberRow> {
    const member = await this.repo.membership(groupId, me.user.id);
    enforce(mayRead(member));
    return member!;
  }

  private async newLink(
    kind: GroupLinkKind,
    groupId: number,
    memberId: number | null,
    prefix: string,
  ): Promise<GroupLinkReply> {
    const token = randomBytes(16).toString('base64url');
    await this.repo.transaction((trx) =>
      this.repo.replaceLink(
        { kind, groupId, memberId, tokenHash: hashToken(token) },
        new Date(),
        trx,
      ),
    );
    const path = `${prefix}${token}`;
    return { token, url: this.publicUrl ? new URL(path, this.publicUrl).toString() : path };
  }

  private async names(groupId: number): Promise<(memberId: number, fallback?: string) => string> {
    const members = new Map((await this.playedGames(groupId)).members.map((m) => [m.id, m.name]));
    return (memberId, fallback = '') => members.get(memberId) ?? fallback;
  }

  /**
   * The group's completed games and their replay, kept per version (read on every request, so
   * another instance's change is seen at once). A new version whose only change is games
   * completed after the last one replayed applies just those games to the kept end state; any
   * other change (a void, a claim or merge, a member or season change, a game completing
   * out of order) replays every game.
   */
  private async playedGames(groupId: number, known?: string): Promise<Played> {
    const version = known ?? (await this.repo.version(groupId));
    if (version === undefined) throw notFound(GROUP_NOT_FOUND.message);
    const cached = this.played.get(groupId);
    if (cached && cached.version === version) return cached;
    const running = this.refreshing.get(groupId);
    if (running) {
      const refreshed = await running;
      if (refreshed.version === version) return refreshed;
    }
    const refresh = this.refresh(groupId, version, cached).finally(() => {
      if (this.refreshing.get(groupId) === refresh) this.refreshing.delete(groupId);
    });
    this.refreshing.set(groupId, refresh);
    return refresh;
  }

  private async refresh(groupId: number, version: string, cached?: Played): Promise<Played> {
    const [shape, members, seasons] = await Promise.all([
      this.repo.shape(groupId),
      this.repo.allMembers(groupId),
      this.repo.seasons(groupId),
    ]);
    const appended = cached ? await this.appended(groupId, cached, shape, seasons) : null;
    let played: Played;
    if (cached && appended) {
      const states = new Map(
        [...cached.states].map(([key, state]) => [key, cloneState(state)] as const),
      );
      for (const game of appended) applyToStates(states, game, seasons);
      played = {
        ...emptyPlayed(version, shape, members, seasons),
        games: [...cached.games, ...appended],
        states,
      };
      this.lastRefresh = 'append';
    } else {
      const games = await this.repo.playedGames(groupId);
      const states = new Map<string, TableState>();
      for (const game of games) applyToStates(states, game, seasons);
      played = { ...emptyPlayed(version, shape, members, seasons), games, states };
      this.lastRefresh = 'replay';
    }
    this.played.delete(groupId);
    this.played.set(groupId, played);
    if (this.played.size > CACHED_GROUPS) {
      const oldest = this.played.keys().next().value;
      if (oldest !== undefined) this.played.delete(oldest);
    }
    return played;
  }

  /**
   * The games completed since `cached`, when nothing else changed: no game voided, no member
   * added, merged or removed, the same seasons, and every new completed game after the last one
   * replayed. Null when the group must be replayed.
   */
  private async appended(
    groupId: number,
    cached: Played,
    shape: GroupShape,
    seasons: SeasonRow[],
  ): Promise<PlayedGame[] | null> {
    const before = cached.shape;
    const added = shape.completed - before.completed;
    if (
      added < 0 ||
      shape.voided !== before.voided ||
      shape.members !== before.members ||
      shape.topMember !== before.topMember ||
      !sameSeasons(seasons, cached.seasons)
    ) {
      return null;
    }
    const last = cached.games.at(-1);
    if (added === 0) return shape.idSum === before.idSum ? [] : null;
    if (!last) return null;
    const games = await this.repo.playedGames(groupId, {
      completedAt: last.completedAt,
      gameId: last.gameId,
    });
    const idSum = games.reduce((sum, g) => sum + g.gameId, before.idSum);
    return games.length === added && idSum === shape.idSum ? games : null;
  }

  /** A season's table from the kept replay, named as members are now. */
  private async table(groupId: number, season: number | 'all') {
    return namedRows(await this.playedGames(groupId), season);
  }

  private async recordsOf(groupId: number): Promise<Omit<GroupRecordsReply, 'drinks'>> {
    const played = await this.playedGames(groupId);
    if (played.records) return played.records;
    const { games, seasons } = played;
    const names = new Map(played.members.map((m) => [m.id, m.name]));
    const { sips } = await this.readingsOf(groupId, played);
    const closed = seasons.filter((s) => s.endedAt !== null);
    const tables = await Promise.all(closed.map((s) => this.table(groupId, s.number)));
    const hallOfFame = closed
      .map((s, i) => {
        const table = tables[i]!;
        const champion = championOf(table);
        return {
          season: toSeason(s),
          champion: champion
            ? { memberId: champion.memberId, name: champion.name, elo: champion.elo }
            : null,
          table,
        };
      })
      .reverse();
    played.records = {
      hallOfFame,
      records: groupRecords(games, sips, (id) => names.get(id) ?? ''),
    };
    return played.records;
  }
}

/** A season's table at this version (computed once), named as the group knows its members. */
function namedRows(played: Played, season: number | 'all'): GroupTableRow[] {
  let rows = played.tables.get(String(season));
  if (!rows) {
    rows = tableRows(played.states.get(String(season)) ?? emptyTable(), () => '');
    played.tables.set(String(season), rows);
  }
  const names = new Map(played.members.map((m) => [m.id, m.name]));
  return rows.map((row) => ({ ...row, name: names.get(row.memberId) ?? '' }));
}

function emptyPlayed(
  version: string,
  shape: GroupShape,
  members: MemberRow[],
  seasons: SeasonRow[],
): Played {
  return {
    version,
    shape,
    games: [],
    members,
    seasons,
    states: new Map(),
    records: null,
    sips: null,
    drinks: null,
    tables: new Map(),
    replies: new Map(),
  };
}

/** A game counts in the all-time table and in the season running when it completed. */
function applyToStates(states: Map<string, TableState>, game: PlayedGame, seasons: SeasonRow[]) {
  const season = seasonOf(game.completedAt, seasons);
  for (const key of season === null ? ['all'] : ['all', String(season)]) {
    let state = states.get(key);
    if (!state) {
      state = emptyTable();
      states.set(key, state);
    }
    applyGame(state, game);
  }
}

function cloneState(state: TableState): TableState {
  return new Map([...state].map(([id, t]) => [id, { ...t, form: [...t.form] }]));
}

function sameSeasons(a: SeasonRow[], b: SeasonRow[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (s, i) =>
        s.number === b[i]!.number && s.startedAt === b[i]!.startedAt && s.endedAt === b[i]!.endedAt,
    )
  );
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function runningSeason(seasons: SeasonRow[]): SeasonRow {
  const running = seasons.find((s) => s.endedAt === null) ?? seasons.at(-1);
  if (!running) throw notFound(GROUP_NOT_FOUND.message);
  return running;
}

function toSeason(s: SeasonRow): Season {
  return { number: s.number, name: s.name, startedAt: s.startedAt, endedAt: s.endedAt };
}

function parseSetup(json: string | null): GroupDetail['lastSetup'] {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as GroupDetail['lastSetup'];
    return value;
  } catch {
    return null;
  }
}
