import type { DevicePairing, DevicesFeature } from '../devices/devices.feature';
import type { FeatureCore } from '../http/feature-core';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { ScalesRepository } from '../scales/scales.repository';
import type { UsersRepository } from '../users/users.repository';
import { registerAdminRoutes } from './admin.routes';
import { AdminService } from './admin.service';

/** The administrator's API (the operator's CLI, admin-cli.ts, uses the same repositories). */
export function registerAdminFeature(
  { bus }: FeatureCore,
  routes: EndpointRoutes,
  deps: {
    scalesRepo: ScalesRepository;
    usersRepo: UsersRepository;
    devices: Pick<DevicesFeature, 'gateway'>;
    pairing: DevicePairing;
  },
): void {
  const { gateway } = deps.devices;
  const admin = new AdminService(
    deps.scalesRepo,
    deps.usersRepo,
    bus,
    (scale) => gateway.isOnline(scale),
    deps.pairing.service,
  );
  registerAdminRoutes(routes, admin);
}
