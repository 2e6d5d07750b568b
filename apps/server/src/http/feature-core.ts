import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { EventBus } from '../realtime/event-bus';

/**
 * What buildApp hands every feature registration (docs/ARCHITECTURE.md, Features): the
 * framework, the database, the configuration, the bus and this process's name. A feature takes
 * the other features it needs as further arguments.
 */
export interface FeatureCore {
  app: FastifyInstance;
  db: Db;
  config: Config;
  bus: EventBus;
  /** Names this process in the bus envelopes, the presence tables and device connection ids. */
  instanceId: string;
}
