import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { openApi } from '@beerscale/contract/api/docs';
import { JsonBytes } from './json-bytes';
import { API_VERSION, openApiDocument } from './openapi-document';
import type { EndpointRoutes } from './register-endpoint';

/**
 * `GET /api/openapi.json` (serialised and compressed once) and the interactive page at
 * `/api/docs` (@fastify/swagger-ui, over @fastify/swagger in static mode with the same
 * document). The page loads its scripts and styles from files, no inline script, so the app's
 * CSP (script-src 'self') holds for it unchanged; it sends nothing to outside validators.
 */
export async function registerApiDocs(app: FastifyInstance, routes: EndpointRoutes) {
  const document = openApiDocument(API_VERSION);
  const bytes = new JsonBytes(document);
  routes.add(openApi, async ({ request, reply }) => bytes.send(request, reply));
  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: document as never },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    validatorUrl: false,
    uiConfig: { deepLinking: true, defaultModelsExpandDepth: 0 },
  });
}
