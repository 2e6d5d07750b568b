import type { Insertable } from 'kysely';
import { RECENT_GAMES_LIMIT } from '@beerscale/contract/home';
import { DEFAULT_ELO, type ContainerType, type GameMode } from '@beerscale/contract/limits';
import type {
  EloHistoryTable,
  GamePlayersTable,
  GamesTable,
  InvitesTable,
  MeasurementsTable,
  RecentGamesTable,
  RoundsTable,
  ScaleRegistrationsTable,
  ScalesTable,
  UsersTable,
} from '../db/schema';
import {
  manualReading,
  startGame,
  type EngineEffect,
  type EngineState,
} from '../game/play/engine/engine';
import { CONTAINER_PROFILES } from '../game/play/engine/profiles';
import { newestRecentGames, settleGame } from '../game/play/game-completion-rules';
import { gameRatingReasons } from '../rating/rating-rules';
import { rateGame } from '../rating/game-rating';
import { FIRST_NAMES, GAME_NAMES, LAST_NAMES } from './seed-names';
import { SeedRandom } from './seed-random';

// The pure half of `npm run seed`: every row of a realistic database, computed in memory from a
// seed number, with no I/O. Each game is played through the real engine (game/play/engine/) with
// typed readings, and its results are settled by the completion's own rules
// (game/play/game-completion-rules.ts: statistics, pairwise ELO of README.md's rating rules in game
// order, recent games), so every figure the API shows is consistent.

/** Every seeded account signs in with this password (its hash is computed once, by the CLI). */
export const SEED_PASSWORD = 'seed-pass';
export const SEED_ADMIN = 'seed-admin';
/** The player with the long history that `GET /api/home` is measured with. */
export const SEED_HEAVY = 'seed-heavy';
export const HEAVY_GAMES = 1_000;

export interface SeedOptions {
  users: number;
  games: number;
  /** Same seed, same database. */
  seed: number;
  /** One hash for every account (hashing 100,000 passwords with argon2 would take an hour). */
  passwordHash: string;
  /** The last game finishes before this moment; the games spread over the year before it. */
  now: Date;
  /** Games of seed-heavy; default HEAVY_GAMES, at most half of the games. */
  heavyGames?: number;
}

type WithId<T> = Insertable<T> & { id: number };
export type SeedUser = WithId<UsersTable> & {
  current_elo: number;
  peak_elo: number;
  games_played: number;
  games_won: number;
  ranked_games_played: number;
  total_exact_matches: number;
  total_penalties: number;
  best_mean_difference: number | null;
  average_mean_difference: number | null;
};

export interface SeedPlan {
  users: SeedUser[];
  scales: Insertable<ScalesTable>[];
  scaleRegistrations: Insertable<ScaleRegistrationsTable>[];
  games: WithId<GamesTable>[];
  gamePlayers: WithId<GamePlayersTable>[];
  invites: WithId<InvitesTable>[];
  rounds: WithId<RoundsTable>[];
  measurements: WithId<MeasurementsTable>[];
  eloHistory: WithId<EloHistoryTable>[];
  recentGames: Insertable<RecentGamesTable>[];
  /** What a benchmark needs to know about the data without querying it. */
  facts: SeedFacts;
}

export interface SeedFacts {
  password: string;
  admin: string;
  heavy: { id: number; username: string; games: number; lastRankedGameId: number | null };
  /** Accounts with an owned, approved, never paired scale (for device benchmarks). */
  scaleOwners: { username: string; mac: string }[];
  /** Other accounts, for sign-ins and sockets. */
  usernames: string[];
  /** Player-name prefixes that find players, for the search benchmark (usernames are never searched). */
  searches: string[];
}

const DAY_MS = 24 * 3600 * 1000;
const PERIOD_MS = 365 * DAY_MS;
const ADMIN_ID = 1;
const HEAVY_ID = 2;
const FACTS_LIMIT = 2_000;

/** What the planning steps share: the options, the random stream and the rows so far. */
interface Planning {
  options: SeedOptions;
  rng: SeedRandom;
  plan: SeedPlan;
  heavyGames: number;
  /** The year the games spread over, and each game's slot in it (ms). */
  start: number;
  slot: number;
  /** How close each account drinks to the target: a deviation in grams, by user id. */
  skill: number[];
  ownScale: Map<number, string>;
  publicScales: string[];
  recent: Map<number, Insertable<RecentGamesTable>[]>;
  ids: { gamePlayer: number; invite: number; round: number; measurement: number; elo: number };
}

