import { finishGame, gameState, typedReading, validateGame } from '@beerscale/contract/api/play';
import type { EndpointRoutes } from '../http/register-endpoint';
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
}
