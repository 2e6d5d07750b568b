import { adminReports, reportGame, voidGame } from '@beerscale/contract/api/integrity';
import { REPORT_MESSAGES } from '@beerscale/contract/rating';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { ReportsService } from './reports.service';

export function registerReportsRoutes(routes: EndpointRoutes, reports: ReportsService): void {
  routes.add(reportGame, async ({ params, body, me }) => {
    await reports.report(params.id, body, me);
    return { message: REPORT_MESSAGES.reported };
  });
  routes.add(adminReports, async () => reports.reports());
  routes.add(voidGame, async ({ params }) => {
    await reports.voidGame(params.id);
    return { message: REPORT_MESSAGES.voided };
  });
}