type LineUpSeat = {
  id: number;
  userId: number | null;
  name: string;
  position: number;
  skill: number;
};

/** A game played through the engine: what its rows are made of. */
interface PlayedThrough {
  state: EngineState;
  rounds: { number: number; target: number; at: number }[];
  readings: Extract<EngineEffect, { kind: 'placement-accepted' }>[];
  readingTimes: number[];
  startedAt: number;
  completedAt: number;
  /** How fast the table played, to fit the game's slot (1: real time). */
  pace: number;
}

const iso = (ms: number) => new Date(Math.round(ms)).toISOString();
const hex = (n: number, width: number) => n.toString(16).toUpperCase().padStart(width, '0');
const userOf = (p: Planning, id: number) => p.plan.users[id - 1] as SeedUser;

/**
 * The plan in named steps, each drawing from one random stream in a fixed order (same seed, same
 * rows): accounts, scales, then every game (line-up, play, rows, settlement), then the recent games.
 */
export function buildSeedPlan(options: SeedOptions): SeedPlan {
  const { users: userCount, games: gameCount } = options;
  if (!Number.isInteger(userCount) || userCount < 3) throw new Error('At least 3 users');
  if (!Number.isInteger(gameCount) || gameCount < 0) throw new Error('Games must be 0 or more');
  const heavyGames = Math.min(options.heavyGames ?? HEAVY_GAMES, Math.floor(gameCount / 2));
  const end = options.now.getTime() - 3600 * 1000;
  const p: Planning = {
    options,
    rng: new SeedRandom(options.seed),
    plan: emptyPlan(heavyGames),
    heavyGames,
    start: end - PERIOD_MS,
    slot: gameCount > 0 ? PERIOD_MS / gameCount : PERIOD_MS,
    skill: [],
    ownScale: new Map(),
    publicScales: [],
    recent: new Map(),
    ids: { gamePlayer: 0, invite: 0, round: 0, measurement: 0, elo: 0 },
  };
  planAccounts(p);
  planScales(p);
  for (let gameId = 1; gameId <= gameCount; gameId += 1) planGame(p, gameId);
  for (const rows of p.recent.values()) {
    p.plan.recentGames.push(...newestRecentGames(rows, RECENT_GAMES_LIMIT));
  }
  return p.plan;
}

function emptyPlan(heavyGames: number): SeedPlan {
  return {
    users: [],
    scales: [],
    scaleRegistrations: [],
    games: [],
    gamePlayers: [],
    invites: [],
    rounds: [],
    measurements: [],
    eloHistory: [],
    recentGames: [],
    facts: {
      password: SEED_PASSWORD,
      admin: SEED_ADMIN,
      heavy: { id: HEAVY_ID, username: SEED_HEAVY, games: heavyGames, lastRankedGameId: null },
      scaleOwners: [],
      usernames: [],
      searches: ['ma', 'jo', 'lena', 'Anton B'],
    },
  };
}

/**
 * Accounts: an administrator, the heavy player, then a community. How close each player drinks
 * to the target (their skill) is a deviation in grams.
 */
function planAccounts(p: Planning): void {
  const userCount = p.options.users;
  for (let id = 1; id <= userCount; id += 1) {
    const first = p.rng.pick(FIRST_NAMES);
    const last = p.rng.pick(LAST_NAMES);
    const username =
      id === ADMIN_ID
        ? SEED_ADMIN
        : id === HEAVY_ID
          ? SEED_HEAVY
          : `${first}.${last}${id}`.toLowerCase();
    p.plan.users.push({
      id,
      username,
      username_key: username.toLowerCase(),
      player_name: id === ADMIN_ID ? 'Admin' : `${first} ${last[0]}`,
      password_hash: p.options.passwordHash,
      is_admin: id === ADMIN_ID ? 1 : 0,
      status: 'offline',
      current_elo: DEFAULT_ELO,
      peak_elo: DEFAULT_ELO,
      games_played: 0,
      games_won: 0,
      ranked_games_played: 0,
      total_exact_matches: 0,
      total_penalties: 0,
      best_mean_difference: null,
      average_mean_difference: null,
      created_at: iso(p.start - 30 * DAY_MS + (id / userCount) * 29 * DAY_MS),
    });
    p.skill[id] = 2 + p.rng.next() * 14;
  }
}

