import type { DisplayPhase } from '@beerscale/contract/device-socket';
import type { ContainerType, GameMode } from '@beerscale/contract/limits';
import type { UserStatus } from '@beerscale/contract/users';
import type { Pending } from '../devices/pending-pairings';
import type { DisplayLine } from '../game/play/engine/display-lines';
import type { EventBus } from './event-bus';

/** What a game's scale should show after a step: keys with values, worded per language later. */
export interface DisplayFact {
  phase: DisplayPhase;
  player?: string;
  target?: number;
  /** The texts (game/play/engine/display-lines.ts); devices/device-notifier.ts words them. */
  lines: DisplayLine[];
}

/**
 * Everything that crosses from domain code to sockets, and between instances, is one of these:
 * facts of the domain, never a ready socket message. realtime/event-router.ts turns them into
 * browser messages, devices/device-notifier.ts into device commands. Payloads stay small
 * (under 8000 bytes, PostgreSQL NOTIFY's limit; docs/ARCHITECTURE.md): ids and short fields (names, the engine's
 * display lines); receivers read full state from the tables.
 */
export interface BusEvents {
  /**
   * A player created a game (a ranked lobby, or a fast game set up), which closed their
   * unstarted fast game if they had one.
   */
  'game.created': { gameId: number; creatorId: number; mode: GameMode };

  // The ranked lobby. `memberIds` are the game's participants after the change.
  /** The leader invited a player. */
  'invite.created': {
    inviteId: number;
    gameId: number;
    gameName: string;
    inviteeId: number;
    inviterId: number;
    inviterName: string;
  };
  /** Ended unanswered: the leader withdrew the invitation, or its game was cancelled or started. */
  'invite.cancelled': { inviteId: number; gameId: number; gameName: string; inviteeId: number };
  /** The invitee declined. */
  'invite.declined': { gameId: number; leaderId: number; playerId: number; playerName: string };
  /** The invitee accepted and joined the line-up (`memberIds`: the participants before them). */
  'participant.joined': {
    gameId: number;
    leaderId: number;
    playerId: number;
    playerName: string;
    memberIds: number[];
  };
  /** The leader removed a player. */
  'player.kicked': {
    gameId: number;
    gameName: string;
    playerId: number;
    playerName: string;
    memberIds: number[];
  };
  /** A player left the lobby. */
  'player.left': { gameId: number; playerId: number; playerName: string; memberIds: number[] };
  /**
   * A player of a game not started yet renamed themselves; the game will be played under the new
   * name (`memberIds`: the other accounts in it).
   */
  'participant.renamed': { gameId: number; playerId: number; memberIds: number[] };
  /** The leader reordered the turns. */
  'order.changed': { gameId: number; leaderId: number; memberIds: number[] };
  /**
   * The leader stored scale, container and rounds. `leaderId` and `memberIds` (the line-up)
   * let the router tell the other members' lobbies to refresh (PARTICIPANTS_UPDATED).
   */
  'lobby.set-up': { gameId: number; leaderId: number; memberIds: number[] };
  /** The leader started the game; `playerIds` are its players. */
  'lobby.started': { gameId: number; gameName: string; playerIds: number[] };
  /**
   * The leader cancelled the game (a lobby or a running game, without results). `scaleMac` is
   * set when it had been set up on a scale, whose screen must not keep it.
   */
  'lobby.cancelled': {
    gameId: number;
    gameName: string;
    leaderId: number;
    memberIds: number[];
    scaleMac: string | null;
  };

