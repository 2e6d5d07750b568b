import { randomBytes } from 'node:crypto';
import { createFastGameBodySchema, type CreateFastGameBody } from '@beerscale/contract/fast-games';
import type { GameState } from '@beerscale/contract/game-state';
import { GROUP_REFUSALS } from '@beerscale/contract/group-messages';
import { sameNameKey } from '@beerscale/contract/names';
import {
  DEFAULT_POINTS,
  TOURNAMENT_DEFAULTS,
  TOURNAMENT_REFUSALS,
  type CreateTournamentBody,
  type TournamentReply,
  type TournamentWatchReply,
} from '@beerscale/contract/tournaments';
import type { Language } from '@beerscale/contract/profile';
import type { AuthContext } from '../auth/auth.service';
import type { TableCard } from '../cards/table-card';
import { text } from '../i18n/catalogue';
import type { GameLeader } from '../game/fast/fast-games.service';
import { GROUP_NOT_FOUND } from '../groups/group-policy';
import type { GroupsService } from '../groups/groups.service';
import type { MemberRow } from '../groups/groups.repository';
import { badRequest, conflict, forbidden, notFound } from '../http/http-error';
import { parseInput } from '../http/validate';
import { rulesJson } from '../game/play/set-up-rules';
import {
  deriveTournament,
  initialRows,
  type Entry,
  type TournamentConfig,
} from './tournament-rules';
import type { TournamentRow, TournamentsRepository } from './tournaments.repository';

const TOURNAMENT_NOT_FOUND = () => notFound('Not found: tournament');

/** What a tournament keeps for its games (the `settings` JSON). */
interface Settings extends TournamentConfig {
  rules: CreateTournamentBody['rules'] | null;
  containerType: CreateTournamentBody['containerType'];
  rounds: number | null;
  adultsConfirmed: boolean;
}

export interface TournamentPorts {
  groups: Pick<GroupsService, 'memberOf' | 'allMembers' | 'seasonRatings'>;
  /** Sets a group fast game up for its leader (fast-games.service.ts create). */
  setUpGame(body: CreateFastGameBody, leader: GameLeader): Promise<number>;
  /** Draws a table card for an address (cards/card.service.ts forTable). */
  drawTable(card: TableCard, address: string): Promise<Buffer>;
  /** A game's snapshot, for the awards and the table screen's live games. */
  gameState(gameId: number): Promise<GameState | null>;
}

/**
 * Tournament night (docs/ARCHITECTURE.md, Tournaments): a group's tournament and its games, which
 * are group fast games set up by "Next game" and started by their leader as usual.
 */
export class TournamentsService {
  /** One set-up at a time per tournament on this instance (a double tap on "Next game"). */
  private readonly settingUp = new Map<number, Promise<unknown>>();
  private readonly keptAwards = new Map<number, GameState['awards']>();

  constructor(
    private readonly repo: TournamentsRepository,
    private readonly ports: TournamentPorts,
  ) {}

