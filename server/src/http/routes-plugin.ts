import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Services } from '../services.js';

/** What a route file is given: the config and the services. Never the database: routes reach data through services. */
export interface RouteContext {
  config: Config;
  services: Services;
}

/** The type of every `<name>.routes.ts` plugin. */
export type RoutesPlugin = FastifyPluginAsyncZod<RouteContext>;