/**
 * Scales: the heavy player and every tenth account own an approved one; a few belong to nobody (a
 * bar's scale), which anyone may play on (a user may play on their own scale or an unassigned one).
 */
function planScales(p: Planning): void {
  const userCount = p.options.users;
  for (let id = HEAVY_ID; id <= userCount; id += 1) {
    if (id !== HEAVY_ID && id % 10 !== 0) continue;
    const mac = `5EED${hex(id, 8)}`;
    p.ownScale.set(id, mac);
    const owner = userOf(p, id);
    p.plan.scales.push({
      mac,
      owner_id: id,
      approved: 1,
      requested_by: id,
      scale_name: `${owner.player_name}'s scale`,
      created_at: owner.created_at,
    });
    p.plan.scaleRegistrations.push({ mac, user_id: id, created_at: owner.created_at });
    if (id !== HEAVY_ID && p.plan.facts.scaleOwners.length < FACTS_LIMIT) {
      p.plan.facts.scaleOwners.push({ username: owner.username, mac });
    }
  }
  for (let k = 0; k < Math.max(1, Math.floor(userCount / 1000)); k += 1) {
    const mac = `5EEDFF${hex(k, 6)}`;
    p.publicScales.push(mac);
    p.plan.scales.push({
      mac,
      owner_id: null,
      approved: 0,
      requested_by: null,
      scale_name: `Bar scale ${k + 1}`,
      created_at: iso(p.start - 30 * DAY_MS),
    });
  }
  for (let id = 3; id <= userCount && p.plan.facts.usernames.length < FACTS_LIMIT; id += 1) {
    if (!p.ownScale.has(id)) p.plan.facts.usernames.push(userOf(p, id).username);
  }
}

/** One game: who plays, the play itself, its rows, and what completion makes of it. */
function planGame(p: Planning, gameId: number): void {
  const { rng } = p;
  const gameCount = p.options.games;
  const heavy = ((gameId - 1) * p.heavyGames) % gameCount < p.heavyGames;
  const mode: GameMode = rng.chance(0.5) ? 'ranked' : 'fast';
  const size = Math.min(
    rng.weighted([2, 3, 4, 5, 6, 8, 10], [25, 30, 25, 10, 6, 3, 1]),
    mode === 'ranked' ? p.options.users - 1 : 10,
  );
  const creatorId = heavy ? HEAVY_ID : community(p);
  const accounts = [creatorId];
  while (mode === 'ranked' && accounts.length < size) {
    const id = community(p);
    if (!accounts.includes(id)) accounts.push(id);
  }
  const containerType: ContainerType = rng.chance(0.7) ? 'BEER_BOTTLE' : 'BEER_CAN';
  const createdAt = p.start + (gameId - 1) * p.slot + rng.next() * p.slot * 0.05;
  const roundsPlanned = rng.weighted([3, 4, 5, 6, 7, 10], [10, 15, 50, 10, 10, 5]);
  const rngSeed = rng.int(1, 2_147_483_646);

  // The line-up: accounts in ranked games, typed names after the leader in fast ones.
  const lineUp: LineUpSeat[] = Array.from({ length: size }, (_, position) => {
    const userId = mode === 'ranked' || position === 0 ? (accounts[position] as number) : null;
    const name = userId ? userOf(p, userId).player_name : rng.pick(FIRST_NAMES);
    return {
      id: (p.ids.gamePlayer += 1),
      userId,
      name,
      position,
      skill: p.skill[userId ?? 0] ?? 9,
    };
  });
  const played = playThrough(p, lineUp, { containerType, roundsPlanned, rngSeed, createdAt });
  const { state } = played;
  const standings = new Map((state.standings ?? []).map((s) => [s.playerId, s]));
  const status = standings.size > 0 ? 'completed' : 'cancelled';
  const name = mode === 'fast' ? 'Fast Game' : rng.pick(GAME_NAMES);
  p.plan.games.push({
    id: gameId,
    name,
    mode,
    creator_id: creatorId,
    status,
    scale_mac: p.ownScale.get(creatorId) ?? rng.pick(p.publicScales),
    container_type: containerType,
    rounds_planned: roundsPlanned,
    rng_seed: rngSeed,
    engine_state: JSON.stringify(state),
    results_applied: status === 'completed' ? 1 : 0,
    created_at: iso(createdAt),
    started_at: iso(played.startedAt),
    completed_at: iso(played.completedAt),
  });
  const counts = recordRoundsAndReadings(p, gameId, played);
  // The completion's own rules: statistics for the counted accounts, pairwise ELO from the
  // ratings before this game, the recent-games summary.
  const settlement =
    status === 'completed'
      ? settleGame({
          mode,
          standings: [...standings.values()].map((s) => ({
            gamePlayerId: s.playerId,
            rank: s.rank,
            meanDifference: s.meanDifference,
            exactMatches: s.exactMatches,
            bestDifference: s.bestDifference,
          })),
          accounts: lineUp.flatMap((seat) =>
            seat.userId === null
              ? []
              : [
                  {
                    gamePlayerId: seat.id,
                    position: seat.position,
                    userId: seat.userId,
                    stats: userOf(p, seat.userId),
                  },
                ],
          ),
          // The completion's own rule (rating-rules.ts); seeded games are never ended early.
          // The pair limit is not applied: seeded games are spread over months.
          rated:
            mode === 'ranked' && gameRatingReasons({ ...counts, finishedEarly: null }).length === 0,
          rate: rateGame,
        })
      : null;
  recordSeats(p, {
    gameId,
    mode,
    creatorId,
    createdAt,
    lineUp,
    state,
    standings,
    settlement,
    answeredAfter: 30_000 * played.pace,
  });
  if (settlement) settle(p, { gameId, name, completedAt: played.completedAt, settlement });
}

