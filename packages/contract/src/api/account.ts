import {
  accountExportSchema,
  accountSessionsReplySchema,
  adminAccountsQuerySchema,
  adminAccountsReplySchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  endedSessionsReplySchema,
  passwordResetInfoReplySchema,
  resetLinkReplySchema,
  resetPasswordBodySchema,
  resetTokenSchema,
  sessionIdSchema,
  siteReplySchema,
} from '../account';
import { messageReplySchema } from '../replies';
import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { idParams } from './params';

const sessionParams = z.object({ id: sessionIdSchema });
const resetTokenParams = z.object({ token: resetTokenSchema });

// The caller's own account: the session is the whole check, a password where it matters.

export const changePassword = {
  method: 'POST',
  path: '/api/profile/password',
  access: 'authenticated',
  summary: "Change the caller's password; every other session of the account ends",
  body: changePasswordBodySchema,
  replies: { 200: messageReplySchema },
  refusals: [403, 429],
} as const satisfies Endpoint;

export const mySessions = {
  method: 'GET',
  path: '/api/profile/sessions',
  access: 'authenticated',
  summary: "The caller's signed-in devices, newest first",
  replies: { 200: accountSessionsReplySchema },
} as const satisfies Endpoint;

export const endSession = {
  method: 'DELETE',
  path: '/api/profile/sessions/{id}',
  access: 'authenticated',
  summary: 'End one session of the caller (its sockets close)',
  params: sessionParams,
  replies: { 200: messageReplySchema },
  refusals: [404],
} as const satisfies Endpoint;

export const endOtherSessions = {
  method: 'POST',
  path: '/api/profile/sessions/end-others',
  access: 'authenticated',
  summary: 'End every session of the caller but this one',
  replies: { 200: endedSessionsReplySchema },
} as const satisfies Endpoint;

export const deleteAccount = {
  method: 'DELETE',
  path: '/api/profile',
  access: 'authenticated',
  summary: "Delete the caller's account for good; finished games show a deleted player",
  body: deleteAccountBodySchema,
  replies: { 200: messageReplySchema },
  refusals: [403, 409, 429],
} as const satisfies Endpoint;

export const exportAccount = {
  method: 'GET',
  path: '/api/profile/export',
  access: 'authenticated',
  summary: 'Everything stored about the caller, as a JSON file',
  replies: { 200: accountExportSchema },
} as const satisfies Endpoint;

// A reset link: its token is its own credential.

export const passwordResetInfo = {
  method: 'GET',
  path: '/api/password-reset/{token}',
  access: 'public',
  summary: 'Whose password a reset link sets, and until when it opens',
  params: resetTokenParams,
  replies: { 200: passwordResetInfoReplySchema },
  refusals: [404, 429],
} as const satisfies Endpoint;

export const resetPassword = {
  method: 'POST',
  path: '/api/password-reset/{token}',
  access: 'public',
  summary: 'Set a new password with a reset link (once); every session of the account ends',
  params: resetTokenParams,
  body: resetPasswordBodySchema,
  replies: { 200: messageReplySchema },
  refusals: [404, 429],
} as const satisfies Endpoint;

export const site = {
  method: 'GET',
  path: '/api/site',
  access: 'public',
  summary: "The operator's imprint and privacy notice links",
  replies: { 200: siteReplySchema },
} as const satisfies Endpoint;

// The administrator's duties towards accounts.

export const adminAccounts = {
  method: 'GET',
  path: '/api/admin/accounts',
  access: 'admin',
  summary: 'Accounts by username or player name, a page at a time',
  query: adminAccountsQuerySchema,
  replies: { 200: adminAccountsReplySchema },
} as const satisfies Endpoint;

export const adminResetLink = {
  method: 'POST',
  path: '/api/admin/users/{id}/reset-link',
  access: 'admin',
  summary: 'A one-time link (30 minutes) that sets a new password for the account',
  params: idParams,
  replies: { 200: resetLinkReplySchema },
  refusals: [404],
} as const satisfies Endpoint;

export const disableAccount = {
  method: 'POST',
  path: '/api/admin/users/{id}/disable',
  access: 'admin',
  summary: 'Disable an account: it cannot sign in and its sessions end',
  params: idParams,
  replies: { 200: messageReplySchema },
  refusals: [404, 409],
} as const satisfies Endpoint;

export const enableAccount = {
  method: 'POST',
  path: '/api/admin/users/{id}/enable',
  access: 'admin',
  summary: 'Let a disabled account sign in again',
  params: idParams,
  replies: { 200: messageReplySchema },
  refusals: [404],
} as const satisfies Endpoint;