  async create(groupId: number, body: CreateTournamentBody, me: AuthContext): Promise<number> {
    const mine = await this.ports.groups.memberOf(groupId, me.user.id);
    if (!mine) throw notFound(GROUP_NOT_FOUND.message);
    const members = new Map(
      (await this.ports.groups.allMembers(groupId))
        .filter((m) => m.leftAt === null)
        .map((m) => [m.id, m]),
    );
    const entries = body.players.map((item) => {
      const memberId =
        typeof item === 'number'
          ? item
          : typeof item === 'object' && 'memberId' in item
            ? item.memberId
            : null;
      const drink = typeof item === 'object' && item.drink ? JSON.stringify(item.drink) : null;
      if (memberId !== null) {
        const member = members.get(memberId);
        if (!member) throw conflict(GROUP_REFUSALS.notAMemberOfGroup);
        return { memberId, name: member.name, drink };
      }
      const name = typeof item === 'string' ? item : (item as { name: string }).name;
      return { memberId: null, name, drink };
    });
    const keys = entries.map((e) => (e.memberId !== null ? `#${e.memberId}` : sameNameKey(e.name)));
    const names = entries.map((e) => sameNameKey(e.name));
    if (new Set(keys).size !== keys.length || new Set(names).size !== names.length) {
      throw conflict(TOURNAMENT_REFUSALS.playerTwice);
    }
    const settings: Settings = {
      format: body.format,
      games: body.games ?? TOURNAMENT_DEFAULTS.games,
      points: body.points ?? [...DEFAULT_POINTS],
      heatSize: body.heatSize ?? TOURNAMENT_DEFAULTS.heatSize,
      qualify: body.qualify ?? TOURNAMENT_DEFAULTS.qualify,
      secondChance: body.secondChance ?? TOURNAMENT_DEFAULTS.secondChance,
      rules: body.rules ?? null,
      containerType: body.containerType,
      rounds: body.rounds ?? null,
      adultsConfirmed: body.adultsConfirmed ?? false,
    };
    if (settings.format === 'grand-prix' && entries.length > 10) {
      throw badRequest(TOURNAMENT_REFUSALS.grandPrixTable);
    }
    if (settings.format === 'heats' && entries.length <= settings.heatSize) {
      throw badRequest(TOURNAMENT_REFUSALS.heatsNeedMorePlayers);
    }
    // The house rules must fit the smallest table the night will have (400 with their message).
    rulesJson(body.rules, Math.min(entries.length, settings.heatSize));
    const ratings = await this.ports.groups.seasonRatings(groupId);
    const token = randomBytes(16).toString('base64url');
    return this.repo.transaction(async (trx) => {
      const { id, entryIds } = await this.repo.create(
        {
          groupId,
          name: body.name,
          format: settings.format,
          settings: JSON.stringify(settings),
          watchToken: token,
          entries,
        },
        new Date(),
        trx,
      );
      // Seeded by the running season's rating; a passer-by or a newcomer at 1200.
      const seeded = entryIds
        .map((entryId, i) => ({ entryId, i, elo: ratings.get(entries[i]!.memberId ?? -1) ?? 1200 }))
        .sort((a, b) => b.elo - a.elo || a.i - b.i)
        .map((s) => s.entryId);
      await this.repo.addGames(id, initialRows(settings, seeded), trx);
      return id;
    });
  }

  async list(groupId: number, me: AuthContext) {
    if (!(await this.ports.groups.memberOf(groupId, me.user.id))) {
      throw notFound(GROUP_NOT_FOUND.message);
    }
    const tournaments = await this.repo.ofGroup(groupId);
    return Promise.all(
      tournaments.map(async (t) => {
        const reply = await this.reply(t, null);
        const winner = t.status === 'finished' ? (reply.standings[0]?.name ?? null) : null;
        return {
          id: t.id,
          name: t.name,
          format: t.format,
          status: t.status,
          startedAt: t.startedAt,
          winner,
        };
      }),
    );
  }

  async get(id: number, me: AuthContext): Promise<TournamentReply> {
    const { tournament, member } = await this.load(id, me);
    return this.reply(tournament, member);
  }

  async watch(token: string): Promise<TournamentWatchReply> {
    const tournament = await this.repo.findByToken(token);
    if (!tournament) throw notFound('This watch link is not valid or has expired');
    const reply = await this.reply(tournament, null);
    const open = reply.schedule.filter(
      (g) => g.gameId !== null && (g.status === 'active' || g.status === 'configured'),
    );
    const live = (await Promise.all(open.map((g) => this.ports.gameState(g.gameId!)))).filter(
      (state): state is GameState => state !== null,
    );
    return { ...reply, live };
  }

  /**
   * "Next game": the next scheduled game is set up on the chosen scale as a group fast game. It is
   * led by the caller when they play in it, else by its first player with an account, who starts
   * it from their phone as usual.
   */
  async next(id: number, scaleAddress: string, me: AuthContext): Promise<number> {
    const previous = this.settingUp.get(id) ?? Promise.resolve();
    const run = previous.catch(() => {}).then(() => this.setUpNext(id, scaleAddress, me));
    this.settingUp.set(id, run);
    try {
      return await run;
    } finally {
      if (this.settingUp.get(id) === run) this.settingUp.delete(id);
    }
  }

