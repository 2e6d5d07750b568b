/**
 * What the lobbies (fast and ranked) ask of the play domain: tell the scale who plays, then
 * start the engine. Implemented by PlayService.
 */
export interface GameRunner {
  configure(gameId: number): Promise<void>;
  start(gameId: number): Promise<void>;
}
