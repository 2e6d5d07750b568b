import {
  awaitingScales,
  checkScales,
  pairScale,
  resetOwnScaleKey,
  scaleSettings,
  scales as listScales,
  updateSettings,
  updateWifi,
} from '@beerscale/contract/api/scales';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { ScalesService } from './scales.service';

export function registerScalesRoutes(routes: EndpointRoutes, scales: ScalesService): void {
  routes.add(checkScales, async ({ me }) => ({ hasScales: await scales.hasScales(me) }));
  routes.add(listScales, async ({ me }) => ({ scales: await scales.list(me) }));
  routes.add(awaitingScales, async ({ me }) => ({ scales: await scales.awaiting(me) }));
  routes.add(scaleSettings, async ({ params, me }) => scales.read(params.mac, me));
  routes.add(updateWifi, async ({ params, body, me }) => {
    await scales.updateWifi(params.mac, body, me);
    return { message: 'WiFi settings updated' };
  });
  routes.add(updateSettings, async ({ params, body, me }) => {
    await scales.updateGeneral(params.mac, body, me);
    return { message: 'Settings updated' };
  });
  routes.add(resetOwnScaleKey, async ({ params, me }) => {
    await scales.resetKey(params.mac, me);
    return { message: 'Pairing key reset' };
  });
  routes.add(pairScale, async ({ params, body, me }) => {
    await scales.pair(params.mac, body.code, me);
    return { paired: true } as const;
  });
}
