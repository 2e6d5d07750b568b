import * as account from './account';
import * as admin from './admin';
import * as auth from './auth';
import * as cards from './cards';
import * as docs from './docs';
import * as drinks from './drinks';
import type { Endpoint } from './endpoint';
import * as fastGames from './fast-games';
import * as games from './games';
import * as groups from './groups';
import * as health from './health';
import * as home from './home';
import * as integrity from './integrity';
import * as invites from './invites';
import * as leaderboard from './leaderboard';
import * as play from './play';
import * as rules from './rules';
import * as scales from './scales';
import * as tournaments from './tournaments';
import * as seats from './seats';
import * as users from './users';
import * as watch from './watch';

/**
 * Every REST endpoint by name: the server registers exactly these (a test compares them with
 * Fastify's routes), the tests iterate them and the OpenAPI document is generated from them.
 * Pages import single entries from the resource files instead, so they bundle only their schemas.
 */
export const endpoints = {
  ...health,
  ...auth,
  ...users,
  ...home,
  ...leaderboard,
  ...fastGames,
  ...games,
  ...drinks,
  ...groups,
  ...tournaments,
  ...invites,
  ...play,
  ...rules,
  ...watch,
  ...seats,
  ...cards,
  ...scales,
  ...admin,
  ...integrity,
  ...account,
  ...docs,
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export const endpointNames = Object.keys(endpoints) as EndpointName[];
