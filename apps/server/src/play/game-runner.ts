/**
 * What the lobbies (fast and ranked) need from the play domain, which PlayService implements:
 * `configure` tells the game's scale who plays in which order (CONFIGURE), `start` marks the
 * game active and starts its engine. Both read the game from the tables, so a lobby commits its
 * changes before calling them.
 */
export interface GameRunner {
  configure(gameId: number): Promise<void>;
  start(gameId: number): Promise<void>;
  /** The game on this scale was cancelled or replaced: its screen goes back to idle. */
  showCancelled(mac: string | null, gameName: string): void;
}
