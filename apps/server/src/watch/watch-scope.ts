import type { GameState } from '@beerscale/contract/game-state';
import { WATCH_GRACE_MS } from '@beerscale/contract/watch';
import type { BusEvents, BusEventType } from '../realtime/bus-events';

/**
 * What a watch link receives. Anyone holding the link is a stranger: they follow one game as
 * its players see it, without what identifies accounts or hardware (the players' user ids, the
 * scale's address), and nothing of the lobby, other games, accounts or devices. A seat's phone
 * on the same socket (docs/ARCHITECTURE.md, Seats) hears the same, no more. The watch service,
 * the watch socket route and the event router ask this file instead of deciding.
 */

/** How one bus fact reaches the sockets of a watch link. */
export type WatcherDelivery =
  /** GAME_STATE of the fact's game, in the watcher's view. */
  | 'game-state'
  /** SCALE_DATA of the game's scale while the game is open, without the scale's address. */
  | 'weight'
  /** SCALE_STATUS of the game's scale, without its address. */
  | 'scale-connection'
  /** ERROR and close: the link was renewed and opens nothing any more (seats stay). */
  | 'sent-away'
  /** ERROR and close for that seat's sockets only: the seat was released or left. */
  | 'seat-ended'
  | 'held-back';

/** What each delivery needs of its fact: a delivery that does not fit a fact does not compile. */
interface DeliveryNeeds {
  'game-state': { gameId: number };
  weight: BusEvents['scale.sample'];
  'scale-connection': BusEvents['scale.status'];
  'sent-away': { gameId: number };
  'seat-ended': BusEvents['seat.released'];
  'held-back': unknown;
}

/** The deliveries a fact of type T can have. */
type DeliveriesOf<T extends BusEventType> = {
  [D in WatcherDelivery]: BusEvents[T] extends DeliveryNeeds[D] ? D : never;
}[WatcherDelivery];

/** A watch scope: every fact with one delivery that fits it. */
export type WatchScope = { readonly [T in BusEventType]: DeliveriesOf<T> };

/**
 * Every bus fact and what a watcher gets of it. Exhaustive on purpose: a new fact does not
 * compile until someone decides whether strangers may hear it. The event router delivers to
 * watchers only what this table says, for every fact (issue 42): nothing reaches a watch link
 * past it.
 */
export const WATCH_SCOPE: WatchScope = {
  'game.created': 'held-back',
  'invite.created': 'held-back',
  'invite.cancelled': 'held-back',
  'invite.declined': 'held-back',
  'participant.joined': 'held-back',
  'player.kicked': 'game-state',
  'player.left': 'game-state',
  'order.changed': 'held-back',
  // A watched game not started yet shows its line-up's names.
  'participant.renamed': 'game-state',
  'lobby.set-up': 'game-state',
  'lobby.started': 'held-back',
  'lobby.cancelled': 'game-state',
  'game.configured': 'held-back',
  'game.started': 'held-back',
  'game.stepped': 'game-state',
  // The players' GAME_COMPLETED toast is theirs; watchers see the completed state.
  'game.completed': 'game-state',
  'game.cancelled': 'game-state',
  'game.voided': 'game-state',
  'scale.resumed': 'held-back',
  'user.renamed': 'held-back',
  'users.status-changed': 'held-back',
  'session.revoked': 'held-back',
  'watch.revoked': 'sent-away',
  'seat.released': 'seat-ended',
  'scale.status': 'scale-connection',
  'scale.sample': 'weight',
  'scale.settings-changed': 'held-back',
  'device.claimed': 'held-back',
  'scale.owner-changed': 'held-back',
  'scale.key-reset': 'held-back',
  'device.pairing-opened': 'held-back',
  'device.pairing-closed': 'held-back',
  'device.pairing-wrong-code': 'held-back',
  'device.paired': 'held-back',
  // Refusals of the scale are for the leader, who can act on them.
  'device.nack': 'held-back',
  'device.ping-asked': 'held-back',
  'device.ping-answered': 'held-back',
};

/** Whether watchers of the fact's game get its new GAME_STATE. */
export const sendsWatchersState = (type: BusEventType, scope: WatchScope = WATCH_SCOPE): boolean =>
  scope[type] === 'game-state';

const ended = (status: GameState['status']) => status === 'completed' || status === 'cancelled';

/**
 * The game as a watcher sees it: no user ids, no scale address, and nothing of an account's
 * evening beyond this game (its limit and its other games tonight are the player's own; the
 * table screen's calm notice needs only `limitReached`).
 */
export function watcherView(state: GameState): GameState {
  return {
    ...state,
    scaleAddress: null,
    players: state.players.map((p) => ({
      ...p,
      userId: null,
      eveningLimit: null,
      eveningStandardDrinks: p.standardDrinks,
    })),
  };
}

/**
 * The scale whose weight and connection a watcher of this game follows: the game's scale while
 * the game is open; none once it ended, so the link relays nothing of the scale's next game.
 */
export function watchedScale(state: Pick<GameState, 'status' | 'scaleAddress'>): string | null {
  return ended(state.status) ? null : state.scaleAddress;
}

/** A weight sample as a watcher gets it: the scale's address is left out. */
export function watcherSample<M extends { macAddress: string }>(message: M): M {
  return { ...message, macAddress: '' };
}

/** The scale's connection as a watcher gets it: the scale's address is left out. */
export function watcherScaleStatus(connected: boolean) {
  return { type: 'SCALE_STATUS' as const, macAddress: '', connected };
}

/**
 * Whether a stored link still opens its game at `now`: while the game is open, and for
 * WATCH_GRACE_MS after it ended (its results stay visible for a day).
 */
export function linkStillOpens(
  link: { status: GameState['status']; completedAt: string | null },
  now: number,
): boolean {
  if (!ended(link.status)) return true;
  const endedAt = link.completedAt ? Date.parse(link.completedAt) : 0;
  return now <= endedAt + WATCH_GRACE_MS;
}
