import { z } from 'zod';
import { GROUP_REFUSALS } from './group-messages';
import { PLAYER_NAME_MAX } from './limits';
import { VALIDATION } from './messages';
import { hasHiddenCharacters, normalizeName } from './names';
import { idParamSchema } from './users';

// Groups and seasons (docs/ARCHITECTURE.md, Groups): the friends who play together, their
// members (accounts and guests), their seasons, table, records and links.

export const GROUP_NAME = { min: 3, max: 40 } as const;
/** A group's season table marks a member with fewer games than this as provisional. */
export const GROUP_PROVISIONAL_GAMES = 3;
/** How many of a member's latest games the table's form column shows. */
export const GROUP_FORM_GAMES = 5;
/** 128 random bits, base64url without padding: invite, claim and public links alike. */
export const GROUP_TOKEN_LENGTH = 22;

export const groupNameSchema = z
  .string({ error: GROUP_REFUSALS.groupNameLength })
  .trim()
  .overwrite(normalizeName)
  .min(GROUP_NAME.min, GROUP_REFUSALS.groupNameLength)
  .max(GROUP_NAME.max, GROUP_REFUSALS.groupNameLength)
  .refine((value) => !hasHiddenCharacters(value), GROUP_REFUSALS.groupNameHiddenCharacters);

/** One emoji (a flag, a family or a skin tone is one too); absent: the app shows a default. */
export const groupEmojiSchema = z
  .string({ error: GROUP_REFUSALS.groupEmoji })
  .trim()
  .max(16, GROUP_REFUSALS.groupEmoji)
  .refine(isOneEmoji, GROUP_REFUSALS.groupEmoji);

function isOneEmoji(value: string): boolean {
  const segments = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(value)];
  return segments.length === 1 && /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(value);
}

/** A guest's name follows the player-name rules. */
export const guestNameSchema = z
  .string({ error: VALIDATION.playerNameRequired })
  .trim()
  .overwrite(normalizeName)
  .min(1, VALIDATION.playerNameRequired)
  .max(PLAYER_NAME_MAX, VALIDATION.playerNameLength)
  .refine((value) => !hasHiddenCharacters(value), VALIDATION.playerNameHiddenCharacters);

export const groupTokenSchema = z
  .string({ error: GROUP_REFUSALS.invalidGroupLink })
  .regex(new RegExp(`^[A-Za-z0-9_-]{${GROUP_TOKEN_LENGTH}}$`), GROUP_REFUSALS.invalidGroupLink);

export const GROUP_ROLES = ['captain', 'member', 'guest'] as const;
export const groupRoleSchema = z.enum(GROUP_ROLES);
export type GroupRole = z.infer<typeof groupRoleSchema>;

/** POST /api/groups */
export const createGroupBodySchema = z.strictObject({
  name: groupNameSchema,
  emoji: groupEmojiSchema.optional(),
});
export type CreateGroupBody = z.infer<typeof createGroupBodySchema>;
export const createGroupReplySchema = z.object({ id: z.number() });

export const seasonSchema = z.object({
  number: z.number().int(),
  name: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type Season = z.infer<typeof seasonSchema>;

/** GET /api/groups: the caller's groups, with their place in each running season's table. */
export const myGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  emoji: z.string().nullable(),
  role: groupRoleSchema,
  members: z.number().int(),
  season: seasonSchema,
  /** The caller's place in the running season's table; null before their first game. */
  place: z.number().int().nullable(),
});
export type MyGroup = z.infer<typeof myGroupSchema>;
export const myGroupListSchema = z.array(myGroupSchema);

