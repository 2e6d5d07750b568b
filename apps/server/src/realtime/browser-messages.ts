import type { BrowserToServerMap } from '@beerscale/contract/browser-socket';
import type { BrowserConnection } from './browser-connection';

/** What a message handler may answer with: an ERROR to the sender, or nothing. */
export type BrowserHandler<K extends keyof BrowserToServerMap> = (
  conn: BrowserConnection,
  message: BrowserToServerMap[K],
) => Promise<string | void> | string | void;

export type BrowserHandlers = { [K in keyof BrowserToServerMap]?: BrowserHandler<K> };

/**
 * The domains register their handlers here (the scales domain for SELECT_SCALE, the games
 * domain for UPDATE_PARTICIPANT_ORDER); the socket route dispatches through it.
 */
export class BrowserMessageRouter {
  private readonly handlers: BrowserHandlers = {};

  on<K extends keyof BrowserToServerMap>(type: K, handler: BrowserHandler<K>): void {
    (this.handlers as Record<string, unknown>)[type] = handler;
  }

  get<K extends keyof BrowserToServerMap>(type: K): BrowserHandler<K> | undefined {
    return this.handlers[type] as BrowserHandler<K> | undefined;
  }
}
