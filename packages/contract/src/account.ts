import { z } from 'zod';
import { drinkSchema } from './drinks';
import { newPasswordSchema } from './auth';
import { LANGUAGES } from './profile';
import { VALIDATION } from './messages';
import { userStatusSchema } from './users';
import { GAME_MODES, PASSWORD_MAX } from './limits';
import { ACCOUNT_REFUSALS } from './account-messages';
import { gameStatusSchema } from './game-state';

/** A password the caller types to prove it is them (any length a password may have). */
const typedPasswordSchema = z
  .string({ error: VALIDATION.passwordRequired })
  .min(1, VALIDATION.passwordRequired)
  .max(PASSWORD_MAX, VALIDATION.passwordTooLong);

/** POST /api/profile/password: the new one follows the registration's rules. */
export const changePasswordBodySchema = z.strictObject({
  currentPassword: typedPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** DELETE /api/profile: the password confirms it. */
export const deleteAccountBodySchema = z.strictObject({ password: typedPasswordSchema });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** A session's id in paths: the token's id (a UUID), which is useless without its signature. */
export const sessionIdSchema = z
  .string()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    ACCOUNT_REFUSALS.sessionNotFound,
  );

/** GET /api/profile/sessions: the caller's live sessions, newest first. */
export const accountSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** Browser and system, e.g. "Firefox 132 on Windows"; "Unknown device" when not told. */
  userAgent: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsReplySchema = z.array(accountSessionSchema);

export const endedSessionsReplySchema = z.object({ message: z.string(), ended: z.number() });

/** POST /api/admin/users/{id}/reset-link */
export const resetLinkReplySchema = z.object({ url: z.string(), expiresAt: z.string() });
export type ResetLinkReply = z.infer<typeof resetLinkReplySchema>;

/** The token of a reset link: 32 random bytes, base64url. */
export const resetTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, ACCOUNT_REFUSALS.resetLinkInvalid);

/** GET /api/password-reset/{token}: whose password the link sets, until when. */
export const passwordResetInfoReplySchema = z.object({
  username: z.string(),
  expiresAt: z.string(),
});
export type PasswordResetInfo = z.infer<typeof passwordResetInfoReplySchema>;

/** POST /api/password-reset/{token} */
export const resetPasswordBodySchema = z.strictObject({ newPassword: newPasswordSchema });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** The administrator's accounts page comes in pages. */
export const ADMIN_ACCOUNTS_PAGE = { default: 20, max: 100 } as const;
const ACCOUNTS_LIMIT = `Limit must be between 1 and ${ADMIN_ACCOUNTS_PAGE.max}`;
const ACCOUNTS_OFFSET = 'Offset must be a whole number from 0';

/** GET /api/admin/accounts?search=&limit=&offset=: an empty search lists everyone. */
export const adminAccountsQuerySchema = z.strictObject({
  search: z.string().trim().max(100).default(''),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int(ACCOUNTS_LIMIT)
    .min(1, ACCOUNTS_LIMIT)
    .max(ADMIN_ACCOUNTS_PAGE.max, ACCOUNTS_LIMIT)
    .default(ADMIN_ACCOUNTS_PAGE.default),
  offset: z.coerce
    .number({ error: ACCOUNTS_OFFSET })
    .int(ACCOUNTS_OFFSET)
    .min(0, ACCOUNTS_OFFSET)
    .max(2_147_483_647, ACCOUNTS_OFFSET)
    .default(0),
});
export type AdminAccountsQuery = z.infer<typeof adminAccountsQuerySchema>;

