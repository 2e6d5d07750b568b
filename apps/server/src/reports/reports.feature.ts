import type { FeatureCore } from '../http/feature-core';
import type { EndpointRoutes } from '../http/register-endpoint';
import { ReportsRepository } from './reports.repository';
import { registerReportsRoutes } from './reports.routes';
import { ReportsService } from './reports.service';

/** A player's report of a game (the rating's review). */
export function registerReportsFeature({ db, bus }: FeatureCore, routes: EndpointRoutes): void {
  registerReportsRoutes(routes, new ReportsService(new ReportsRepository(db), bus));
}