/** Regulars play more than occasional players: low ids are drawn more often. */
function community(p: Planning): number {
  return 3 + Math.floor((p.options.users - 2) * p.rng.next() ** 2);
}

/** The table plays: a timeline that fits the game's slot, so no player is in two games at once. */
function playThrough(
  p: Planning,
  lineUp: LineUpSeat[],
  game: { containerType: ContainerType; roundsPlanned: number; rngSeed: number; createdAt: number },
): PlayedThrough {
  const profile = CONTAINER_PROFILES[game.containerType];
  const placements = lineUp.length * (game.roundsPlanned + 1);
  const natural = 120_000 + placements * 30_000 + game.roundsPlanned * 240_000;
  const pace = Math.min(1, (p.slot * 0.9) / natural);
  let clock = game.createdAt + 120_000 * pace;
  const startedAt = clock;
  const rounds: PlayedThrough['rounds'] = [];
  const readings: PlayedThrough['readings'] = [];
  const readingTimes: number[] = [];
  const collect = (effects: EngineEffect[]) => {
    for (const effect of effects) {
      if (effect.kind === 'round-started') {
        clock += 240_000 * pace;
        rounds.push({ number: effect.round, target: effect.target, at: clock });
      } else if (effect.kind === 'placement-accepted') {
        readings.push(effect);
        readingTimes.push(clock);
      }
    }
  };
  const begun = startGame({
    players: lineUp.map((seat) => ({ id: seat.id, name: seat.name, position: seat.position })),
    containerType: game.containerType,
    roundsPlanned: game.roundsPlanned,
    seed: game.rngSeed,
  });
  collect(begun.effects);
  let state: EngineState = begun.state;
  for (let step = 0; state.phase !== 'FINISHED' && step < 1_000; step += 1) {
    const onTurn = lineUp[state.turn] as LineUpSeat;
    clock += 30_000 * pace;
    const grams =
      state.phase === 'INITIAL_WEIGHING'
        ? p.rng.int(profile.minFullGrams + 20, profile.minFullGrams + 90)
        : Math.max(
            profile.emptyGrams,
            Math.round((state.target ?? 0) + onTurn.skill * p.rng.normal()),
          );
    const t = manualReading(state, grams);
    collect(t.effects);
    state = t.state;
  }
  return { state, rounds, readings, readingTimes, startedAt, completedAt: clock, pace };
}

/** The game's rounds and readings; returns how many were weighed and typed (the 80 % rule). */
function recordRoundsAndReadings(
  p: Planning,
  gameId: number,
  played: PlayedThrough,
): { weighed: number; typed: number } {
  for (const round of played.rounds) {
    p.plan.rounds.push({
      id: (p.ids.round += 1),
      game_id: gameId,
      number: round.number,
      target_g: round.target,
      created_at: iso(round.at),
    });
  }
  const counts = { weighed: 0, typed: 0 };
  played.readings.forEach((r, i) => {
    // Games were played on scales: the first reading is weighed, some later ones typed (a
    // ranked game with more than a fifth typed is not rated). The draw comes first: same stream.
    const source = p.rng.chance(0.9) || i === 0 ? 'scale' : 'manual';
    if (source === 'scale') counts.weighed += 1;
    else counts.typed += 1;
    p.plan.measurements.push({
      id: (p.ids.measurement += 1),
      game_id: gameId,
      round: r.round,
      game_player_id: r.playerId,
      grams: r.grams,
      difference_g: r.difference,
      source,
      recorded_at: iso(played.readingTimes[i] ?? played.completedAt),
    });
  });
  return counts;
}