export const adminAccountSchema = z.object({
  id: z.number(),
  username: z.string(),
  playerName: z.string(),
  isAdmin: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;
export const adminAccountsReplySchema = z.object({
  users: z.array(adminAccountSchema),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
});
export type AdminAccountsReply = z.infer<typeof adminAccountsReplySchema>;

/**
 * GET /api/site: the operator's links (IMPRINT_URL, PRIVACY_URL), null when not configured, and
 * help with alcohol (HELP_URL, by default the national help service).
 */
export const siteReplySchema = z.object({
  imprintUrl: z.string().nullable(),
  privacyUrl: z.string().nullable(),
  helpUrl: z.string().nullable(),
});
export type SiteReply = z.infer<typeof siteReplySchema>;

const nullableNumber = z.number().nullable();

/**
 * GET /api/profile/export: everything stored about the account (GDPR Art. 20), as a JSON file.
 * Other players appear only as the games' names; a scale's WiFi password is left out.
 */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  account: z.object({
    id: z.number(),
    username: z.string(),
    playerName: z.string(),
    language: z.enum(LANGUAGES),
    status: userStatusSchema,
    isAdmin: z.boolean(),
    createdAt: z.string(),
    /** Responsible play: when registration confirmed 16+, the default drink, the evening limit. */
    ageConfirmedAt: z.string().nullable(),
    defaultDrink: drinkSchema,
    eveningLimit: nullableNumber,
  }),
  statistics: z.object({
    currentElo: z.number(),
    peakElo: z.number(),
    gamesPlayed: z.number(),
    gamesWon: z.number(),
    rankedGamesPlayed: z.number(),
    totalExactMatches: z.number(),
    bestMeanDifference: nullableNumber,
    averageMeanDifference: nullableNumber,
  }),
  ratingHistory: z.array(
    z.object({
      gameId: z.number(),
      gameName: z.string(),
      eloBefore: z.number(),
      eloAfter: z.number(),
      recordedAt: z.string(),
    }),
  ),
  games: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      mode: z.enum(GAME_MODES),
      status: gameStatusSchema,
      createdAt: z.string(),
      startedAt: z.string().nullable(),
      completedAt: z.string().nullable(),
      scaleAddress: z.string().nullable(),
      playerName: z.string(),
      position: z.number(),
      isLeader: z.boolean(),
      rank: nullableNumber,
      startWeight: nullableNumber,
      lastWeight: nullableNumber,
      meanDifference: nullableNumber,
      exactMatches: z.number(),
      bestDifference: nullableNumber,
      eloBefore: nullableNumber,
      eloAfter: nullableNumber,
      /** What the player drank in this game, from the readings below. */
      drink: drinkSchema,
      drankGrams: z.number(),
      alcoholGrams: z.number(),
      standardDrinks: z.number(),
      readings: z.array(
        z.object({
          round: z.number(),
          grams: z.number(),
          differenceG: nullableNumber,
          source: z.enum(['scale', 'bluetooth', 'manual']),
          recordedAt: z.string(),
        }),
      ),
    }),
  ),
  invitations: z.array(
    z.object({
      id: z.number(),
      gameId: z.number(),
      gameName: z.string(),
      direction: z.enum(['sent', 'received']),
      status: z.enum(['pending', 'accepted', 'declined', 'cancelled']),
      createdAt: z.string(),
      respondedAt: z.string().nullable(),
    }),
  ),
  scales: z.array(
    z.object({
      mac: z.string(),
      owner: z.boolean(),
      approved: z.boolean(),
      bridged: z.boolean(),
      scaleName: z.string().nullable(),
      modelName: z.string().nullable(),
      firmware: z.string().nullable(),
      createdAt: z.string(),
      lastSeenAt: z.string().nullable(),
      /** Its settings as stored (only for a scale the account owns), without the WiFi password. */
      settings: z.record(z.string(), z.string()),
    }),
  ),
  sessions: z.array(
    z.object({
      createdAt: z.string(),
      lastSeenAt: z.string(),
      expiresAt: z.string(),
      endedAt: z.string().nullable(),
      userAgent: z.string(),
    }),
  ),
  /** The groups the account is or was a member of (its games there are in `games`). */
  groups: z.array(
    z.object({
      groupId: z.number(),
      name: z.string(),
      memberId: z.number(),
      role: z.enum(['captain', 'member', 'guest']),
      joinedAt: z.string(),
      leftAt: z.string().nullable(),
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
