import type { Db } from '../../db/database';
import type { GameRow } from '../../db/schema';
import type { Rate } from '../../rating/game-rating';
import { gameRatingReasons, type GameFigures } from '../../rating/rating-rules';
import type { GameCompletionRepository } from './game-completion.repository';
import type { Standing } from './engine-port';
import type { PlayRepository } from './play.repository';

export type FinishOutcome = 'completed' | 'cancelled' | 'already';

/**
 * What a finished engine means for the tables, inside the transaction of the step that
 * finished it: rank, count and rate (exactly once), or cancel a game with no complete round.
 */
export class GameResults {
  constructor(
    private readonly repo: PlayRepository,
    private readonly completion: GameCompletionRepository,
    private readonly rate: Rate,
  ) {}

  async apply(
    game: GameRow,
    standings: Standing[],
    now: Date,
    trx: Db,
    finishedEarly: GameFigures['finishedEarly'] = null,
  ): Promise<FinishOutcome> {
    if (standings.length === 0) {
      // Ended before any round was scored: nothing to rank, nobody's statistics move.
      await this.repo.cancel(game.id, now, trx);
      return 'cancelled';
    }
    const applied = await this.completion.complete(
      {
        gameId: game.id,
        mode: game.mode,
        standings: standings.map((s) => ({
          gamePlayerId: s.playerId,
          rank: s.rank,
          meanDifference: s.meanDifference,
          exactMatches: s.exactMatches,
          bestDifference: s.bestDifference,
          penalties: s.penalties ?? 0,
          team: s.team ?? null,
        })),
        rate: this.rate,
        now,
        // Typed readings stay possible (a scale can misbehave), but a ranked game mostly typed,
        // or ended by its leader before half its rounds, proves nothing: it must not move the
        // leaderboard.
        reasons:
          game.mode === 'ranked'
            ? gameRatingReasons({
                ...(await this.repo.readingCounts(game.id, trx)),
                finishedEarly,
              })
            : [],
      },
      trx,
    );
    return applied ? 'completed' : 'already';
  }
}
