import type { ServerToBrowser } from '@beerscale/contract/browser-socket';
import type { ServerToDevice } from '@beerscale/contract/device-socket';
import type { UserStatus } from '@beerscale/contract/users';
import type { Pending } from '../devices/pending-pairings';

/**
 * Everything that crosses from domain code to sockets, and between instances, is one of these.
 * Payloads stay small (DESIGN §11: under 8000 bytes through NOTIFY): ids and short messages;
 * receivers read full state from the tables.
 */
export interface BusEvents {
  /** Deliver a browser message to every open socket of these users. */
  'users.notify': { userIds: number[]; message: ServerToBrowser };
  /** A player changed their player name (pages that list names, e.g. the leaderboard). */
  'user.renamed': { userId: number };
  /** These users' status (presence) was written: every instance's copy follows it. */
  'users.status-changed': { userIds: number[]; status: UserStatus };
  /** A session was revoked (logout): close its sockets wherever they are. */
  'session.revoked': { jti: string };
  /** A game's snapshot changed: send GAME_STATE to its players and its scale's watchers. */
  'game.changed': { gameId: number };
  /** A device on whatever instance holds its socket should get this command. */
  'device.command': { mac: string; command: ServerToDevice };
  /** A scale's device socket opened or closed. */
  'scale.status': { mac: string; connected: boolean };
  /** The newest weight sample of a scale (batched across instances, DESIGN §11). */
  'scale.sample': { mac: string; grams: number; stable: boolean; ts: number };
  /** A scale's settings changed: push SETTINGS to the device. */
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
  /** A scale refused a command: its game's leader is told. */
  'device.nack': { mac: string; command: string; error: string };
  /** A game started on a scale: the instance holding the scale feeds it from now on. */
  'game.started': { gameId: number; mac: string };
  /** The leader renewed a game's watch link: the old link's sockets are sent away. */
  'watch.revoked': { gameId: number };
}

export type BusEventType = keyof BusEvents;
