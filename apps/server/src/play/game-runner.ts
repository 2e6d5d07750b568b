/**
 * What the lobbies (fast and ranked) need from the play domain, which PlayService implements:
 * `configure` has the game's scale told who plays in which order (game.configured), `start`
 * marks the game active and starts its engine. Both read the game from the tables, so a lobby
 * commits its changes before calling them.
 */
export interface GameRunner {
  configure(gameId: number): Promise<void>;
  start(gameId: number): Promise<void>;
}
