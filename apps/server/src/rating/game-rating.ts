import { pairwiseElo } from './pairwise-elo';

/** An account of a finished ranked game, with its rating before the game and its final rank. */
export interface RatingEntry {
  gamePlayerId: number;
  userId: number;
  elo: number;
  rank: number;
  /** House rules' team (teammates are not rated against each other). */
  team?: number | null;
}

export interface RatedPlayer {
  gamePlayerId: number;
  userId: number;
  eloBefore: number;
  eloAfter: number;
}

/** How a finished game's players are rated: injected, so the completion rules stay pure. */
export type Rate = (players: RatingEntry[]) => RatedPlayer[];

/** DESIGN §10: the pairwise ELO over a game's line-up. */
export const rateGame: Rate = (players) => {
  const after = pairwiseElo(
    players.map((p) => ({ id: p.gamePlayerId, rating: p.elo, rank: p.rank, team: p.team })),
  );
  return players.map((p) => ({
    gamePlayerId: p.gamePlayerId,
    userId: p.userId,
    eloBefore: p.elo,
    eloAfter: after.get(p.gamePlayerId) ?? p.elo,
  }));
};
