import { DatabaseHealth, SELECT_ONE } from '../db/database-health';
import { registerCompression } from './compression';
import { registerErrorHandler } from './error-handler';
import type { FeatureCore } from './feature-core';
import { registerHealthRoute } from './health.routes';
import type { EndpointRoutes } from './register-endpoint';
import { registerWebApp } from './web-app';

export interface HttpFeature {
  /** Whether the built web app is served (webDist has an index.html). */
  serving: boolean;
  /** GET /api/health, the first endpoint. */
  register(routes: EndpointRoutes): void;
}

/**
 * The port's own features, before any endpoint: compression, the built web app with its SPA
 * fallback, the one error handler, and health's view of the database.
 */
export async function httpFeature({
  app,
  db,
  config,
  instanceId,
}: FeatureCore): Promise<HttpFeature> {
  await registerCompression(app);
  const serving = await registerWebApp(app, config.webDist);
  const databaseHealth = new DatabaseHealth(
    () => db.executeQuery(SELECT_ONE),
    config.healthSuccessMaxAgeMs,
  );
  registerErrorHandler(app, {
    spaFallback: serving,
    onDatabaseUnavailable: () => databaseHealth.forget(),
  });
  return {
    serving,
    register: (routes) => registerHealthRoute(routes, databaseHealth, instanceId),
  };
}
