import {
  endWatchEvening,
  renewWatchLink,
  watchLink,
  watchState,
} from '@beerscale/contract/api/watch';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { WatchService } from './watch.service';

export function registerWatchRoutes(routes: EndpointRoutes, watch: WatchService): void {
  routes.add(watchLink, async ({ params, me }) => watch.link(params.id, me));
  routes.add(renewWatchLink, async ({ params, me }) => watch.renew(params.id, me));
  routes.add(endWatchEvening, async ({ params, me }) => {
    await watch.endEvening(params.id, me);
    return { message: 'The watch link stays on this game' };
  });
  routes.add(watchState, async ({ params }) => ({ game: await watch.state(params.token) }));
}
