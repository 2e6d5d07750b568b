import { z } from 'zod';

const account = z.object({ id: z.number(), username: z.string(), playerName: z.string() });

/** GET /api/admin/scales: every registered scale, who asked for it, who owns it. */
export const adminScaleSchema = z.object({
  mac: z.string(),
  scaleName: z.string().nullable(),
  modelName: z.string().nullable(),
  approved: z.boolean(),
  connected: z.boolean(),
  lastSeenAt: z.string().nullable(),
  owner: account.nullable(),
  requestedBy: account.nullable(),
});
export type AdminScale = z.infer<typeof adminScaleSchema>;
export const adminScalesReplySchema = z.object({ scales: z.array(adminScaleSchema) });

/** GET /api/admin/users?search=: candidates for ownership. */
export type AdminUser = z.infer<typeof account>;
export const adminUsersReplySchema = z.object({ users: z.array(account) });
