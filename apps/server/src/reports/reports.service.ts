import type { AdminReportsReply, ReportBody } from '@beerscale/contract/rating';
import { REPORT_REFUSALS } from '@beerscale/contract/refusal-messages';
import type { AuthContext } from '../auth/auth.service';
import { enforce, mayReport, mayVoid } from '../game/game-policy';
import { conflict } from '../http/http-error';
import type { EventBus } from '../realtime/event-bus';
import type { ReportsRepository } from './reports.repository';

/**
 * Reports and voids: any participant of a completed ranked game may report it, once, within
 * RATING_RULES.reportWindowHours of its end (game-policy.ts mayReport, mayVoid); an administrator reads the reports and may void
 * the game, which takes its rating changes back from every participant.
 */
export class ReportsService {
  constructor(
    private readonly repo: ReportsRepository,
    private readonly bus: EventBus,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async report(gameId: number, body: ReportBody, me: AuthContext): Promise<void> {
    const game = await this.repo.gameOfPlayer(gameId, me.user.id);
    const now = this.now();
    enforce(mayReport(game, now));
    if (!(await this.repo.insertReport(gameId, me.user.id, body.reason, now))) {
      throw conflict(REPORT_REFUSALS.alreadyReported);
    }
  }

  async reports(): Promise<AdminReportsReply> {
    return { games: await this.repo.reportedGames() };
  }

  async voidGame(gameId: number): Promise<void> {
    const voided = await this.repo.transaction(async (trx) => {
      const game = await this.repo.lockGame(gameId, trx);
      enforce(mayVoid(game));
      return this.repo.voidGame(gameId, this.now(), trx);
    });
    this.bus.publish('game.voided', { gameId, ...voided });
  }
}
