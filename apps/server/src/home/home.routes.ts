import { eloHistory, home } from '@beerscale/contract/api/home';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { HomeService } from './home.service';

export function registerHomeRoutes(routes: EndpointRoutes, service: HomeService): void {
  // Sent as bytes serialised once per remembered reply (json-bytes.ts); the schema documents them.
  routes.add(
    home,
    async ({ me, request, reply }) => (await service.homeBytes(me)).send(request, reply),
    { fromMemory: ({ me }) => service.homeBytesAtHand(me) },
  );
  routes.add(eloHistory, async ({ params }) => service.eloHistory(params.id), {
    compressible: true,
  });
}