/** Each seat's row with its result and rating change, and a ranked game's accepted invites. */
function recordSeats(
  p: Planning,
  g: {
    gameId: number;
    mode: GameMode;
    creatorId: number;
    createdAt: number;
    lineUp: LineUpSeat[];
    state: EngineState;
    standings: Map<number, NonNullable<EngineState['standings']>[number]>;
    settlement: ReturnType<typeof settleGame> | null;
    /** How long after the invitation an invitee answered (ms). */
    answeredAfter: number;
  },
): void {
  const rated = new Map(g.settlement?.ratings.map((r) => [r.gamePlayerId, r]) ?? []);
  const enginePlayers = new Map(g.state.players.map((e) => [e.id, e]));
  for (const seat of g.lineUp) {
    const s = g.standings.get(seat.id);
    const e = enginePlayers.get(seat.id);
    const rating = rated.get(seat.id);
    p.plan.gamePlayers.push({
      id: seat.id,
      game_id: g.gameId,
      user_id: seat.userId,
      player_name: seat.name,
      position: seat.position,
      is_leader: seat.position === 0 ? 1 : 0,
      start_weight: e?.startWeight ?? null,
      last_weight: e?.weight ?? null,
      rank: s?.rank ?? null,
      mean_difference: s?.meanDifference ?? null,
      exact_matches: s?.exactMatches ?? 0,
      best_difference: s?.bestDifference ?? null,
      elo_before: rating?.eloBefore ?? null,
      elo_after: rating?.eloAfter ?? null,
      joined_at: iso(g.createdAt),
    });
    if (g.mode === 'ranked' && seat.position > 0) {
      p.plan.invites.push({
        id: (p.ids.invite += 1),
        game_id: g.gameId,
        inviter_id: g.creatorId,
        invitee_id: seat.userId as number,
        status: 'accepted',
        created_at: iso(g.createdAt),
        responded_at: iso(g.createdAt + g.answeredAfter),
      });
    }
  }
}

/** What completion writes to accounts: statistics, rating history and recent games. */
function settle(
  p: Planning,
  g: {
    gameId: number;
    name: string;
    completedAt: number;
    settlement: ReturnType<typeof settleGame>;
  },
): void {
  for (const { userId, stats } of g.settlement.stats) Object.assign(userOf(p, userId), stats);
  for (const r of g.settlement.ratings) {
    p.plan.eloHistory.push({
      id: (p.ids.elo += 1),
      user_id: r.userId,
      game_id: g.gameId,
      elo_before: r.eloBefore,
      elo_after: r.eloAfter,
      recorded_at: iso(g.completedAt),
    });
    if (r.userId === HEAVY_ID) p.plan.facts.heavy.lastRankedGameId = g.gameId;
  }
  for (const row of g.settlement.recentGames) {
    const kept = p.recent.get(row.userId) ?? [];
    kept.push({
      user_id: row.userId,
      game_id: g.gameId,
      game_name: g.name,
      rank: row.rank,
      finished_at: iso(g.completedAt),
      mean_difference: row.meanDifference,
    });
    // Trimmed now and then rather than per game: a player of a thousand games stays cheap.
    p.recent.set(
      row.userId,
      kept.length > 2 * RECENT_GAMES_LIMIT ? newestRecentGames(kept, RECENT_GAMES_LIMIT) : kept,
    );
  }
}

/** Rows per table, for the CLI's summary and the tests. */
export function planCounts(plan: SeedPlan): Record<string, number> {
  return {
    users: plan.users.length,
    scales: plan.scales.length,
    games: plan.games.length,
    game_players: plan.gamePlayers.length,
    invites: plan.invites.length,
    rounds: plan.rounds.length,
    measurements: plan.measurements.length,
    elo_history: plan.eloHistory.length,
    recent_games: plan.recentGames.length,
  };
}
