import { PRESENCE_GRACE_MS } from '@beerscale/contract/limits';
import type { FeatureCore } from '../http/feature-core';
import type { UsersRepository } from '../users/users.repository';
import { PresenceRepository } from './presence.repository';
import type { RealtimeFeature } from './realtime.feature';
import { PresenceService } from './presence.service';
import { UserStatuses } from './user-statuses';

/** Heartbeat and sweep period of presence, and how long a silent instance counts as alive. */
const PRESENCE_SWEEP_MS = 5_000;
const INSTANCE_STALE_MS = 20_000;

export interface PresenceFeature {
  service: PresenceService;
  /** This instance's copy of user -> status (the leaderboard's pages follow it). */
  statuses: UserStatuses;
}

/**
 * Presence (docs/ARCHITECTURE.md, Live channel and presence): the service over this
 * instance's sockets, started (its heartbeat written, its sweep running) before it returns.
 */
export async function presenceFeature(
  { app, db, bus, config, instanceId }: FeatureCore,
  deps: { usersRepo: UsersRepository; realtime: Pick<RealtimeFeature, 'hub'> },
): Promise<PresenceFeature> {
  const service = new PresenceService(
    deps.usersRepo,
    new PresenceRepository(db),
    instanceId,
    {
      graceMs: config.presenceGraceMs ?? PRESENCE_GRACE_MS,
      sweepMs: config.presenceSweepMs ?? PRESENCE_SWEEP_MS,
      instanceStaleMs: config.instanceStaleMs ?? INSTANCE_STALE_MS,
    },
    (userId) => deps.realtime.hub.socketsOf(userId),
    (err) => app.log.warn({ err }, 'presence update failed'),
    (userIds, status) => bus.publish('users.status-changed', { userIds, status }),
  );
  const statuses = new UserStatuses((ids) => deps.usersRepo.statuses(ids), bus);
  await service.start();
  return { service, statuses };
}
