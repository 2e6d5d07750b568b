import { z } from 'zod';
import { drinkInputSchema } from './drinks';
import { gameScaleSchema, roundsSchema } from './fast-games';
import { containerTypeSchema, gameStateSchema } from './game-state';
import { GROUP_NAME, guestNameSchema } from './groups';
import { ID_MAX } from './limits';
import { hasHiddenCharacters, normalizeName } from './names';
import { TOURNAMENT_REFUSALS } from './group-messages';

export { TOURNAMENT_REFUSALS };
import { rulesInputSchema } from './rules';
import { idParamSchema } from './users';

// Tournament night (docs/ARCHITECTURE.md, Tournaments): a group's grand prix at one table, or
// heats across several scales with a second chance and a final. Its games are group fast games.

export const TOURNAMENT_FORMATS = ['grand-prix', 'heats'] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];
export const TOURNAMENT_STAGES = ['game', 'heat', 'second-chance', 'final'] as const;
export type TournamentStage = (typeof TOURNAMENT_STAGES)[number];

export const DEFAULT_POINTS = [10, 7, 5, 3, 1] as const;
export const TOURNAMENT_DEFAULTS = { games: 3, heatSize: 6, qualify: 2, secondChance: 2 } as const;
export const TOURNAMENT_PLAYERS = { min: 2, max: 40 } as const;

const int = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** A player of the night: a member by id, or someone passing by by name. */
export const tournamentPlayerSchema = z.union([
  z.number().int().min(1).max(ID_MAX),
  guestNameSchema,
  z.strictObject({ memberId: idParamSchema, drink: drinkInputSchema.optional() }),
  z.strictObject({ name: guestNameSchema, drink: drinkInputSchema.optional() }),
]);

/** POST /api/groups/{id}/tournaments */
export const createTournamentBodySchema = z
  .strictObject({
    name: z
      .string({ error: TOURNAMENT_REFUSALS.tournamentNameLength })
      .trim()
      .overwrite(normalizeName)
      .min(GROUP_NAME.min, TOURNAMENT_REFUSALS.tournamentNameLength)
      .max(GROUP_NAME.max, TOURNAMENT_REFUSALS.tournamentNameLength)
      .refine((v) => !hasHiddenCharacters(v), TOURNAMENT_REFUSALS.tournamentNameLength),
    format: z.enum(TOURNAMENT_FORMATS, { error: TOURNAMENT_REFUSALS.unknownFormat }),
    players: z
      .array(tournamentPlayerSchema, { error: TOURNAMENT_REFUSALS.playersCount })
      .min(TOURNAMENT_PLAYERS.min, TOURNAMENT_REFUSALS.playersCount)
      .max(TOURNAMENT_PLAYERS.max, TOURNAMENT_REFUSALS.playersCount),
    rules: rulesInputSchema.optional(),
    containerType: containerTypeSchema,
    rounds: roundsSchema.optional(),
    games: int(TOURNAMENT_REFUSALS.gamesRange, 1, 10).optional(),
    points: z
      .array(int(TOURNAMENT_REFUSALS.pointsList, 0, 100), {
        error: TOURNAMENT_REFUSALS.pointsList,
      })
      .min(1, TOURNAMENT_REFUSALS.pointsList)
      .max(10, TOURNAMENT_REFUSALS.pointsList)
      .optional(),
    heatSize: int(TOURNAMENT_REFUSALS.heatSizeRange, 2, 10).optional(),
    qualify: int(TOURNAMENT_REFUSALS.qualifyRange, 1, 9).optional(),
    secondChance: int(TOURNAMENT_REFUSALS.secondChanceRange, 0, 10).optional(),
    /** Spirit penalties: the organiser confirms that everyone playing is 18 or older. */
    adultsConfirmed: z.boolean().optional(),
  })
  .refine(
    (b) =>
      (b.qualify ?? TOURNAMENT_DEFAULTS.qualify) < (b.heatSize ?? TOURNAMENT_DEFAULTS.heatSize),
    { error: TOURNAMENT_REFUSALS.qualifyRange, path: ['qualify'] },
  );
