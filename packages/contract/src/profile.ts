import { z } from 'zod';
import { playerNameSchema } from './auth';

/** GET /api/profile: the caller's own account, ratings and the scales tied to it. */
export const profileReplySchema = z.object({
  id: z.number(),
  username: z.string(),
  playerName: z.string(),
  currentElo: z.number(),
  peakElo: z.number(),
  isAdmin: z.boolean(),
  scales: z.array(
    z.object({
      mac: z.string(),
      /** Assigned to and approved for the caller: scale settings are open. */
      approved: z.boolean(),
    }),
  ),
});
export type ProfileReply = z.infer<typeof profileReplySchema>;

/** PUT /api/profile: the player name, with the rule of SPEC §5. */
export const profileBodySchema = z.strictObject({ playerName: playerNameSchema });
export type ProfileBody = z.infer<typeof profileBodySchema>;
