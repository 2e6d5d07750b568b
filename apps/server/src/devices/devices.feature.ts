import type { FastifyInstance } from 'fastify';
import type { FeatureCore } from '../http/feature-core';
import type { PlayFeature } from '../game/play/play.feature';
import type { EventRouter } from '../realtime/event-router';
import type { RealtimeFeature } from '../realtime/realtime.feature';
import type { ScalesFeature } from '../scales/scales.feature';
import { BridgeRepository } from './bridge.repository';
import { registerBluetoothBridge } from './bridge.service';
import { DeviceGateway } from './device-gateway';
import { DeviceNotifier } from './device-notifier';
import { DevicePairingService } from './device-pairing.service';
import { registerDeviceSocket } from './device-socket.routes';
import { DevicesRepository } from './devices.repository';
import { PendingPairings } from './pending-pairings';
import { registerScaleWatch } from '../realtime/scale-watch';

export interface DevicePairing {
  repo: DevicesRepository;
  /** Who may speak for a scale: key check, codes, confirmation (replicated over the bus). */
  service: DevicePairingService;
}

/**
 * The scales' pairing, before the scales feature and the gateway (each needs it); a scale's
 * settings come from the scales feature once it exists (`settingsFor`).
 */
export function devicePairingFeature(
  { db, bus }: FeatureCore,
  settingsFor: (mac: string) => Promise<Record<string, string>>,
): DevicePairing {
  const repo = new DevicesRepository(db);
  return { repo, service: new DevicePairingService(repo, new PendingPairings(), bus, settingsFor) };
}

export interface DevicesFeature {
  gateway: DeviceGateway;
  /** Stops the bus -> device commands, after the sockets closed. */
  stopNotifying: () => void;
  /** /ws/device, in the sockets' own context. */
  registerSocket(sockets: FastifyInstance): void;
}

/**
 * The /ws/device gateway and what hangs on it: the samples to the engine, a scale's connection
 * to its game, the bus -> device commands, SELECT_SCALE and the Web Bluetooth bridge.
 */
export function devicesFeature(
  { app, db, bus, config, instanceId }: FeatureCore,
  deps: {
    pairing: DevicePairing;
    scales: ScalesFeature;
    play: PlayFeature;
    realtime: RealtimeFeature;
    events: EventRouter;
  },
): DevicesFeature {
  const { pairing, realtime } = deps;
  const scales = deps.scales.service;
  const { stepper, repo: playRepo } = deps.play;
  const gateway = new DeviceGateway(pairing.repo, pairing.service, bus, {
    instanceId,
    helloTimeoutMs: config.deviceHelloTimeoutMs,
    idleMs: config.deviceIdleMs,
    commandResendMs: config.deviceCommandResendMs,
    maxPairingPerAddress: config.maxPairingSocketsPerAddress,
    pingAnswerMs: config.devicePingAnswerMs,
    reports: {
      wifiFailed: (mac, ssid) => scales.wifiFailed(mac, ssid),
      calibrated: (mac, factor) => scales.calibrated(mac, factor),
    },
    maxPairingTotal: config.maxPairingSocketsTotal,
    onError: (err) => app.log.error({ err }, 'device gateway failed'),
    onIgnored: (type, mac) => app.log.info({ mac, type }, 'device message type ignored'),
    onNack: (mac, cmdId, error) => app.log.warn({ mac, cmdId, error }, 'device refused command'),
  });
  // The engine runs where the scale is connected: its samples go straight to the play service.
  gateway.onSample((mac, sample) => stepper.sample(mac, sample));
  gateway.onConnectionChange((mac, connected) => {
    if (connected) stepper.scaleConnected(mac).catch((err) => app.log.error({ err }, 'resume'));
    else stepper.forgetScale(mac);
  });
  const stopNotifying = new DeviceNotifier(
    bus,
    gateway,
    {
      leaderLanguage: (gameId) => playRepo.leaderLanguage(gameId),
      deviceSettings: (mac) => pairing.service.deviceSettings(mac),
      ownerLanguage: (mac) => playRepo.scaleOwnerLanguage(mac),
    },
    (err) => app.log.error({ err }, 'device notification failed'),
  ).start();
  registerScaleWatch(
    realtime.router,
    realtime.hub,
    pairing.repo,
    gateway,
    bus,
    deps.events,
    (err) => app.log.error({ err }, 'scale watch check failed'),
  );
  registerBluetoothBridge(realtime.router, gateway, new BridgeRepository(db), (err) =>
    app.log.error({ err }, 'bluetooth bridge failed'),
  );
  return {
    gateway,
    stopNotifying,
    registerSocket: (sockets) => registerDeviceSocket(sockets, gateway),
  };
}
