import type { GameState } from '@beerscale/contract/game-state';
import type { GamePlayerRow, GameRow } from '../db/schema';
import type { EngineSnapshot } from './engine-port';
import { computeAwards } from './awards';

/** A reading's weight: the last one of a player's round is what the container weighed then. */
export type ReadingGrams = { game_player_id: number; round: number; grams: number };

/** The rounds each player's reading was typed in (DESIGN §7b `typedRounds`). */
export type TypedReading = { game_player_id: number; round: number };

/**
 * GAME_STATE as DESIGN §7b shapes it: the stored rows, with what only the engine knows (phase,
 * target, differences so far) from its live snapshot while the game runs. Stored results win
 * over the engine's once the game is completed.
 */
export function presentGame(
  game: GameRow,
  players: GamePlayerRow[],
  typed: TypedReading[],
  live: EngineSnapshot | null,
  readings: ReadingGrams[] = [],
): GameState {
  const byId = new Map(live?.players.map((p) => [p.id, p]) ?? []);
  const ranked = game.mode === 'ranked' && game.status === 'completed';
  const presented = players.map((p) => {
    const e = byId.get(p.id);
    return {
      id: p.id,
      userId: p.user_id,
      playerName: p.player_name,
      position: p.position,
      isLeader: p.is_leader === 1,
      startWeight: e?.startWeight ?? p.start_weight,
      lastWeight: e?.lastWeight ?? p.last_weight,
      differences: e?.differences ?? [],
      meanDifference: p.mean_difference ?? e?.meanDifference ?? null,
      exactMatches: e?.exactMatches ?? p.exact_matches,
      bestDifference: p.best_difference ?? e?.bestDifference ?? null,
      rank: p.rank ?? e?.rank ?? null,
      eloBefore: p.elo_before,
      eloAfter: p.elo_after,
      typedRounds: typed.filter((t) => t.game_player_id === p.id).map((t) => t.round),
    };
  });
  return {
    id: game.id,
    name: game.name,
    mode: game.mode,
    status: game.status,
    phase: live?.phase ?? null,
    round: live?.round ?? 0,
    roundsPlanned: game.rounds_planned,
    target: live?.target ?? null,
    currentPlayerId: game.status === 'active' ? (live?.currentPlayerId ?? null) : null,
    scaleAddress: game.scale_mac,
    containerType: game.container_type,
    // Completion rates every player or none, so one rating tells whether the game was rated.
    rated: ranked ? players.some((p) => p.elo_before !== null) : null,
    players: presented,
    awards: game.status === 'completed' ? awardsOf(presented, readings) : [],
  };
}

/** The awards of a completed game from its players' rounds and readings (play/awards.ts). */
function awardsOf(players: GameState['players'], readings: ReadingGrams[]) {
  return computeAwards(
    players.map((p) => {
      const weights: (number | null)[] = [];
      for (const r of readings) if (r.game_player_id === p.id) weights[r.round] = r.grams;
      return {
        id: p.id,
        differences: p.differences,
        weights: Array.from({ length: weights.length }, (_, i) => weights[i] ?? null),
      };
    }),
  );
}
