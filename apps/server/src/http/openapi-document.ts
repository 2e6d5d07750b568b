import { z } from 'zod';
import { errorStatuses, successStatus, type Endpoint } from '@beerscale/contract/api/endpoint';
import { endpoints } from '@beerscale/contract/api/endpoints';
import { errorReplySchema } from '@beerscale/contract/errors';

type Json = Record<string, unknown>;

/** The API's own version in the documents (its paths and shapes, not the app's release). */
export const API_VERSION = '1.0.0';

const STATUS_TEXTS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'The request is malformed or breaks a rule; `error` is the first message, `errors` all',
  401: 'No live session (missing, malformed, expired or revoked bearer token)',
  403: 'The caller may not do this',
  404: 'Not found (or not visible to the caller)',
  409: 'The resource is not in a state that allows this',
  413: 'The body is too large',
  415: 'The body is not JSON',
  429: 'Too many requests; the message says how long to wait',
  500: 'An unexpected fault (never with details)',
  503: 'The database is unreachable',
};

/**
 * The OpenAPI 3.1 document of the REST API, generated from the contract's endpoint table with
 * zod's own JSON Schema output (draft 2020-12, which OpenAPI 3.1 uses as is): inputs as a client
 * sends them, replies as the server sends them. Refusals share one schema, `ErrorReply`.
 */
export function openApiDocument(version: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const [name, endpoint] of Object.entries(endpoints)) {
    paths[endpoint.path] ??= {};
    paths[endpoint.path]![endpoint.method.toLowerCase()] = operation(name, endpoint);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'beerscale REST API',
      version,
      description:
        'Every refusal is `{ error, code }` (plus `errors` when several rules failed): `error` ' +
        'is the English text, `code` a stable key for translations. The live channels ' +
        '(/ws for browsers, /ws/device for scales, /ws/watch for watchers) are described in ' +
        'docs/DEVICE-PROTOCOL.md and docs/asyncapi.json.',
    },
    paths,
    components: {
      schemas: { ErrorReply: jsonSchema(errorReplySchema, 'output') },
      securitySchemes: { session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}

function operation(name: string, endpoint: Endpoint): Json {
  const op: Json = {
    operationId: name,
    summary: endpoint.summary,
    tags: [tagOf(endpoint.path)],
  };
  if (endpoint.access !== 'public') op.security = [{ session: [] }];
  if (endpoint.access === 'admin') op.description = 'Administrators only.';
  const parameters = [...pathParameters(endpoint), ...queryParameters(endpoint)];
  if (parameters.length > 0) op.parameters = parameters;
  if (endpoint.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } },
    };
  }
  const responses: Record<string, Json> = {};
  for (const [status, schema] of Object.entries(endpoint.replies)) {
    if (!schema) continue;
    const success = Number(status) === successStatus(endpoint);
    const text = success ? undefined : STATUS_TEXTS[+status];
    responses[status] = {
      description: text ?? STATUS_TEXTS[+status] ?? 'Reply',
      content:
        success && endpoint.produces
          ? {
              [endpoint.produces]: {
                schema: { type: 'string', contentMediaType: endpoint.produces },
              },
            }
          : { 'application/json': { schema: jsonSchema(schema, 'output') } },
    };
  }
  for (const status of errorStatuses(endpoint)) {
    responses[String(status)] = {
      description: STATUS_TEXTS[status],
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorReply' } } },
    };
  }
  op.responses = responses;
  return op;
}

/** `/api/scale-settings/scales/{mac}` -> `scale-settings` */
const tagOf = (path: string) => path.split('/')[2] ?? 'api';

function pathParameters(endpoint: Endpoint): Json[] {
  if (!endpoint.params) return [];
  return Object.entries(endpoint.params.shape).map(([name, schema]) => ({
    name,
    in: 'path',
    required: true,
    schema: jsonSchema(schema as z.ZodType, 'input'),
  }));
}

function queryParameters(endpoint: Endpoint): Json[] {
  if (!endpoint.query) return [];
  const object = jsonSchema(endpoint.query, 'input') as {
    properties?: Record<string, Json>;
    required?: string[];
  };
  return Object.entries(object.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: object.required?.includes(name) ?? false,
    schema,
  }));
}

/**
 * A schema for the document: without `$schema` (the document's dialect applies), and with
 * nothing zod cannot express left in (a refinement is checked by the server, not described).
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
  }) as Json;
  // A local $defs reference would point at the document's root: the contract must not need one.
  if ('$defs' in json) throw new Error('A contract schema needs $defs: give it no shared parts');
  return json;
}
