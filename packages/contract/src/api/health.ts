import { healthReplySchema, healthUnavailableReplySchema } from '../replies';
import type { Endpoint } from './endpoint';

export const health = {
  method: 'GET',
  path: '/api/health',
  access: 'public',
  summary: 'Ok once the database answers, with the instance that answered',
  replies: { 200: healthReplySchema, 503: healthUnavailableReplySchema },
} as const satisfies Endpoint;
