import { RATING_RULES, type AdminReportsReply, type ReportBody } from '@beerscale/contract/rating';
import { REPORT_REFUSALS } from '@beerscale/contract/refusal-messages';
import type { AuthContext } from '../auth/auth.service';
import { GAME_NOT_FOUND } from '../games/game-policy';
import { conflict, notFound } from '../http/http-error';
import type { EventBus } from '../realtime/event-bus';
import type { ReportsRepository } from './reports.repository';

/**
 * Reports and voids: any participant of a completed ranked game may report it, once, within
 * RATING_RULES.reportWindowHours of its end; an administrator reads the reports and may void
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
    // A game the caller did not play in does not exist for them (ids cannot be probed).
    if (!game) throw notFound(GAME_NOT_FOUND);
    if (game.mode !== 'ranked' || game.status !== 'completed' || !game.completed_at) {
      throw conflict(REPORT_REFUSALS.notReportable);
    }
    const now = this.now();
    const deadline =
      new Date(game.completed_at).getTime() + RATING_RULES.reportWindowHours * 3_600_000;
    if (now.getTime() > deadline) throw conflict(REPORT_REFUSALS.reportTooLate);
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
      if (!game) throw notFound(GAME_NOT_FOUND);
      if (game.mode !== 'ranked' || game.status !== 'completed') {
        throw conflict(REPORT_REFUSALS.notVoidable);
      }
      if (game.voided_at !== null) throw conflict(REPORT_REFUSALS.alreadyVoided);
      return this.repo.voidGame(gameId, this.now(), trx);
    });
    this.bus.publish('game.voided', { gameId, ...voided });
  }
}
