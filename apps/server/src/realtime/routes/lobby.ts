import type { ServerToBrowser } from '@beerscale/contract/browser-socket';
import type { BusEvents } from '../bus-events';

/** One browser message and the users whose sockets get it. */
export interface Delivery {
  to: number[];
  message: ServerToBrowser;
}

const except = (ids: number[], id: number) => ids.filter((other) => other !== id);

/**
 * The ranked lobby's facts worded for the people concerned (the invitee, the line-up, the leader:
 * docs/ARCHITECTURE.md, How a live event flows), in sending order.
 */
export const LOBBY_MESSAGES = {
  'invite.created': (e) => [
    {
      to: [e.inviteeId],
      message: {
        type: 'GAME_INVITATION',
        invitationId: e.inviteId,
        gameId: e.gameId,
        gameName: e.gameName,
        inviter: { playerId: e.inviterId, playerName: e.inviterName },
      },
    },
  ],
  'invite.cancelled': (e) => [
    {
      to: [e.inviteeId],
      message: {
        type: 'INVITATION_CANCELLED',
        invitationId: e.inviteId,
        gameId: e.gameId,
        gameName: e.gameName,
      },
    },
  ],
  'invite.declined': (e) => [
    {
      to: [e.leaderId],
      message: { type: 'INVITATION_RESPONSE', status: 'declined', ...playerRef(e) },
    },
  ],
  'participant.joined': (e) => [
    {
      to: [e.leaderId],
      message: { type: 'INVITATION_RESPONSE', status: 'accepted', ...playerRef(e) },
    },
    { to: e.memberIds, message: { type: 'PLAYER_JOINED', ...playerRef(e) } },
    { to: e.memberIds, message: { type: 'PARTICIPANTS_UPDATED', gameId: e.gameId } },
  ],
  'player.kicked': (e) => [
    {
      to: [e.playerId],
      message: { type: 'PLAYER_KICKED', gameId: e.gameId, gameName: e.gameName },
    },
    { to: e.memberIds, message: { type: 'PLAYER_KICKED_NOTIFICATION', ...playerRef(e) } },
    { to: e.memberIds, message: { type: 'PARTICIPANTS_UPDATED', gameId: e.gameId } },
  ],
  'player.left': (e) => [
    { to: e.memberIds, message: { type: 'PLAYER_LEFT', ...playerRef(e) } },
    { to: e.memberIds, message: { type: 'PARTICIPANTS_UPDATED', gameId: e.gameId } },
  ],
  'participant.renamed': (e) => [
    { to: e.memberIds, message: { type: 'PARTICIPANTS_UPDATED', gameId: e.gameId } },
  ],
  'order.changed': (e) => [
    {
      to: except(e.memberIds, e.leaderId),
      message: { type: 'PARTICIPANTS_UPDATED', gameId: e.gameId },
    },
  ],
  // The members' lobbies show the set-up (scale, container, rounds): without this they stayed
  // on "waiting for the leader to set up" until something else refreshed them.
  'lobby.set-up': (e) => [
    {
      to: except(e.memberIds, e.leaderId),
      message: { type: 'PARTICIPANTS_UPDATED', gameId: e.gameId },
    },
  ],
  'lobby.started': (e) => [
    {
      to: e.playerIds,
      message: { type: 'RANKED_GAME_STARTED', gameId: e.gameId, gameName: e.gameName },
    },
  ],
  // Invitees were never in the game: their invitations lapse with invite.cancelled.
  'lobby.cancelled': (e) => [
    {
      to: except(e.memberIds, e.leaderId),
      message: { type: 'GAME_DELETED', gameId: e.gameId, gameName: e.gameName },
    },
  ],
} satisfies { [K in keyof BusEvents]?: (event: BusEvents[K]) => Delivery[] };

export type LobbyFact = keyof typeof LOBBY_MESSAGES;

function playerRef(e: { gameId: number; playerId: number; playerName: string }) {
  return { gameId: e.gameId, playerId: e.playerId, playerName: e.playerName };
}