export const groupMemberSchema = z.object({
  memberId: z.number(),
  userId: z.number().nullable(),
  name: z.string(),
  role: groupRoleSchema,
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const championSchema = z.object({ memberId: z.number(), name: z.string(), elo: z.number() });

/** GET /api/groups/{id} */
export const groupDetailSchema = z.object({
  id: z.number(),
  name: z.string(),
  emoji: z.string().nullable(),
  /** The caller's own membership. */
  memberId: z.number(),
  role: groupRoleSchema,
  members: z.array(groupMemberSchema),
  season: seasonSchema,
  seasons: z.array(seasonSchema.extend({ champion: championSchema.nullable() })),
  /** Whether the read-only public link is on (told to the captain only; renewing shows it). */
  publicLinkOn: z.boolean(),
  /** The last set-up of the group's games: line-up and house rules to start the next from. */
  lastSetup: z
    .object({
      memberIds: z.array(z.number()),
      guestNames: z.array(z.string()),
      rules: z.unknown().nullable(),
      containerType: z.string().nullable(),
      rounds: z.number().nullable(),
    })
    .nullable(),
  /** What the caller may do here, as the server's policy decides. */
  can: z.object({
    invite: z.boolean(),
    addGuest: z.boolean(),
    claimLink: z.boolean(),
    remove: z.boolean(),
    newSeason: z.boolean(),
    handOver: z.boolean(),
    publicLink: z.boolean(),
    setUpGames: z.boolean(),
  }),
});
export type GroupDetail = z.infer<typeof groupDetailSchema>;

/** POST /api/groups/{id}/invite-link, .../claim-link, .../public-link */
export const groupLinkReplySchema = z.object({ token: groupTokenSchema, url: z.string() });
export type GroupLinkReply = z.infer<typeof groupLinkReplySchema>;

/** POST /api/groups/join and /api/groups/claim */
export const groupTokenBodySchema = z.strictObject({ token: groupTokenSchema });
export const joinGroupReplySchema = z.object({ groupId: z.number(), memberId: z.number() });

/** GET /api/groups/links/{token}: what a link is before it is used (no account needed). */
export const groupLinkInfoSchema = z.object({
  kind: z.enum(['invite', 'claim']),
  groupName: z.string(),
  emoji: z.string().nullable(),
  /** A claim link's guest. */
  guestName: z.string().nullable(),
});
export type GroupLinkInfo = z.infer<typeof groupLinkInfoSchema>;

/** POST /api/groups/{id}/guests */
export const addGuestBodySchema = z.strictObject({ name: guestNameSchema });
export const memberIdReplySchema = z.object({ memberId: z.number() });

/** POST /api/groups/{id}/captain */
export const handOverBodySchema = z.strictObject({ memberId: idParamSchema });

/** POST /api/groups/{id}/seasons */
export const newSeasonBodySchema = z.strictObject({
  name: z
    .string()
    .trim()
    .overwrite(normalizeName)
    .max(GROUP_NAME.max, GROUP_REFUSALS.groupNameLength)
    .refine((value) => !hasHiddenCharacters(value), GROUP_REFUSALS.groupNameHiddenCharacters)
    .optional(),
});
export const newSeasonReplySchema = z.object({ season: seasonSchema });

/** GET /api/groups/{id}/leaderboard?season=N|all (absent: the running season) */
export const groupLeaderboardQuerySchema = z.strictObject({
  season: z
    .union([z.literal('all'), z.coerce.number().int().min(1).max(100_000)], {
      error: "season must be a season's number or 'all'",
    })
    .optional(),
});

export const groupTableRowSchema = z.object({
  memberId: z.number(),
  name: z.string(),
  elo: z.number(),
  games: z.number().int(),
  wins: z.number().int(),
  exactHits: z.number().int(),
  /** Mean of the member's game means, grams; null before a game with readings. */
  meanDifference: z.number().nullable(),
  penalties: z.number().int(),
  provisional: z.boolean(),
  /** The member's last games, newest first: their rank in each and the game. */
  form: z.array(z.object({ gameId: z.number(), rank: z.number().int(), won: z.boolean() })),
});
export type GroupTableRow = z.infer<typeof groupTableRowSchema>;
export const groupLeaderboardReplySchema = z.object({
  season: z.union([z.number().int(), z.literal('all')]),
  rows: z.array(groupTableRowSchema),
});
export type GroupLeaderboardReply = z.infer<typeof groupLeaderboardReplySchema>;

export const GROUP_RECORD_KINDS = [
  'bestGameMean',
  'mostExactHits',
  'longestWinningStreak',
  'biggestSip',
  'mostPenalties',
  'mostGames',
] as const;
export type GroupRecordKind = (typeof GROUP_RECORD_KINDS)[number];

export const groupRecordSchema = z.object({
  kind: z.enum(GROUP_RECORD_KINDS),
  memberId: z.number(),
  name: z.string(),
  /** Grams (bestGameMean, biggestSip) or a count. */
  value: z.number(),
  /** The game it came from (the last game of a streak); null for most games played. */
  gameId: z.number().nullable(),
});
export type GroupRecord = z.infer<typeof groupRecordSchema>;

/**
 * What a member drank over the group's completed games, from the scale's readings (docs/RULES.md,
 * "Drinks and responsible play"): totals in a quiet list by name, never ranked, no trophy.
 */
export const groupMemberDrinksSchema = z.object({
  memberId: z.number(),
  name: z.string(),
  /** The group games with readings of the member's container. */
  games: z.number().int(),
  /** Grams drunk in them (every decrease of the container, the finale's included). */
  drankGrams: z.number(),
  /** Grams of alcohol in that, one decimal. */
  alcoholGrams: z.number(),
  /** Standard drinks (10 g of alcohol each), one decimal. */
  standardDrinks: z.number(),
  /** Of drankGrams, what was water or alcohol-free (below 1.2 %). */
  alcoholFreeGrams: z.number(),
});
export type GroupMemberDrinks = z.infer<typeof groupMemberDrinksSchema>;

/** The hall of fame and the records: the records call's and the public page's. */
const hallAndRecordsSchema = z.object({
  hallOfFame: z.array(
    z.object({
      season: seasonSchema,
      champion: championSchema.nullable(),
      table: z.array(groupTableRowSchema),
    }),
  ),
  records: z.array(groupRecordSchema),
});

/** GET /api/groups/{id}/records */
export const groupRecordsReplySchema = hallAndRecordsSchema.extend({
  /** Members only: what each member drank (the public page leaves it out). By name. */
  drinks: z.array(groupMemberDrinksSchema),
});
export type GroupRecordsReply = z.infer<typeof groupRecordsReplySchema>;

/** GET /api/groups/{id}/head-to-head?a=M&b=M */
export const headToHeadQuerySchema = z.strictObject({ a: idParamSchema, b: idParamSchema });
const sideSchema = z.object({
  memberId: z.number(),
  name: z.string(),
  wins: z.number().int(),
  /** Mean of this member's game means in the games both played; null without readings. */
  meanDifference: z.number().nullable(),
});
export const headToHeadReplySchema = z.object({
  games: z.number().int(),
  draws: z.number().int(),
  a: sideSchema,
  b: sideSchema,
});
export type HeadToHeadReply = z.infer<typeof headToHeadReplySchema>;

/** GET /api/groups/{id}/games: the group's latest completed games. */
export const groupGameSchema = z.object({
  gameId: z.number(),
  name: z.string(),
  mode: z.enum(['fast', 'ranked']),
  completedAt: z.string(),
  players: z.array(
    z.object({
      memberId: z.number().nullable(),
      name: z.string(),
      rank: z.number().int().nullable(),
      meanDifference: z.number().nullable(),
    }),
  ),
});
export type GroupGame = z.infer<typeof groupGameSchema>;
export const groupGameListSchema = z.array(groupGameSchema);

/** GET /api/public-groups/{token}: the read-only public page. */
export const publicGroupReplySchema = z.object({
  name: z.string(),
  emoji: z.string().nullable(),
  season: seasonSchema,
  table: z.array(groupTableRowSchema),
  // Without the members' drinks: what someone drank is for the group, not for a public link.
  records: hallAndRecordsSchema,
});
export type PublicGroupReply = z.infer<typeof publicGroupReplySchema>;

/** An item of a group fast game's `players`: a member (the name comes from the group). */
export const groupMemberPlayerSchema = z.strictObject({ memberId: idParamSchema });

export const groupIdSchema = idParamSchema;
