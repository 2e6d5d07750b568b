import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { macSchema } from '@beerscale/contract/mac';
import { pairBodySchema, settingsBodySchema, wifiBodySchema } from '@beerscale/contract/scales';
import { caller } from '../http/auth-guard';
import { parseInput } from '../http/validate';
import type { ScalesService } from './scales.service';

type MacParams = { Params: { mac: string } };

export function registerScalesRoutes(
  app: FastifyInstance,
  scales: ScalesService,
  authenticated: preHandlerAsyncHookHandler,
): void {
  const base = '/api/scale-settings';

  app.get(`${base}/check-scales`, { preHandler: authenticated }, async (request) => ({
    hasScales: await scales.hasScales(caller(request)),
  }));

  app.get(`${base}/scales`, { preHandler: authenticated }, async (request) => ({
    scales: await scales.list(caller(request)),
  }));

  app.get<MacParams>(
    `${base}/scales/:mac/settings`,
    { preHandler: authenticated },
    async (request) => {
      const mac = parseInput(macSchema, request.params.mac);
      return { settings: await scales.read(mac, caller(request)) };
    },
  );

  app.put<MacParams>(`${base}/scales/:mac/wifi`, { preHandler: authenticated }, async (request) => {
    const mac = parseInput(macSchema, request.params.mac);
    const body = parseInput(wifiBodySchema, request.body);
    await scales.updateWifi(mac, body, caller(request));
    return { message: 'WiFi settings updated' };
  });

  app.put<MacParams>(
    `${base}/scales/:mac/settings`,
    { preHandler: authenticated },
    async (request) => {
      const mac = parseInput(macSchema, request.params.mac);
      const body = parseInput(settingsBodySchema, request.body);
      await scales.updateGeneral(mac, body, caller(request));
      return { message: 'Settings updated' };
    },
  );

  app.post<MacParams>(
    `${base}/scales/:mac/pair`,
    { preHandler: authenticated },
    async (request) => {
      const mac = parseInput(macSchema, request.params.mac);
      const { code } = parseInput(pairBodySchema, request.body);
      await scales.pair(mac, code, caller(request));
      return { paired: true as const };
    },
  );
}
