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

/** Whether two accounts' result in this game moves their ratings (the pair limit). */
export type PairCounts = (userA: number, userB: number) => boolean;

/**
 * How a finished game's players are rated: injected, so the completion rules stay pure. Only
 * players with at least one pair that counts are rated.
 */
export type Rate = (players: RatingEntry[], pairCounts?: PairCounts) => RatedPlayer[];

/** The pairwise ELO over a game's line-up, each pair counted only if `pairCounts` says so. */
export const rateGame: Rate = (players, pairCounts = () => true) => {
  const userOf = new Map(players.map((p) => [p.gamePlayerId, p.userId]));
  const counts = (a: { id: number }, b: { id: number }) =>
    pairCounts(userOf.get(a.id) as number, userOf.get(b.id) as number);
  const entries = players.map((p) => ({
    id: p.gamePlayerId,
    rating: p.elo,
    rank: p.rank,
    team: p.team,
  }));
  const after = pairwiseElo(entries, counts);
  const rated = players.filter((p) =>
    players.some((o) => o !== p && pairCounts(p.userId, o.userId)),
  );
  return rated.map((p) => ({
    gamePlayerId: p.gamePlayerId,
    userId: p.userId,
    eloBefore: p.elo,
    eloAfter: after.get(p.gamePlayerId) ?? p.elo,
  }));
};
