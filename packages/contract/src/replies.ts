import { z } from 'zod';
import { ERRORS } from './messages';

/** The replies that only confirm an action (clients only tell success from an error). */
export const messageReplySchema = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof messageReplySchema>;

/** GET /api/health (for load balancers): which instance answered, once its database answers. */
export const healthReplySchema = z.object({ status: z.literal('ok'), instance: z.string() });
export const healthUnavailableReplySchema = z.object({
  status: z.literal('unavailable'),
  error: z.literal(ERRORS.unavailable),
});

/** GET /api/openapi.json: the OpenAPI 3.1 document (checked in full by @apidevtools/swagger-parser). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
