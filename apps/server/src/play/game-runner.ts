import type { Db } from '../db/database';

/**
 * What the lobbies (fast and ranked) need from the play domain, which PlayService implements:
 * `configure` tells the game's scale who plays in which order (CONFIGURE); it reads the game
 * from the tables, so a lobby commits its changes before calling it.
 */
export interface GameRunner {
  configure(gameId: number): Promise<void>;
  /**
   * Marks the game active with its engine's first state inside the lobby's transaction, so a
   * start lands whole or not at all; what it returns announces the start once that committed.
   */
  start(gameId: number, trx: Db): Promise<() => Promise<void>>;
  /** The game on this scale was cancelled or replaced: its screen goes back to idle. */
  showCancelled(mac: string | null, gameName: string): void;
}
