import type { GameStatus } from '@beerscale/contract/game-state';
import type { TournamentFormat, TournamentStage } from '@beerscale/contract/tournaments';
import type { Db } from '../db/database';
import type { Row, SeatResult } from './tournament-rules';

export interface TournamentRow {
  id: number;
  groupId: number;
  name: string;
  format: TournamentFormat;
  status: 'running' | 'finished';
  settings: string;
  watchToken: string;
  startedAt: string;
  finishedAt: string | null;
}

export interface EntryRow {
  id: number;
  memberId: number | null;
  name: string;
  drink: string | null;
  leftAt: string | null;
}

export interface ScheduledRow extends Row {
  id: number;
}

/** Every query of the tournaments feature. */
export class TournamentsRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async create(
    t: {
      groupId: number;
      name: string;
      format: TournamentFormat;
      settings: string;
      watchToken: string;
      entries: { memberId: number | null; name: string; drink: string | null }[];
    },
    now: Date,
    trx: Db,
  ): Promise<{ id: number; entryIds: number[] }> {
    const { id } = await trx
      .insertInto('tournaments')
      .values({
        group_id: t.groupId,
        name: t.name,
        format: t.format,
        status: 'running',
        settings: t.settings,
        watch_token: t.watchToken,
        started_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const entryIds: number[] = [];
    for (const [position, e] of t.entries.entries()) {
      const row = await trx
        .insertInto('tournament_entries')
        .values({
          tournament_id: id,
          position,
          member_id: e.memberId,
          name: e.name,
          drink: e.drink,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      entryIds.push(row.id);
    }
    return { id, entryIds };
  }

  async addGames(
    tournamentId: number,
    rows: { stage: TournamentStage; heat: number; planned: number[] | null }[],
    trx: Db,
  ): Promise<void> {
    await trx
      .insertInto('tournament_games')
      .values(
        rows.map((r, position) => ({
          tournament_id: tournamentId,
          position,
          stage: r.stage,
          heat: r.heat,
          planned: r.planned ? JSON.stringify(r.planned) : null,
        })),
      )
      .execute();
  }

  async find(id: number, db: Db = this.db): Promise<TournamentRow | undefined> {
    const row = await db
      .selectFrom('tournaments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toTournament(row);
  }

  async findByToken(token: string): Promise<TournamentRow | undefined> {
    const row = await this.db
      .selectFrom('tournaments')
      .selectAll()
      .where('watch_token', '=', token)
      .executeTakeFirst();
    return row && toTournament(row);
  }

  async ofGroup(groupId: number): Promise<TournamentRow[]> {
    const rows = await this.db
      .selectFrom('tournaments')
      .selectAll()
      .where('group_id', '=', groupId)
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toTournament);
  }

  async entries(tournamentId: number, db: Db = this.db): Promise<EntryRow[]> {
    const rows = await db
      .selectFrom('tournament_entries')
      .leftJoin('group_members', 'group_members.id', 'tournament_entries.member_id')
      .leftJoin('users', 'users.id', 'group_members.user_id')
      .select([
        'tournament_entries.id',
        'tournament_entries.member_id',
        'tournament_entries.drink',
        'tournament_entries.left_at',
        (eb) =>
          eb.fn
            .coalesce('users.player_name', 'group_members.name', 'tournament_entries.name')
            .as('name'),
      ])
      .where('tournament_entries.tournament_id', '=', tournamentId)
      .orderBy('tournament_entries.position')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      memberId: r.member_id,
      name: r.name,
      drink: r.drink,
      leftAt: r.left_at,
    }));
  }

  /** The schedule with each set-up game's status and, once completed, its results by entry. */
  async schedule(tournamentId: number, db: Db = this.db): Promise<ScheduledRow[]> {
    const rows = await db
      .selectFrom('tournament_games')
      .leftJoin('games', 'games.id', 'tournament_games.game_id')
      .select([
        'tournament_games.id',
        'tournament_games.stage',
        'tournament_games.heat',
        'tournament_games.planned',
        'tournament_games.line_up',
        'tournament_games.game_id',
        'tournament_games.scale_mac',
        'games.status',
        'games.completed_at',
      ])
      .where('tournament_games.tournament_id', '=', tournamentId)
      .orderBy('tournament_games.position')
      .execute();
    const gameIds = rows.flatMap((r) => (r.status === 'completed' && r.game_id ? [r.game_id] : []));
    const seats =
      gameIds.length === 0
        ? []
        : await db
            .selectFrom('game_players')
            .select(['game_id', 'position', 'rank', 'mean_difference', 'exact_matches'])
            .where('game_id', 'in', gameIds)
            .execute();
    return rows.map((r) => {
      const lineUp = r.line_up ? (JSON.parse(r.line_up) as number[]) : null;
      const cancelled = r.status === 'cancelled';
      const results: SeatResult[] | null =
        r.status === 'completed' && lineUp
          ? seats
              .filter((s) => s.game_id === r.game_id && s.rank !== null)
              .map((s) => ({
                entryId: lineUp[s.position] ?? -1,
                rank: s.rank!,
                meanDifference: s.mean_difference,
                exactHits: s.exact_matches,
              }))
          : null;
      return {
        id: r.id,
        stage: r.stage,
        heat: r.heat,
        planned: r.planned ? (JSON.parse(r.planned) as number[]) : null,
        // A cancelled game leaves its place in the schedule to be set up again.
        lineUp: cancelled ? null : lineUp,
        gameId: cancelled ? null : r.game_id,
        scaleMac: cancelled ? null : r.scale_mac,
        gameStatus: cancelled ? null : ((r.status ?? null) as GameStatus | null),
        completedAt: r.completed_at ?? null,
        results,
      };
    });
  }

  /** Links a set-up game to its place; false when another set-up took the place first. */
  async claim(
    rowId: number,
    game: { gameId: number; lineUp: number[]; scaleMac: string },
    previous: number | null,
  ): Promise<boolean> {
    let update = this.db
      .updateTable('tournament_games')
      .set({ game_id: game.gameId, line_up: JSON.stringify(game.lineUp), scale_mac: game.scaleMac })
      .where('id', '=', rowId);
    update =
      previous === null
        ? update.where('game_id', 'is', null)
        : update.where('game_id', '=', previous);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async previousGame(rowId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('tournament_games')
      .select('game_id')
      .where('id', '=', rowId)
      .executeTakeFirst();
    return row?.game_id ?? null;
  }

  async leave(entryId: number, tournamentId: number, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('tournament_entries')
      .set({ left_at: now.toISOString() })
      .where('id', '=', entryId)
      .where('tournament_id', '=', tournamentId)
      .where('left_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async finish(id: number, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('tournaments')
      .set({ status: 'finished', finished_at: now.toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Each game player's seat (position) by id, for the awards of the night. */
  async seatPositions(
    gameIds: number[],
  ): Promise<Map<number, { gameId: number; position: number }>> {
    if (gameIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('game_players')
      .select(['id', 'game_id', 'position'])
      .where('game_id', 'in', gameIds)
      .execute();
    return new Map(rows.map((r) => [r.id, { gameId: r.game_id, position: r.position }]));
  }
}

function toTournament(row: {
  id: number;
  group_id: number;
  name: string;
  format: TournamentFormat;
  status: 'running' | 'finished';
  settings: string;
  watch_token: string;
  started_at: string;
  finished_at: string | null;
}): TournamentRow {
  return {
    id: row.id,
    groupId: row.group_id,
    name: row.name,
    format: row.format,
    status: row.status,
    settings: row.settings,
    watchToken: row.watch_token,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}
