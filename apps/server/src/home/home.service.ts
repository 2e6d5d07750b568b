import type { HomeReply } from '@beerscale/contract/home';
import { RECENT_GAMES_LIMIT } from '@beerscale/contract/home';
import { ERRORS } from '@beerscale/contract/messages';
import type { AuthContext } from '../auth/auth.service';
import { notFound } from '../http/http-error';
import { JsonBytes } from '../http/json-bytes';
import type { HomeRepository } from './home.repository';
import { NO_FIGURES } from '@beerscale/contract/drinks';
import type { DrinksService } from '../drinks/drinks.service';
import type { RememberedHomes } from './remembered-homes';

/** The personal dashboard: only ever the caller's own figures. */
export class HomeService {
  constructor(
    private readonly repo: HomeRepository,
    private readonly remembered: RememberedHomes,
    /** Responsible play's "tonight" (drinks/). */
    private readonly drinks?: Pick<DrinksService, 'tonight'>,
  ) {}

  /** Each remembered reply's bytes, serialised (and compressed) once while it is remembered. */
  private readonly bytes = new WeakMap<HomeReply, JsonBytes>();

  home(me: AuthContext): Promise<HomeReply> {
    return this.remembered.read(me.user.id, () => this.read(me.user.id));
  }

  /**
   * The caller's home as bytes (json-bytes.ts): a remembered reply is the same object until a
   * fact drops it, so it is serialised once, not per request (docs/PERFORMANCE.md).
   */
  async homeBytes(me: AuthContext): Promise<JsonBytes> {
    return this.bytesOf(await this.home(me));
  }

  /** homeBytes() when the reply is remembered (the memory lane's answer); else null. */
  homeBytesAtHand(me: AuthContext): JsonBytes | null {
    const home = this.remembered.known(me.user.id);
    return home ? this.bytesOf(home) : null;
  }

  private bytesOf(home: HomeReply): JsonBytes {
    let bytes = this.bytes.get(home);
    if (!bytes) this.bytes.set(home, (bytes = new JsonBytes(home)));
    return bytes;
  }

  private async read(userId: number): Promise<HomeReply> {
    const [user, recent, active, tonight] = await Promise.all([
      this.repo.user(userId),
      this.repo.recentGames(userId, RECENT_GAMES_LIMIT),
      this.repo.activeGame(userId),
      this.drinks?.tonight(userId) ?? NO_FIGURES,
    ]);
    if (!user) throw notFound(ERRORS.notFound);
    const against = await this.repo.opponents(
      userId,
      recent.map((g) => g.game_id),
    );
    return {
      user: { id: user.id, username: user.username, playerName: user.player_name },
      stats: {
        current_elo: user.current_elo,
        peak_elo: user.peak_elo,
        games_played: user.games_played,
        games_won: user.games_won,
        total_exact_matches: user.total_exact_matches,
        best_mean_difference: user.best_mean_difference,
        average_mean_difference: user.average_mean_difference,
        total_penalties: user.total_penalties,
      },
      recentGames: recent.map((g) => ({
        game_id: g.game_id,
        game_name: g.game_name,
        rank: g.rank,
        created_at: g.finished_at,
        mean_difference: g.mean_difference,
        opponents: against.filter((o) => o.game_id === g.game_id).map((o) => o.player_name),
      })),
      activeGame: active ? { id: active.id, name: active.name, status: active.status } : null,
      tonight,
    };
  }

  /** A player's rating over time: public like the leaderboard it explains. */
  async eloHistory(userId: number) {
    const rows = await this.repo.eloHistory(userId);
    return rows.map((r) => ({
      gameId: r.game_id,
      gameName: r.name,
      eloBefore: r.elo_before,
      eloAfter: r.elo_after,
      recordedAt: r.recorded_at,
    }));
  }
}
