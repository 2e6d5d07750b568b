import { adminReportsReplySchema, reportBodySchema } from '../rating';
import { messageReplySchema } from '../replies';
import type { Endpoint } from './endpoint';
import { idParams } from './params';

/** Ranked results worth believing: reports by participants, voids by administrators. */
export const reportGame = {
  method: 'POST',
  path: '/api/games/{id}/report',
  access: 'authenticated',
  summary: 'A participant reports a completed ranked game (once, within 24 hours)',
  params: idParams,
  body: reportBodySchema,
  replies: { 201: messageReplySchema },
  refusals: [404, 409],
} as const satisfies Endpoint;

export const adminReports = {
  method: 'GET',
  path: '/api/admin/reports',
  access: 'admin',
  summary: 'Reported games with their reports, newest first',
  replies: { 200: adminReportsReplySchema },
} as const satisfies Endpoint;

export const voidGame = {
  method: 'POST',
  path: '/api/admin/games/{id}/void',
  access: 'admin',
  summary: 'Void a ranked game: its rating changes are taken back from every participant',
  params: idParams,
  replies: { 200: messageReplySchema },
  refusals: [404, 409],
} as const satisfies Endpoint;
