import type { Db } from '../../db/database';

/**
 * What the lobbies (fast and ranked) need from the play domain, which PlayService implements:
 * `configure` has the game's scale told who plays in which order (game.configured); it reads the
 * game from the tables, so a lobby commits its changes before calling it.
 */
export interface GameRunner {
  configure(gameId: number): Promise<void>;
  /**
   * Marks the game active with its engine's first state inside the lobby's transaction, so a
   * start lands whole or not at all; what it returns announces the start once that committed.
   */
  start(gameId: number, trx: Db): Promise<() => Promise<void>>;
}
