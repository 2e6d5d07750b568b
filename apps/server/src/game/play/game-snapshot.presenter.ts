import type { GameState, ReadingSource as GameReadingSource } from '@beerscale/contract/game-state';
import { teamsOfPlayers, type Rules } from '@beerscale/contract/rules';
import type { Drink } from '@beerscale/contract/drinks';
import type { GamePlayerRow, GameRow, ReadingSource } from '../../db/schema';
import { RATING_REASONS, type GameRating, type RatingReason } from '@beerscale/contract/rating';
import type { EngineSnapshot } from './engine-port';
import { computeAwards } from './awards';
import { storedRules } from './set-up-rules';
import { gameAbilities, isOpen } from '../game-policy';
import { penaltyDrinkFor, playerFigures } from './engine/drank';

/**
 * What the snapshot needs beyond the game's own rows for the evening's limit: each account's
 * limit and the standard drinks of its other games of the last 12 hours (drinks/).
 */
export interface EveningOf {
  limit: number | null;
  earlierStandardDrinks: number;
}

/**
 * A recorded reading: whose, of which round, what it weighed (the last one of a player's round
 * is what the container weighed then) and how it was obtained.
 */
export type RecordedReading = {
  game_player_id: number;
  round: number;
  grams: number;
  source: ReadingSource;
};

const SOURCE_NAMES: Record<ReadingSource, GameReadingSource> = {
  scale: 'scale',
  bluetooth: 'bluetooth',
  manual: 'typed',
};

/**
 * GAME_STATE, the same body as GET /api/games/{id}/state in the contract: the stored rows, with
 * what only the engine knows (phase, target, differences so far) from its live snapshot while the
 * game runs. Stored results win over the engine's once the game is completed.
 */
export function presentGame(
  game: GameRow,
  players: GamePlayerRow[],
  readings: RecordedReading[],
  live: EngineSnapshot | null,
  evening: ReadonlyMap<number, EveningOf> = new Map(),
  /** The players' accounts that are away (for the leader's stand-in estimates, issue 42). */
  away: ReadonlySet<number> = new Set(),
): GameState {
  const byId = new Map(live?.players.map((p) => [p.id, p]) ?? []);
  const ranked = game.mode === 'ranked' && game.status === 'completed';
  const rules = live?.rules ?? storedRules(game);
  // Before the start the teams follow the set-up's rules in turn order.
  const teams = teamsOfPlayers(rules, players.length);
  const presented = players.map((p, index) => {
    const e = byId.get(p.id);
    const drink = drinkOf(p);
    const figures = playerFigures(
      readings.filter((r) => r.game_player_id === p.id),
      drink,
    );
    const mine = p.user_id === null ? undefined : evening.get(p.user_id);
    const eveningStandardDrinks =
      Math.round(((mine?.earlierStandardDrinks ?? 0) + figures.standardDrinks) * 10) / 10;
    const eveningLimit = mine?.limit ?? null;
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
      weights: weightsByRound(readings, p.id),
      typedRounds: readings
        .filter((r) => r.game_player_id === p.id && r.source === 'manual')
        .map((r) => r.round)
        .sort((a, b) => a - b),
      sources: readings.filter((r) => r.game_player_id === p.id).map((r) => SOURCE_NAMES[r.source]),
      penalties: e?.penalties ?? 0,
      penaltyLog: e?.penaltyLog ?? [],
      disqualified: e?.disqualified ?? false,
      team: e ? e.team : (teams?.[index] ?? null),
      estimate: e?.estimate ?? null,
      estimateStandIn: p.estimate_stand_in === 1,
      score: e?.score ?? null,
      drink,
      penaltyDrink: penaltyDrinkFor(rules.penaltyDrink, drink),
      ...figures,
      eveningLimit,
      eveningStandardDrinks,
      limitReached: eveningLimit !== null && eveningStandardDrinks >= eveningLimit,
    };
  });
  const phase = live?.phase ?? null;
  const currentPlayerId = game.status === 'active' ? (live?.currentPlayerId ?? null) : null;
  const caller = live?.caller ?? null;
  return {
    id: game.id,
    name: game.name,
    mode: game.mode,
    status: game.status,
    phase,
    round: live?.round ?? 0,
    roundsPlanned: game.rounds_planned,
    target: live?.target ?? null,
    currentPlayerId,
    scaleAddress: game.scale_mac,
    containerType: game.container_type,
    // Completion rates every player or none, so one rating tells whether the game was rated.
    rated: ranked ? players.some((p) => p.elo_before !== null) : null,
    rating: gameRating(game),
    voided: game.voided_at !== null,
    completedAt: game.completed_at,
    scaleKind: game.scale_kind,
    bridgedBy: game.scale_kind === 'bluetooth' ? game.bridged_by : null,
    rules,
    adultsConfirmed: game.adults_confirmed === 1,
    caller,
    dice: live?.dice ?? null,
    players: presented,
    awards: game.status === 'completed' ? awardsOf(presented, readings, rules) : [],
    // Seats on phones: a code opens a game only while it is open (migration 0035).
    joinCode: isOpen(game.status) ? game.join_code : null,
    // What the leader and each player may do now, once for every socket (game-policy.ts).
    can: gameAbilities({
      leaderUserId: game.creator_id,
      mode: game.mode,
      status: game.status,
      phase,
      caller,
      currentPlayerId,
      players: presented,
      away,
    }),
  };
}

/**
 * A ranked game's rating once it ended. Games completed before the rating rules were recorded
 * (no stored status) tell from their players' ratings.
 */
function gameRating(game: GameRow): GameRating | null {
  if (game.mode !== 'ranked') return null;
  if (game.status === 'cancelled') return { status: 'unrated', reasons: ['cancelled'] };
  if (game.status !== 'completed' || game.rating_status === null) return null;
  const reasons = (game.rating_reasons ?? '')
    .split(',')
    .filter((code): code is RatingReason => (RATING_REASONS as readonly string[]).includes(code));
  if (game.voided_at !== null) return { status: 'unrated', reasons: [...reasons, 'voided'] };
  return { status: game.rating_status, reasons };
}

/** The last reading of each of a player's rounds, by round (null for a round without one). */
function weightsByRound(readings: RecordedReading[], playerId: number): (number | null)[] {
  const weights: (number | null)[] = [];
  for (const r of readings) if (r.game_player_id === playerId) weights[r.round] = r.grams;
  return Array.from({ length: weights.length }, (_, i) => weights[i] ?? null);
}

/** The awards of a completed game from its players' rounds and readings (game/play/awards.ts). */
function awardsOf(players: GameState['players'], readings: RecordedReading[], rules: Rules) {
  return computeAwards(
    players.map((p) => {
      const weights: (number | null)[] = [];
      for (const r of readings) if (r.game_player_id === p.id) weights[r.round] = r.grams;
      return {
        id: p.id,
        differences: p.differences,
        penalties: p.penalties,
        penaltyRounds: p.penaltyLog.map((entry) => entry.round),
        disqualified: p.disqualified,
        team: p.team,
        weights: Array.from({ length: weights.length }, (_, i) => weights[i] ?? null),
      };
    }),
    rules,
  );
}

/** A game player's drink as stored (strength in tenths of a percent, migration 0040). */
export function drinkOf(p: Pick<GamePlayerRow, 'drink_kind' | 'drink_abv_tenths'>): Drink {
  return { kind: p.drink_kind, abv: p.drink_abv_tenths / 10 };
}
