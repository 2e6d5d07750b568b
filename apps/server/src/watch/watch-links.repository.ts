import { seesGame } from '../games/game-visibility.repository';
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

  /** The game a token opens, with what decides whether it still may. */
  findByToken(token: string) {
    return this.db
      .selectFrom('watch_links')
      .innerJoin('games', 'games.id', 'watch_links.game_id')
      .select(['games.id as gameId', 'games.status', 'games.completed_at as completedAt'])
      .where('watch_links.token', '=', token)
      .executeTakeFirst();
  }
}