export type CreateTournamentBody = z.infer<typeof createTournamentBodySchema>;
export const createTournamentReplySchema = z.object({ id: z.number() });

/** POST /api/tournaments/{id}/next */
export const nextTournamentGameBodySchema = z.strictObject({ scaleAddress: gameScaleSchema });
export const nextTournamentGameReplySchema = z.object({ gameId: z.number() });

export const tournamentStandingSchema = z.object({
  entryId: z.number(),
  memberId: z.number().nullable(),
  name: z.string(),
  place: z.number().int(),
  points: z.number().int(),
  /** Points won in the tournament's last completed game (0 if the player was not in it). */
  lastChange: z.number().int(),
  games: z.number().int(),
  /** Sum of the player's game means (the grand prix's first tie-break), grams. */
  meanDifference: z.number().nullable(),
  exactHits: z.number().int(),
  /** The furthest stage reached. */
  stage: z.enum(TOURNAMENT_STAGES),
  /** The player had to leave: skipped for the games left. */
  left: z.boolean(),
});
export type TournamentStanding = z.infer<typeof tournamentStandingSchema>;

export const tournamentGameSchema = z.object({
  stage: z.enum(TOURNAMENT_STAGES),
  /** 1-based within the stage (the grand prix's game number). */
  heat: z.number().int(),
  /** Who plays, by name (empty while an earlier stage decides). */
  players: z.array(z.object({ entryId: z.number(), name: z.string() })),
  gameId: z.number().nullable(),
  scaleAddress: z.string().nullable(),
  status: z.enum(['waiting', 'ready', 'configured', 'active', 'completed', 'dropped']),
});
export type TournamentGame = z.infer<typeof tournamentGameSchema>;

export const tournamentAwardSchema = z.object({
  kind: z.string(),
  entryId: z.number(),
  name: z.string(),
  /** How many games the player won this award in. */
  count: z.number().int(),
});

/** GET /api/tournaments/{id} (and, read-only, the tournament's watch link) */
export const tournamentReplySchema = z.object({
  id: z.number(),
  groupId: z.number(),
  name: z.string(),
  format: z.enum(TOURNAMENT_FORMATS),
  status: z.enum(['running', 'finished']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The server's clock, for the night's clock on the table screen. */
  now: z.string(),
  standings: z.array(tournamentStandingSchema),
  schedule: z.array(tournamentGameSchema),
  /** The index in `schedule` of the next game to set up; null when none is ready. */
  next: z.number().int().nullable(),
  awards: z.array(tournamentAwardSchema),
  /** The table screen's path (watch link; read-only, no account). */
  watchPath: z.string(),
  can: z.object({ next: z.boolean(), finish: z.boolean(), leave: z.boolean() }),
});
export type TournamentReply = z.infer<typeof tournamentReplySchema>;

/** GET /api/tournament-watch/{token}: the tournament and the game being played. */
export const tournamentWatchReplySchema = tournamentReplySchema.extend({
  live: z.array(gameStateSchema),
});
export type TournamentWatchReply = z.infer<typeof tournamentWatchReplySchema>;

/** GET /api/groups/{id}/tournaments */
export const tournamentListSchema = z.array(
  z.object({
    id: z.number(),
    name: z.string(),
    format: z.enum(TOURNAMENT_FORMATS),
    status: z.enum(['running', 'finished']),
    startedAt: z.string(),
    winner: z.string().nullable(),
  }),
);

export const TOURNAMENT_TOKEN_LENGTH = 22;
export const tournamentTokenSchema = z
  .string()
  .regex(new RegExp(`^[A-Za-z0-9_-]{${TOURNAMENT_TOKEN_LENGTH}}$`), 'Invalid watch link');