  private async setUpNext(id: number, scaleAddress: string, me: AuthContext): Promise<number> {
    const { tournament, member } = await this.load(id, me);
    if (tournament.status !== 'running') throw conflict(TOURNAMENT_REFUSALS.tournamentOver);
    const settings = JSON.parse(tournament.settings) as Settings;
    const [entries, rows] = await Promise.all([this.repo.entries(id), this.repo.schedule(id)]);
    const derived = deriveTournament(settings, toEntries(entries), rows, false);
    if (derived.next === null) throw conflict(TOURNAMENT_REFUSALS.nothingToSetUp);
    const row = rows[derived.next]!;
    const players = derived.schedule[derived.next]!.players.map((p) =>
      entries.find((e) => e.id === p.entryId)!,
    );
    const members = new Map(
      (await this.ports.groups.allMembers(tournament.groupId)).map((m) => [m.id, m]),
    );
    const accountOf = (e: (typeof entries)[number]) =>
      e.memberId !== null ? members.get(e.memberId) : undefined;
    const leaderEntry =
      players.find((e) => e.memberId === member.id) ??
      players.find((e) => {
        const m = accountOf(e);
        return m?.userId != null && m.leftAt === null;
      });
    const leader = leaderEntry && accountOf(leaderEntry);
    if (!leaderEntry || !leader || leader.userId === null) {
      throw conflict(TOURNAMENT_REFUSALS.heatNeedsAnAccount);
    }
    const lineUp = [leaderEntry, ...players.filter((e) => e !== leaderEntry)];
    const body = parseInput(createFastGameBodySchema, {
      groupId: tournament.groupId,
      players: lineUp.map((e, i) => {
        const drink = e.drink ? { drink: JSON.parse(e.drink) as unknown } : {};
        if (i === 0) return { name: leader.name, ...drink };
        return e.memberId !== null
          ? { memberId: e.memberId, ...drink }
          : { name: e.name, ...drink };
      }),
      scaleAddress,
      containerType: settings.containerType,
      ...(settings.rounds !== null ? { rounds: settings.rounds } : {}),
      ...(settings.rules ? { rules: settings.rules } : {}),
      ...(settings.adultsConfirmed ? { adultsConfirmed: true } : {}),
    });
    const gameId = await this.ports.setUpGame(body, {
      user: { id: leader.userId, playerName: leader.name },
    });
    const claimed = await this.repo.claim(
      row.id,
      { gameId, lineUp: lineUp.map((e) => e.id), scaleMac: body.scaleAddress },
      await this.repo.previousGame(row.id),
    );
    if (!claimed) throw conflict(TOURNAMENT_REFUSALS.nothingToSetUp);
    return gameId;
  }

  /** The standings as a share card (PNG) in the reader's language. */
  async card(id: number, language: Language, me: AuthContext, address: string): Promise<Buffer> {
    return this.ports.drawTable(await this.cardWords(id, language, me), address);
  }

  private async cardWords(id: number, language: Language, me: AuthContext): Promise<TableCard> {
    const { tournament, member } = await this.load(id, me);
    const reply = await this.reply(tournament, member);
    const t = (key: string, values?: Record<string, string | number>) =>
      text(language, key, values);
    return {
      title: tournament.name,
      subtitle: t(tournament.format === 'grand-prix' ? 'card.grandPrix' : 'card.heats'),
      rows: reply.standings.map((s) => ({
        place: s.place,
        name: s.name,
        figure: t('card.points', { count: s.points }),
        detail: t('card.games', { count: s.games }),
      })),
    };
  }

  async leave(id: number, entryId: number, me: AuthContext): Promise<void> {
    const { tournament, member } = await this.load(id, me);
    if (tournament.status !== 'running') throw conflict(TOURNAMENT_REFUSALS.tournamentOver);
    const entry = (await this.repo.entries(id)).find((e) => e.id === entryId);
    if (!entry) throw notFound(TOURNAMENT_REFUSALS.notInTournament);
    if (member.role !== 'captain' && entry.memberId !== member.id) {
      throw forbidden(GROUP_REFUSALS.captainOnly);
    }
    await this.repo.leave(entryId, id, new Date());
  }

