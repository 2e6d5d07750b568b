import type { DevicePairing } from '../devices/devices.feature';
import type { OnlineCheck } from '../devices/device-presence';
import type { FeatureCore } from '../http/feature-core';
import type { EndpointRoutes } from '../http/register-endpoint';
import { ScaleSettingsRepository } from './scale-settings.repository';
import { registerScalesRoutes } from './scales.routes';
import { ScalesService } from './scales.service';
import type { SettingsCipher } from './settings-cipher';

export interface ScalesFeature {
  /** The registry and settings; the gateway hears the scales' reports through it. */
  service: ScalesService;
  register(routes: EndpointRoutes): void;
}

/** The scale registry and settings (the WiFi password under the settings cipher). */
export function scalesFeature(
  { db, bus, config }: FeatureCore,
  deps: { settingsCipher: SettingsCipher; pairing: DevicePairing; isOnline: OnlineCheck },
): ScalesFeature {
  const service = new ScalesService(
    new ScaleSettingsRepository(db),
    deps.settingsCipher,
    bus,
    deps.isOnline,
    deps.pairing.service,
    config.pairingApproval,
  );
  return { service, register: (routes) => registerScalesRoutes(routes, service) };
}
