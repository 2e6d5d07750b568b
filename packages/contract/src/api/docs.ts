import { openApiDocumentSchema } from '../replies';
import type { Endpoint } from './endpoint';

/** The interactive page at /api/docs reads the same document (@fastify/swagger-ui's routes). */
export const openApi = {
  method: 'GET',
  path: '/api/openapi.json',
  access: 'public',
  summary: 'This document: every endpoint of the table, OpenAPI 3.1',
  replies: { 200: openApiDocumentSchema },
} as const satisfies Endpoint;