  async finish(id: number, me: AuthContext): Promise<void> {
    const { tournament, member } = await this.load(id, me);
    if (member.role !== 'captain') throw forbidden(GROUP_REFUSALS.captainOnly);
    if (tournament.status !== 'running' || !(await this.repo.finish(id, new Date()))) {
      throw conflict(TOURNAMENT_REFUSALS.tournamentOver);
    }
  }

  /** The tournament and the caller's membership of its group (others: 404). */
  private async load(
    id: number,
    me: AuthContext,
  ): Promise<{ tournament: TournamentRow; member: MemberRow }> {
    const tournament = await this.repo.find(id);
    if (!tournament) throw TOURNAMENT_NOT_FOUND();
    const member = await this.ports.groups.memberOf(tournament.groupId, me.user.id);
    if (!member) throw TOURNAMENT_NOT_FOUND();
    return { tournament, member };
  }

  private async reply(
    tournament: TournamentRow,
    member: MemberRow | null,
  ): Promise<TournamentReply> {
    const settings = JSON.parse(tournament.settings) as Settings;
    const [entries, rows] = await Promise.all([
      this.repo.entries(tournament.id),
      this.repo.schedule(tournament.id),
    ]);
    const finished = tournament.status === 'finished';
    const derived = deriveTournament(settings, toEntries(entries), rows, finished);
    const running = !finished;
    return {
      id: tournament.id,
      groupId: tournament.groupId,
      name: tournament.name,
      format: tournament.format,
      status: tournament.status,
      startedAt: tournament.startedAt,
      finishedAt: tournament.finishedAt,
      now: new Date().toISOString(),
      standings: derived.standings,
      schedule: derived.schedule,
      next: derived.next,
      awards: await this.awards(rows, entries),
      watchPath: `/t/${tournament.watchToken}`,
      can: {
        next: running && member !== null && derived.next !== null,
        finish: running && member?.role === 'captain',
        leave: running && member !== null,
      },
    };
  }

  /** The night's awards: each game's awards counted per player. */
  /**
   * A completed game's awards, read once: the tournament page and the table screen read the
   * tournament every few seconds, and a game's snapshot is most of a read's cost.
   */
  private async awardsOf(gameId: number): Promise<GameState['awards']> {
    const kept = this.keptAwards.get(gameId);
    if (kept) return kept;
    const awards = (await this.ports.gameState(gameId))?.awards ?? [];
    this.keptAwards.set(gameId, awards);
    if (this.keptAwards.size > KEPT_AWARDS) {
      this.keptAwards.delete(this.keptAwards.keys().next().value!);
    }
    return awards;
  }

  private async awards(
    rows: Awaited<ReturnType<TournamentsRepository['schedule']>>,
    entries: { id: number; name: string }[],
  ) {
    const completed = rows.filter((r) => r.gameStatus === 'completed' && r.gameId && r.lineUp);
    if (completed.length === 0) return [];
    const seats = await this.repo.seatPositions(completed.map((r) => r.gameId!));
    const counts = new Map<string, { kind: string; entryId: number; count: number }>();
    for (const row of completed) {
      for (const award of await this.awardsOf(row.gameId!)) {
        const seat = seats.get(award.playerId);
        const entryId = seat ? row.lineUp![seat.position] : undefined;
        if (entryId === undefined) continue;
        const key = `${award.id}:${entryId}`;
        const current = counts.get(key) ?? { kind: award.id, entryId, count: 0 };
        current.count += 1;
        counts.set(key, current);
      }
    }
    const names = new Map(entries.map((e) => [e.id, e.name]));
    return [...counts.values()]
      .map((a) => ({ ...a, name: names.get(a.entryId) ?? '' }))
      .sort((a, b) => a.kind.localeCompare(b.kind) || b.count - a.count);
  }
}

/** Completed games whose awards are kept: a finished game's awards never change. */
const KEPT_AWARDS = 2_000;

function toEntries(
  rows: { id: number; memberId: number | null; name: string; leftAt: string | null }[],
): Entry[] {
  return rows.map((r) => ({
    id: r.id,
    memberId: r.memberId,
    name: r.name,
    left: r.leftAt !== null,
  }));
}
