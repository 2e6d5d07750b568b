import { z } from 'zod';
import { drankFiguresSchema } from './drinks';

/** GET /api/home: the player's stats, recent games and active game. */
export const homeStatsSchema = z.object({
  current_elo: z.number(),
  peak_elo: z.number(),
  games_played: z.number(),
  games_won: z.number(),
  total_exact_matches: z.number(),
  best_mean_difference: z.number().nullable(),
  average_mean_difference: z.number().nullable(),
  /** House rules: every penalty drunk in the games counted above. */
  total_penalties: z.number(),
});

export const recentGameSchema = z.object({
  game_id: z.number(),
  game_name: z.string().nullable(),
  rank: z.number().nullable(),
  created_at: z.string(),
  mean_difference: z.number().nullable(),
  /** The other players' names in turn order (the game's page, /games/{id}, has the rest). */
  opponents: z.array(z.string()),
});

export const homeReplySchema = z.object({
  user: z.object({ id: z.number(), username: z.string(), playerName: z.string() }),
  stats: homeStatsSchema,
  recentGames: z.array(recentGameSchema),
  activeGame: z.object({ id: z.number(), name: z.string(), status: z.string() }).nullable(),
  /** What the scale weighed the player drink in the last 12 hours (docs/RULES.md, drinks). */
  tonight: drankFiguresSchema,
});
export type HomeReply = z.infer<typeof homeReplySchema>;

export const RECENT_GAMES_LIMIT = 10;
