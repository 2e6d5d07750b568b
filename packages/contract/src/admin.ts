import { z } from 'zod';
import { idParamSchema } from './users';

const account = z.object({ id: z.number(), username: z.string(), playerName: z.string() });

/** The administrator's scale list comes in pages: thousands of scales make one reply too big. */
export const ADMIN_SCALES_PAGE = { default: 50, max: 200, screen: 20 } as const;
const LIMIT_RANGE = `Limit must be between 1 and ${ADMIN_SCALES_PAGE.max}`;
const OFFSET_RANGE = 'Offset must be a whole number from 0';

/** GET /api/admin/scales?limit=50&offset=0 */
export const adminScalesQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, LIMIT_RANGE)
    .max(ADMIN_SCALES_PAGE.max, LIMIT_RANGE)
    .default(ADMIN_SCALES_PAGE.default),
  offset: z.coerce
    .number({ error: OFFSET_RANGE })
    .int(OFFSET_RANGE)
    .min(0, OFFSET_RANGE)
    .max(2_147_483_647, OFFSET_RANGE)
    .default(0),
});
export type AdminScalesQuery = z.infer<typeof adminScalesQuerySchema>;

/**
 * One registered scale, who owns it, and every account that registered with its address
 * (`registrants`, in the order they registered; `requestedBy` is the first of them), so the
 * administrator chooses the owner among them.
 */
export const adminScaleSchema = z.object({
  mac: z.string(),
  scaleName: z.string().nullable(),
  modelName: z.string().nullable(),
  /** A Bluetooth scale bridged by a player's browser; its model is the name it advertises. */
  bridged: z.boolean(),
  approved: z.boolean(),
  connected: z.boolean(),
  lastSeenAt: z.string().nullable(),
  owner: account.nullable(),
  requestedBy: account.nullable(),
  registrants: z.array(account),
});
export type AdminScale = z.infer<typeof adminScaleSchema>;
/** One page, the newest scales first; `total` counts every scale. */
export const adminScalesReplySchema = z.object({
  scales: z.array(adminScaleSchema),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
});
export type AdminScalesReply = z.infer<typeof adminScalesReplySchema>;

/** The /admin list's position: "Scales 21–40 of 123". */
export const adminScalesRange = (offset: number, shown: number, total: number) =>
  `Scales ${offset + 1}–${offset + shown} of ${total}`;

/** GET /api/admin/users?search=: candidates for ownership. */
export type AdminUser = z.infer<typeof account>;
export const adminUsersReplySchema = z.object({ users: z.array(account) });

/** GET /api/admin/users?search= (an empty search lists nobody). */
export const adminUsersQuerySchema = z.strictObject({
  search: z.string().trim().max(100).default(''),
});

/** POST /api/admin/scales/{mac}/assign */
export const assignScaleBodySchema = z.strictObject({ userId: idParamSchema });
