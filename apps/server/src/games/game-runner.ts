/**
 * What the ranked lobby needs from whoever runs games (the play domain's PlayService fits):
 * `configure` tells the game's scale who plays in which order (CONFIGURE), `start` marks the
 * game active and starts its engine. Both read the game from the tables, so the lobby commits
 * its changes before calling them.
 */
export interface GameRunner {
  configure(gameId: number): Promise<void>;
  start(gameId: number): Promise<void>;
}
