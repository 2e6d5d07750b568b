import { z } from 'zod';
import {
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PLAYER_NAME_MAX,
  USERNAME_MAX,
  USERNAME_MIN,
} from './limits';
import { macSchema } from './mac';
import { VALIDATION } from './messages';
import { DRINK_MESSAGES } from './drinks';
import { hasHiddenCharacters, mixesScripts, normalizeName } from './names';
import { EMAIL_PATTERN, USERNAME_PATTERN } from './username-patterns';
import { userStatusSchema } from './users';

/** The username rule, which depends on whether it looks like an e-mail address. */
export const usernameSchema = z
  .string({ error: VALIDATION.usernameRequired })
  .trim()
  .overwrite(normalizeName)
  .min(1, VALIDATION.usernameRequired)
  .superRefine((value, ctx) => {
    if (hasHiddenCharacters(value)) {
      ctx.addIssue({ code: 'custom', message: VALIDATION.usernameHiddenCharacters });
      return;
    }
    if (mixesScripts(value)) {
      ctx.addIssue({ code: 'custom', message: VALIDATION.usernameMixedScripts });
      return;
    }
    if (value.includes('@')) {
      if (!EMAIL_PATTERN.test(value) || value.length > EMAIL_MAX) {
        ctx.addIssue({ code: 'custom', message: VALIDATION.invalidEmail });
      }
      return;
    }
    if (value.length < USERNAME_MIN || value.length > USERNAME_MAX) {
      ctx.addIssue({ code: 'custom', message: VALIDATION.usernameLength });
    } else if (!USERNAME_PATTERN.test(value)) {
      ctx.addIssue({ code: 'custom', message: VALIDATION.usernameCharacters });
    }
  });

export const playerNameSchema = z
  .string({ error: VALIDATION.playerNameRequired })
  .trim()
  .overwrite(normalizeName)
  .min(1, VALIDATION.playerNameRequired)
  .max(PLAYER_NAME_MAX, VALIDATION.playerNameLength)
  .refine((value) => !hasHiddenCharacters(value), VALIDATION.playerNameHiddenCharacters);

export const newPasswordSchema = z
  .string({ error: VALIDATION.passwordRequired })
  .min(1, VALIDATION.passwordRequired)
  .min(PASSWORD_MIN, VALIDATION.passwordLength)
  .max(PASSWORD_MAX, VALIDATION.passwordTooLong);

/** POST /api/register */
export const registerBodySchema = z.strictObject({
  macAddress: macSchema,
  username: usernameSchema,
  playerName: playerNameSchema,
  password: newPasswordSchema,
  /**
   * The registration form's confirmation of an age of at least 16 (stored with the account);
   * optional here, so SPEC's body without it still registers.
   */
  ageConfirmed: z.boolean({ error: 'ageConfirmed must be true or false' }).optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** The registration form adds the confirmation, which never leaves the browser. */
export const registerFormSchema = registerBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: VALIDATION.passwordsDoNotMatch,
    path: ['confirmPassword'],
  })
  .refine((form) => form.ageConfirmed === true, {
    message: DRINK_MESSAGES.ageNotConfirmed,
    path: ['ageConfirmed'],
  });

export const registerReplySchema = z.object({ message: z.string(), userId: z.number() });
export type RegisterReply = z.infer<typeof registerReplySchema>;

/**
 * POST /api/login: the form asks only that both are there; wrong ones are a 401. The username is
 * normalised as at registration, so it finds the account however the "é" was typed.
 */
export const loginBodySchema = z.strictObject({
  username: z
    .string({ error: VALIDATION.usernameRequired })
    .trim()
    .overwrite(normalizeName)
    .min(1, VALIDATION.usernameRequired)
    .max(EMAIL_MAX, VALIDATION.usernameRequired),
  password: z
    .string({ error: VALIDATION.passwordRequired })
    .min(1, VALIDATION.passwordRequired)
    .max(PASSWORD_MAX, VALIDATION.passwordTooLong),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const sessionUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  playerName: z.string(),
  status: userStatusSchema,
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginReplySchema = z.object({ token: z.string(), user: sessionUserSchema });
export type LoginReply = z.infer<typeof loginReplySchema>;

export const verifyTokenReplySchema = z.object({
  valid: z.boolean(),
  user: sessionUserSchema.optional(),
  error: z.string().optional(),
});
export type VerifyTokenReply = z.infer<typeof verifyTokenReplySchema>;

export const logoutReplySchema = z.object({ message: z.string() });
