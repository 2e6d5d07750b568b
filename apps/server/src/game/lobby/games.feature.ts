import type { OnlineCheck } from '../../devices/device-presence';
import type { GroupsFeature } from '../../groups/groups.feature';
import type { FeatureCore } from '../../http/feature-core';
import type { EndpointRoutes } from '../../http/register-endpoint';
import type { PlayFeature } from '../play/play.feature';
import type { RealtimeFeature } from '../../realtime/realtime.feature';
import { joinCodeOf } from '../../seats/seats.feature';
import { GamesRepository } from './games.repository';
import { registerGamesRoutes } from './games.routes';
import { GamesService } from './games.service';
import { registerInvitesRoutes } from './invites.routes';
import { InvitesService } from './invites.service';
import { registerParticipantOrder } from './participant-order';

export interface GamesFeature {
  service: GamesService;
  invites: InvitesService;
  /** The lobbies' table: the account's open games, the lobby's drink. */
  repo: GamesRepository;
  /** The lobby's endpoints, replies with the join code (the drink's, the invitations' follow). */
  registerLobby(routes: EndpointRoutes): void;
  registerInvites(routes: EndpointRoutes): void;
}

/**
 * The ranked lobby: invitations (limited per game and per inviter), turn order (also over the
 * browser socket), kick, leave, cancel, set-up and start, handed to the play service to run.
 */
export function gamesFeature(
  { db, bus, config }: FeatureCore,
  deps: {
    play: PlayFeature;
    groups: GroupsFeature;
    realtime: Pick<RealtimeFeature, 'router'>;
    isOnline: OnlineCheck;
  },
): GamesFeature {
  const { service: play } = deps.play;
  const { service: groups } = deps.groups;
  const repo = new GamesRepository(db);
  const service = new GamesService(repo, play, bus, deps.isOnline, groups);
  const invites = new InvitesService(
    repo,
    play,
    bus,
    config.invitesPerGamePerMinute ?? 30,
    config.invitesPerUserPerHour ?? 60,
    groups,
  );
  registerParticipantOrder(deps.realtime.router, service);
  return {
    service,
    invites,
    repo,
    registerLobby: (routes) => registerGamesRoutes(routes, service, joinCodeOf(db)),
    registerInvites: (routes) => registerInvitesRoutes(routes, invites),
  };
}
