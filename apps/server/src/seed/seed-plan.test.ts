import { describe, expect, it } from 'vitest';
import { RECENT_GAMES_LIMIT } from '@beerscale/contract/home';
import { PLAYER_NAME_MAX } from '@beerscale/contract/limits';
import { buildSeedPlan, planCounts, SEED_HEAVY, type SeedOptions } from './seed-plan';

const options: SeedOptions = {
  users: 60,
  games: 40,
  seed: 7,
  passwordHash: '$argon2id$fake',
  now: new Date('2026-06-01T12:00:00Z'),
};

describe('buildSeedPlan', () => {
  it('is deterministic: the same seed gives the same rows, another seed other rows', () => {
    const a = buildSeedPlan(options);
    expect(buildSeedPlan(options)).toEqual(a);
    const b = buildSeedPlan({ ...options, seed: 8 });
    expect(b.measurements).not.toEqual(a.measurements);
    expect(planCounts(b).users).toBe(60);
  });

  it('plans the requested accounts and games, with seed-heavy in half of them at most', () => {
    const plan = buildSeedPlan(options);
    const counts = planCounts(plan);
    expect(counts.users).toBe(60);
    expect(counts.games).toBe(40);
    expect(plan.facts.heavy).toMatchObject({ username: SEED_HEAVY, games: 20 });
    const heavyGames = new Set(
      plan.gamePlayers.filter((p) => p.user_id === plan.facts.heavy.id).map((p) => p.game_id),
    );
    expect(heavyGames.size).toBe(20);
    expect(plan.users.find((u) => u.id === plan.facts.heavy.id)?.games_played).toBe(20);
    expect(buildSeedPlan({ ...options, games: 4000, heavyGames: 1000 }).facts.heavy.games).toBe(
      1000,
    );
  });

  it('gives accounts valid, unique names and every account the one hash', () => {
    const plan = buildSeedPlan(options);
    const keys = plan.users.map((u) => u.username_key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const u of plan.users) {
      expect(u.username_key).toBe(u.username.toLowerCase());
      expect(u.username).toMatch(/^[a-z0-9._-]{3,30}$/);
      expect(u.player_name.length).toBeLessThanOrEqual(PLAYER_NAME_MAX);
      expect(u.password_hash).toBe(options.passwordHash);
    }
    expect(plan.users.filter((u) => u.is_admin === 1).map((u) => u.username)).toEqual([
      'seed-admin',
    ]);
  });

  it('keeps every rating equal to the last row of its history, changes summing to zero', () => {
    const plan = buildSeedPlan(options);
    for (const u of plan.users) {
      const history = plan.eloHistory.filter((h) => h.user_id === u.id);
      expect(history.length).toBe(u.ranked_games_played);
      if (history.length === 0) {
        expect(u.current_elo).toBe(1200);
        continue;
      }
      // History rows are in game order; each starts where the previous one ended.
      history.slice(1).forEach((h, i) => expect(h.elo_before).toBe(history[i]?.elo_after));
      expect(history.at(-1)?.elo_after).toBe(u.current_elo);
      expect(u.peak_elo).toBe(Math.max(1200, ...history.map((h) => h.elo_after)));
      expect(history.map((h) => h.recorded_at)).toEqual(
        [...history.map((h) => h.recorded_at)].sort(),
      );
    }
    const total = plan.eloHistory.reduce((sum, h) => sum + h.elo_after - h.elo_before, 0);
    expect(Math.abs(total)).toBeLessThan(1e-9);
  });

  it('plays finished games whose rows agree with each other', () => {
    const plan = buildSeedPlan(options);
    for (const game of plan.games) {
      expect(game.status).toBe('completed');
      expect(game.results_applied).toBe(1);
      expect(game.created_at < (game.started_at as string)).toBe(true);
      expect((game.started_at as string) < (game.completed_at as string)).toBe(true);
      const players = plan.gamePlayers.filter((p) => p.game_id === game.id);
      expect(players.length).toBeGreaterThanOrEqual(2);
      expect(players.filter((p) => p.is_leader === 1).map((p) => p.user_id)).toEqual([
        game.creator_id,
      ]);
      if (game.mode === 'fast')
        expect(players.slice(1).every((p) => p.user_id === null)).toBe(true);
      else expect(players.every((p) => p.user_id !== null && p.elo_after !== null)).toBe(true);
      expect(players.some((p) => p.rank === 1)).toBe(true);
      const ids = new Set(players.map((p) => p.id));
      const readings = plan.measurements.filter((m) => m.game_id === game.id);
      expect(readings.every((m) => ids.has(m.game_player_id))).toBe(true);
      // One initial weighing each, then one reading per player and scored round.
      const rounds = plan.rounds.filter((r) => r.game_id === game.id);
      expect(readings.filter((m) => m.round === 0)).toHaveLength(players.length);
      expect(readings.filter((m) => m.round > 0)).toHaveLength(players.length * rounds.length);
      // Rated ranked games were weighed by a scale, at least in part.
      expect(readings.some((m) => m.source === 'scale')).toBe(true);
      const state = JSON.parse(game.engine_state as string);
      expect(state.phase).toBe('FINISHED');
    }
    // Ids are dense, as the writer's sequence reset expects.
    expect(plan.gamePlayers.map((p) => p.id)).toEqual(plan.gamePlayers.map((_, i) => i + 1));
  });

  it('counts statistics as the completion does: ranked players, and the first slot of fast games', () => {
    const plan = buildSeedPlan(options);
    const gamesById = new Map(plan.games.map((g) => [g.id, g]));
    for (const u of plan.users) {
      const counted = plan.gamePlayers.filter(
        (p) =>
          p.user_id === u.id && (gamesById.get(p.game_id)?.mode === 'ranked' || p.position === 0),
      );
      expect(u.games_played).toBe(counted.length);
      expect(u.games_won).toBe(counted.filter((p) => p.rank === 1).length);
      expect(u.total_exact_matches).toBe(counted.reduce((s, p) => s + (p.exact_matches ?? 0), 0));
      if (counted.length > 0) {
        const means = counted.map((p) => p.mean_difference as number);
        expect(u.best_mean_difference).toBe(Math.min(...means));
        expect(u.average_mean_difference).toBeCloseTo(
          means.reduce((s, m) => s + m, 0) / means.length,
          9,
        );
      }
    }
  });

  it("keeps each counted player's newest games as their recent games", () => {
    const plan = buildSeedPlan({ ...options, games: 80, heavyGames: 30 });
    const gamesById = new Map(plan.games.map((g) => [g.id, g]));
    for (const u of plan.users) {
      const counted = plan.gamePlayers
        .filter(
          (p) =>
            p.user_id === u.id && (gamesById.get(p.game_id)?.mode === 'ranked' || p.position === 0),
        )
        .map((p) => ({ id: p.game_id, at: gamesById.get(p.game_id)?.completed_at ?? '' }))
        .sort((a, b) => (a.at < b.at ? 1 : -1))
        .slice(0, RECENT_GAMES_LIMIT)
        .map((g) => g.id);
      const recent = plan.recentGames.filter((r) => r.user_id === u.id);
      expect(recent.map((r) => r.game_id)).toEqual(counted);
    }
    expect(plan.recentGames.filter((r) => r.user_id === plan.facts.heavy.id)).toHaveLength(
      RECENT_GAMES_LIMIT,
    );
  });

  it('lists scale owners with their scales for the benchmarks', () => {
    const plan = buildSeedPlan(options);
    const scales = new Map(plan.scales.map((s) => [s.mac, s]));
    for (const owner of plan.facts.scaleOwners) {
      const user = plan.users.find((u) => u.username === owner.username);
      expect(scales.get(owner.mac)).toMatchObject({ owner_id: user?.id, approved: 1 });
    }
    expect(plan.facts.scaleOwners.length).toBeGreaterThan(0);
  });

  it('refuses sizes it cannot plan', () => {
    expect(() => buildSeedPlan({ ...options, users: 2 })).toThrow('At least 3 users');
    expect(() => buildSeedPlan({ ...options, games: -1 })).toThrow();
  });
});
