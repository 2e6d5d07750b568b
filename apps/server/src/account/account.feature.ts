import type { AuthFeature } from '../auth/auth.feature';
import type { GamesFeature } from '../game/lobby/games.feature';
import type { FeatureCore } from '../http/feature-core';
import type { EndpointRoutes } from '../http/register-endpoint';
import { AccountAdminService } from './account-admin.service';
import { AccountRepository } from './account.repository';
import { registerAccountRoutes } from './account.routes';
import { AccountService } from './account.service';
import { PasswordResetsRepository } from './password-resets.repository';

/**
 * The player's own account (password, signed-in devices, deletion leaving or cancelling the
 * open lobbies, export, reset links) and the operator's duties towards accounts; GET /api/site.
 */
export function registerAccountFeature(
  { db, bus, config }: FeatureCore,
  routes: EndpointRoutes,
  deps: { auth: AuthFeature; games: GamesFeature },
): void {
  const { service: games, repo: gamesRepo } = deps.games;
  const repo = new AccountRepository(db);
  const resets = new PasswordResetsRepository(db);
  const account = new AccountService(repo, deps.auth.sessions, resets, deps.auth.limiter, bus, {
    leave: (gameId, me) => games.leave(gameId, me),
    cancel: (gameId, me) => games.cancel(gameId, me),
    openGamesOf: (userId) => gamesRepo.openGamesOf(userId),
  });
  registerAccountRoutes(routes, account, new AccountAdminService(repo, resets, account), {
    imprintUrl: config.imprintUrl ?? null,
    privacyUrl: config.privacyUrl ?? null,
    helpUrl: config.helpUrl ?? null,
    publicUrl: config.publicUrl ?? null,
  });
}
