import {
  callTarget,
  estimateEmpty,
  finishGame,
  gameState,
  givePenalty,
  typedReading,
  validateGame,
} from '@beerscale/contract/api/play';
import { rulePresets } from '@beerscale/contract/api/rules';
import { RULE_PRESETS, RULE_PRESET_IDS } from '@beerscale/contract/rules';
import type { EndpointRoutes } from '../../http/register-endpoint';
import type { PlayService } from './play.service';

export function registerPlayRoutes(routes: EndpointRoutes, play: PlayService): void {
  routes.add(gameState, async ({ params, me }) => ({ game: await play.state(params.id, me) }), {
    compressible: true,
  });
  routes.add(validateGame, async ({ params, me }) => play.validate(params.id, me));
  routes.add(typedReading, async ({ params, body, me }) => ({
    game: await play.manualReading(params.id, body.grams, me),
  }));
  routes.add(finishGame, async ({ params, me }) => ({ game: await play.finish(params.id, me) }));
  routes.add(callTarget, async ({ params, body, me }) => ({
    game: await play.callTarget(params.id, body.amount, me),
  }));
  routes.add(givePenalty, async ({ params, body, me }) => ({
    game: await play.give(params.id, body.toPlayerId, me),
  }));
  routes.add(estimateEmpty, async ({ params, body, me }) => ({
    game: await play.estimate(params.id, body.playerId, body.grams, me),
  }));
  routes.add(rulePresets, async () =>
    RULE_PRESET_IDS.map((id) => ({ id, rules: RULE_PRESETS[id] })),
  );
}
