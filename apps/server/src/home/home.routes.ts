import { eloHistory, home } from '@beerscale/contract/api/home';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { HomeService } from './home.service';

export function registerHomeRoutes(routes: EndpointRoutes, service: HomeService): void {
  routes.add(home, async ({ me }) => service.home(me), { compressible: true });
  routes.add(eloHistory, async ({ params }) => service.eloHistory(params.id), {
    compressible: true,
  });
}
