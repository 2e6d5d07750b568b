import { z } from 'zod';
import { ID_MAX, PLAYER_SEARCH_LIMIT } from './limits';
import { VALIDATION } from './messages';
import { normalizeName } from './names';
import { USER_STATUSES } from './user-statuses';

export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** PUT /api/users/{id}/status: a client may only claim these two; offline is the server's call. */
export const statusBodySchema = z.strictObject({
  status: z.enum(['searching', 'logged_in'], { error: VALIDATION.invalidStatus }),
});
export type StatusBody = z.infer<typeof statusBodySchema>;

export const idParamSchema = z.coerce
  .number({ error: 'Id must be a positive whole number' })
  .int('Id must be a positive whole number')
  .positive('Id must be a positive whole number')
  .max(ID_MAX, 'Id must be a positive whole number');

/** GET /api/users?search=&limit= or ?userId=&limit=1 ; `t` is a cache buster. */
export const usersQuerySchema = z.strictObject({
  search: z.string().trim().overwrite(normalizeName).max(100, 'Search text is too long').optional(),
  userId: idParamSchema.optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be between 1 and 50')
    .max(50, 'Limit must be between 1 and 50')
    .default(PLAYER_SEARCH_LIMIT),
  t: z.string().max(50).optional(),
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;

/** The public face of a player: never a hash, never a username of someone else. */
export const publicUserSchema = z.object({
  id: z.number(),
  playerName: z.string(),
  status: userStatusSchema,
  currentElo: z.number(),
  averageMeanDifference: z.number().nullable(),
  gamesPlayed: z.number(),
  gamesWon: z.number(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
export const publicUserListSchema = z.array(publicUserSchema);

export const statusReplySchema = z.object({ id: z.number(), status: userStatusSchema });