  // Running games (both modes).
  /** Who plays in which order on which scale was (re)decided: the scale is told. */
  'game.configured': {
    gameId: number;
    gameName: string;
    mac: string;
    containerType: ContainerType;
    /** Still waiting for its start (a line-up change of a set-up game). */
    waiting: boolean;
    players: { id: number; name: string; position: number }[];
  };
  /** A game started on a scale: the instance holding the scale feeds it from now on. */
  'game.started': { gameId: number; mac: string };
  /** A step of a running game was stored (a placement, a new round). */
  'game.stepped': { gameId: number; mac: string | null; displays: DisplayFact[] };
  /** The step that ended a game stored its results. */
  'game.completed': {
    gameId: number;
    gameName: string;
    mac: string | null;
    userIds: number[];
    displays: DisplayFact[];
  };
  /** A game ended before any round was complete: cancelled without results. */
  'game.cancelled': { gameId: number; gameName: string; mac: string | null };
  /** An administrator voided a ranked game: its players' ratings and figures were taken back. */
  'game.voided': { gameId: number; mac: string | null; userIds: number[] };
  /** A scale connected here: where its game stands (`setUp` when one waits for its start). */
  'scale.resumed': {
    mac: string;
    gameId: number | null;
    display: DisplayFact | null;
    setUp: { gameId: number; gameName: string } | null;
  };

  // Accounts and sessions.
  /** A player changed their player name (pages that list names, e.g. the leaderboard). */
  'user.renamed': { userId: number };
  /** These users' status (presence) was written: every instance's copy follows it. */
  'users.status-changed': { userIds: number[]; status: UserStatus };
  /** A session was revoked (logout): close its sockets wherever they are. */
  'session.revoked': { jti: string };
  /** The leader renewed a game's watch link: the old link's sockets are sent away. */
  'watch.revoked': { gameId: number };
  /** A seat was released by the leader or left: its phone's watch sockets close wherever they are. */
  'seat.released': { gameId: number; playerId: number };

  // Scales and their devices.
  /** A scale's device socket opened or closed. */
  'scale.status': { mac: string; connected: boolean };
  /** The newest weight sample of a scale (batched across instances: docs/ARCHITECTURE.md). */
  'scale.sample': { mac: string; grams: number; stable: boolean; ts: number };
  /** A scale's settings changed: its device must get them. */
  'scale.settings-changed': { mac: string };
  /** A device socket took over a scale: an older socket of it on any instance must go. */
  'device.claimed': { mac: string; connectionId: string };
  /** A scale's owner or approval changed: who may watch its live weight is decided again. */
  'scale.owner-changed': { mac: string };
  /** An administrator reset a scale's pairing key: its device is disconnected wherever it is. */
  'scale.key-reset': { mac: string };
  /** A device without a valid key shows a pairing code (every instance keeps a copy). */
  'device.pairing-opened': Pending;
  /** That device went away or its code expired. */
  'device.pairing-closed': { id: string; mac: string };
  /** Someone entered a wrong code for this address (5 drop every pending pairing of it). */
  'device.pairing-wrong-code': { mac: string };
  /** A person confirmed the code of this pairing: its device gets WELCOME with its new key. */
  'device.paired': { mac: string; pairingId: string };
  /** A scale refused a command. */
  'device.nack': { mac: string; command: string; error: string };
  /**
   * A device presents the key of a scale another instance holds: that instance PINGs its
   * connection `connectionId` and says whether it answered ("Key in use" across instances).
   */
  'device.ping-asked': { mac: string; connectionId: string; askId: string };
  'device.ping-answered': { askId: string; answered: boolean };
}

export type BusEventType = keyof BusEvents;

/**
 * The facts after which a game's snapshot is no longer what it was: the router sends GAME_STATE,
 * and scale-watch.ts decides again who may watch the game's scale (a kicked player no longer).
 */
export const GAME_CHANGES = [
  'lobby.cancelled',
  'player.kicked',
  'player.left',
  'lobby.set-up',
  'participant.renamed',
  'game.stepped',
  'game.completed',
  'game.cancelled',
  'game.voided',
] as const satisfies readonly BusEventType[];

export type GameChange = (typeof GAME_CHANGES)[number];

/** Hears every fact of GAME_CHANGES with the game it names. */
export function onGameChange(bus: EventBus, handler: (gameId: number) => void): () => void {
  const offs = GAME_CHANGES.map((type) =>
    bus.subscribe(type, (event: { gameId: number }) => handler(event.gameId)),
  );
  return () => offs.forEach((off) => off());
}
