import { seesGame } from '../game/lobby/game-visibility.repository';
import type { Db } from '../db/database';

/** All SQL of watch links: one row per game, replaced when the leader renews it. */
export class WatchLinksRepository {
  constructor(private readonly db: Db) {}

  /** The game with its leader, and whether `userId` sees it (a player, or invited to its lobby). */
  async gameFor(gameId: number, userId: number) {
    const game = await this.db
      .selectFrom('games')
      .select(['id', 'creator_id', 'status'])
      .where('id', '=', gameId)
      .executeTakeFirst();
    if (!game) return null;
    return { ...game, seenByCaller: await seesGame(this.db, gameId, userId) };
  }

  tokenOf(gameId: number): Promise<string | null> {
    return this.db
      .selectFrom('watch_links')
      .select('token')
      .where('game_id', '=', gameId)
      .executeTakeFirst()
      .then((row) => row?.token ?? null);
  }

  /** Keeps the stored token when one exists (two leader tabs asking at once share one link). */
  async createIfMissing(gameId: number, token: string, now: Date): Promise<string> {
    await this.db
      .insertInto('watch_links')
      .values({ game_id: gameId, token, created_at: now.toISOString() })
      .onConflict((oc) => oc.column('game_id').doNothing())
      .execute();
    return (await this.tokenOf(gameId)) ?? token;
  }

  async replace(gameId: number, token: string, now: Date): Promise<void> {
    await this.db
      .insertInto('watch_links')
      .values({ game_id: gameId, token, created_at: now.toISOString() })
      .onConflict((oc) =>
        oc.column('game_id').doUpdateSet({ token, created_at: now.toISOString() }),
      )
      .execute();
  }

  /**
   * Play again: the leader's newest link that still follows moves from its ended game to the
   * game just created (`gameId`). Conditional on the row still pointing where it was read, so of
   * several instances hearing the same fact one moves it; an ended game only: a link of an open
   * game stays. Returns the game it moved from, or null.
   */
  async followNext(creatorId: number, gameId: number, openSince: Date): Promise<number | null> {
    const from = await this.db
      .selectFrom('watch_links')
      .innerJoin('games', 'games.id', 'watch_links.game_id')
      .select('games.id')
      .where('games.creator_id', '=', creatorId)
      .where('games.id', '!=', gameId)
      .where('watch_links.follows', '=', 1)
      .where('games.status', 'in', ['completed', 'cancelled'])
      .where('games.completed_at', '>=', openSince.toISOString())
      .orderBy('games.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!from) return null;
    const taken = await this.tokenOf(gameId);
    if (taken !== null) return null;
    const moved = await this.db
      .updateTable('watch_links')
      .set({ game_id: gameId })
      .where('game_id', '=', from.id)
      .where('follows', '=', 1)
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) > 0 ? from.id : null;
  }

  /** The leader ended the evening: the game's link stays on it and follows no further. */
  async stopFollowing(gameId: number): Promise<void> {
    await this.db
      .updateTable('watch_links')
      .set({ follows: 0 })
      .where('game_id', '=', gameId)
      .execute();
  }

  /** The game each of these tokens opens now (a token that moved names its new game). */
  gamesOfTokens(tokens: string[]) {
    if (tokens.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('watch_links')
      .select(['token', 'game_id', 'follows'])
      .where('token', 'in', tokens)
      .execute();
  }

  /** The game a token opens, with what decides whether it still may. */
  findByToken(token: string) {
    return this.db
      .selectFrom('watch_links')
      .innerJoin('games', 'games.id', 'watch_links.game_id')
      .select([
        'games.id as gameId',
        'games.status',
        'games.completed_at as completedAt',
        'watch_links.follows',
      ])
      .where('watch_links.token', '=', token)
      .executeTakeFirst();
  }
}
