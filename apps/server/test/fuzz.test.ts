import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Endpoint } from '@beerscale/contract/api/endpoint';
import { endpoints, type EndpointName } from '@beerscale/contract/api/endpoints';
import {
  browserToServerSchema,
  serverToBrowserSchema,
  type BrowserToServer,
} from '@beerscale/contract/browser-socket';
import {
  DEVICE_TO_SERVER_TYPES,
  deviceToServerSchema,
  serverToDeviceSchema,
  type DeviceToServer,
} from '@beerscale/contract/device-socket';
import { SOCKET_MAX_MESSAGE_BYTES } from '@beerscale/contract/limits';
import { macSchema } from '@beerscale/contract/mac';
import { ERRORS, VALIDATION } from '@beerscale/contract/messages';
import { containsUnstorableText } from '@beerscale/contract/text';
import { runAdminCommand } from '../src/admin/admin-cli';
import { signUp, type Account } from './support/accounts';
import { snapshotDatabase, snapshotDiff, type Snapshot } from './support/db-snapshot';
import { openDevice, type RawDevice } from './support/device-socket';
import { adminToken, pairRawDevice } from './support/pairing';
import { forgeTokens, type ForgedTokens } from './support/forged-tokens';
import {
  EXTRA_KEYS,
  Rng,
  brief,
  hostileString,
  hostileValue,
  mutate,
  randomText,
  rawJunk,
  seedOf,
} from './support/fuzz-values';
import { httpClient, type HttpCall, type Reply } from './support/http-client';
import { createGame, inviteTo } from './support/ranked';
import { fastifyPath } from '../src/http/register-endpoint';
import { openSocket, type TestSocket } from './support/socket-client';
import { startTestServer, type TestServer } from './support/test-server';
import { describeEachDialect } from './support/each-dialect';

// Thousands of malformed, oversized, wrongly typed and boundary inputs to every HTTP route and
// every socket message type, from a seeded PRNG: FUZZ_SEED replays a run, FUZZ_RUNS scales it
// (`npm run test:fuzz` runs 20000). The contract's own schemas are the oracle: what they refuse,
// the server must refuse with a 4xx `{ error }`, and no refusal may write anything.

const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_250_607);
const HTTP_CASES = Math.round(RUNS * 0.7);
const BROWSER_FRAMES = Math.round(RUNS * 0.15);
const DEVICE_FRAMES = Math.round(RUNS * 0.15);
const TIME_BUDGET_MS = 60_000 + RUNS * 40;

const STACK_TRACE = /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\.js:\d+:\d+/;
const BODY_LIMIT = SOCKET_MAX_MESSAGE_BYTES;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Fixture {
  me: Account;
  other: Account;
  third: Account;
  adminToken: string;
  /** Ranked, led by `me`, `other` invited (pending). */
  game: number;
  invite: number;
  /** Ranked, led by `third`, `me` invited (pending). */
  foreignGame: number;
  myInvite: number;
  /** A running fast game of ten players and ten rounds, led by `runner`. */
  runner: Account;
  running: number;
  /** The watch link of `running`. */
  watchToken: string;
  /** Seats on phones: `running`'s join code, its runner's own seat, a seat taken with the code. */
  joinCode: string;
  runnerPlayer: number;
  seatPlayer: number;
  seatToken: string;
  forged: ForgedTokens;
  /** A group captained by `me` with `other` as a member and a guest; its live links. */
  group: number;
  groupMember: number;
  groupGuest: number;
  groupInvite: string;
  groupClaim: string;
  groupPublic: string;
  /** A grand prix of that group, one of its entries and its table screen's token. */
  tournament: number;
  tournamentEntry: number;
  tournamentToken: string;
}

type Who = 'public' | 'user' | 'admin' | 'seat';
type Pairs = [string, string][];

interface BaseInput {
  params?: Record<string, string>;
  query?: Pairs;
  body?: unknown;
}

/** How the fuzzer calls one endpoint of the table; its input schemas come from the table. */
interface FuzzEntry {
  /** A valid request on the fixture's ids. */
  base: (f: Fixture) => BaseInput;
  /** An accepted call would end the fuzzer's own session: only refused ones are sent. */
  refusedOnly?: boolean;
  /** Who calls, when not the fuzzer (`me`) or the administrator. */
  caller?: (f: Fixture) => Account;
}

interface RouteSpec extends FuzzEntry {
  /** `METHOD /path/:param`, as Fastify routes it (and the seed of its cases). */
  route: string;
  /** Whose token the request carries (verify-token reads one though it is not guarded). */
  who: Who;
  params?: Record<string, z.ZodType>;
  query?: z.ZodType;
  body?: z.ZodType;
}

const none = () => ({});
const gameId = (f: Fixture) => ({ params: { id: String(f.game) } });
const rankedSetup = (f: Fixture) => ({
  ...gameId(f),
  body: { scaleAddress: f.me.mac, containerType: 'BEER_CAN', rounds: 2 },
});
// The game the fuzzer is only invited to: accepted calls are refused there, not run.
const foreignGame = (f: Fixture) => ({ params: { id: String(f.foreignGame) } });
const otherMac = (f: Fixture) => ({ params: { mac: f.other.mac } });
const groupId = (f: Fixture) => ({ params: { id: String(f.group) } });
const groupMember = (f: Fixture) => ({
  params: { id: String(f.group), memberId: String(f.groupMember) },
});

/** A valid request for every endpoint of the table (a missing one does not compile). */
const FUZZ: Record<EndpointName, FuzzEntry> = {
  health: { base: none },
  openApi: { base: none },
  register: {
    base: (f) => ({
      body: {
        macAddress: 'AB00000000F1',
        username: f.me.username,
        playerName: 'Fuzz',
        password: 'secret-pass',
      },
    }),
  },
  login: { base: (f) => ({ body: { username: f.me.username, password: f.me.password } }) },
  verifyToken: { base: none },
  logout: { refusedOnly: true, base: none },
  home: { base: none },
  leaderboard: {
    base: () => ({
      query: [
        ['includeStatus', 'true'],
        ['limit', '50'],
      ],
    }),
  },
  listUsers: {
    base: (f) => ({
      query: [
        ['search', f.other.playerName.slice(0, 3)],
        ['limit', '5'],
        ['t', '1'],
      ],
    }),
  },
  activeRankedGame: { base: none },
  setStatus: { base: (f) => ({ params: { id: String(f.me.id) }, body: { status: 'searching' } }) },
  eloHistory: { base: (f) => ({ params: { id: String(f.other.id) } }) },
  profile: { base: none },
  updateProfile: { base: () => ({ body: { playerName: 'Fuzzer' } }) },
  createFastGame: {
    base: (f) => ({
      body: {
        players: ['Me', 'Bob', ''],
        scaleAddress: f.me.mac,
        containerType: 'BEER_BOTTLE',
        rounds: 3,
      },
    }),
  },
  activeFastGame: { base: none },
  startFastGame: { base: gameId },
  createGame: { base: () => ({ body: { gameName: 'Fuzz night' } }) },
  myInvites: { base: none },
  answerInvite: {
    base: (f) => ({ params: { inviteId: String(f.myInvite) }, body: { status: 'declined' } }),
  },
  game: { base: gameId },
  gameState: { base: gameId },
  validateGame: { base: gameId },
  participants: { base: gameId },
  pendingInvites: { base: gameId },
  setupRanked: { base: rankedSetup },
  startRanked: { base: rankedSetup },
  typedReading: {
    // A running game, so that accepted readings go through the engine and into the tables.
    caller: (f) => f.runner,
    base: (f) => ({ params: { id: String(f.running) }, body: { grams: 512 } }),
  },
  finishGame: { base: foreignGame },
  leaveGame: { base: foreignGame },
  cancelGame: { base: foreignGame },
  kickParticipant: {
    base: (f) => ({ params: { id: String(f.game), playerId: String(f.other.id) } }),
  },
  reorderParticipants: {
    base: (f) => ({
      ...gameId(f),
      body: { participantOrder: [{ id: f.me.id, playerName: f.me.playerName, position: 0 }] },
    }),
  },
  invitePlayer: { base: (f) => ({ ...gameId(f), body: { playerId: f.other.id } }) },
  setGameDrink: { base: (f) => ({ ...gameId(f), body: { drink: { kind: 'beer', abv: 4.9 } } }) },
  cancelInvite: {
    base: (f) => ({ params: { id: String(f.game), inviteId: String(f.invite) } }),
  },
  checkScales: { base: none },
  scales: { base: none },
  awaitingScales: { base: none },
  scaleSettings: { base: (f) => ({ params: { mac: f.me.mac } }) },
  updateSettings: {
    base: (f) => ({
      params: { mac: f.me.mac },
      body: {
        settings: {
          device_name: 'Fuzz scale',
          calibration_offset: 0.5,
          auto_tare: 'false',
          sleep_timeout: 10,
          led_brightness: '40',
        },
      },
    }),
  },
  updateWifi: {
    base: (f) => ({ params: { mac: f.me.mac }, body: { ssid: 'Home', password: 'password123' } }),
  },
  pairScale: { base: (f) => ({ params: { mac: f.me.mac }, body: { code: '123456' } }) },
  resetOwnScaleKey: { base: (f) => ({ params: { mac: f.me.mac } }) },
  adminScales: { base: none },
  pendingPairings: { base: none },
  adminPairScale: { base: (f) => ({ params: { mac: f.other.mac }, body: { code: '654321' } }) },
  adminUsers: { base: () => ({ query: [['search', 'pla']] }) },
  assignScale: { base: (f) => ({ params: { mac: f.me.mac }, body: { userId: f.me.id } }) },
  unassignScale: { base: otherMac },
  resetScaleKey: { base: otherMac },
  rulePresets: { base: none },
  // The running game plays classic: these are refused as out of turn after their body passed.
  callTarget: {
    caller: (f) => f.runner,
    base: (f) => ({ params: { id: String(f.running) }, body: { amount: 40 } }),
  },
  givePenalty: {
    caller: (f) => f.runner,
    base: (f) => ({ params: { id: String(f.running) }, body: { toPlayerId: 1 } }),
  },
  estimateEmpty: {
    caller: (f) => f.runner,
    base: (f) => ({ params: { id: String(f.running) }, body: { playerId: 1, grams: 210 } }),
  },
  watchState: { base: (f) => ({ params: { token: f.watchToken } }) },
  joinInfo: { base: (f) => ({ params: { code: f.joinCode } }) },
  // The runner's own seat is their signed-in phone: a take that passed validation is refused.
  takeSeat: { base: (f) => ({ params: { code: f.joinCode }, body: { playerId: f.runnerPlayer } }) },
  gameSeats: { caller: (f) => f.runner, base: (f) => ({ params: { id: String(f.running) } }) },
  // Releasing or leaving would end the fixture's seat, which the seat routes use.
  releaseSeat: {
    caller: (f) => f.runner,
    refusedOnly: true,
    base: (f) => ({ params: { id: String(f.running), playerId: String(f.seatPlayer) } }),
  },
  mySeat: { base: none },
  // The running game plays classic: a call is refused as out of turn after its body passed.
  seatAction: { base: () => ({ body: { kind: 'call', actionId: 'fuzz-action', amount: 40 } }) },
  leaveSeat: { refusedOnly: true, base: none },
  reportGame: { base: (f) => ({ ...foreignGame(f), body: { reason: 'The weights were typed' } }) },
  adminReports: { base: none },
  voidGame: { base: foreignGame },
  gameCard: { base: (f) => ({ ...gameId(f), query: [['lang', 'de']] }) },
  watchCard: { base: (f) => ({ params: { token: f.watchToken }, query: [['lang', 'en']] }) },
  watchLink: { caller: (f) => f.runner, base: (f) => ({ params: { id: String(f.running) } }) },
  renewWatchLink: {
    caller: (f) => f.runner,
    // Renewing would turn the fixture's link away from the public route above.
    refusedOnly: true,
    base: (f) => ({ params: { id: String(f.running) } }),
  },
  // Ending the evening would stop the fixture's link following; it changes nothing else.
  endWatchEvening: {
    caller: (f) => f.runner,
    base: (f) => ({ params: { id: String(f.running) } }),
  },
  site: { base: none },
  // A changed password, ended sessions or a deleted account would end the fuzzer's own session.
  changePassword: {
    refusedOnly: true,
    base: (f) => ({ body: { currentPassword: f.me.password, newPassword: 'fuzzed-pass-2' } }),
  },
  mySessions: { base: none },
  endSession: { base: () => ({ params: { id: '00000000-0000-4000-8000-000000000000' } }) },
  endOtherSessions: { refusedOnly: true, base: none },
  deleteAccount: { refusedOnly: true, base: (f) => ({ body: { password: f.me.password } }) },
  exportAccount: { base: none },
  passwordResetInfo: { base: () => ({ params: { token: 'A'.repeat(43) } }) },
  resetPassword: {
    base: () => ({ params: { token: 'A'.repeat(43) }, body: { newPassword: 'fuzzed-pass-2' } }),
  },
  adminAccounts: {
    base: () => ({
      query: [
        ['search', 'u'],
        ['limit', '5'],
        ['offset', '0'],
      ],
    }),
  },
  adminResetLink: { base: (f) => ({ params: { id: String(f.other.id) } }) },
  // Disabling would end the sessions of a fixture account that other routes use.
  disableAccount: { refusedOnly: true, base: (f) => ({ params: { id: String(f.other.id) } }) },
  enableAccount: { base: (f) => ({ params: { id: String(f.other.id) } }) },
  createGroup: { base: () => ({ body: { name: 'Fuzz group', emoji: '🍺' } }) },
  myGroups: { base: none },
  groupDetail: { base: groupId },
  groupInviteLink: { base: groupId },
  groupLinkInfo: { base: (f) => ({ params: { token: f.groupInvite } }) },
  joinGroup: { caller: (f) => f.third, base: (f) => ({ body: { token: f.groupInvite } }) },
  addGroupGuest: { base: (f) => ({ ...groupId(f), body: { name: 'Gast' } }) },
  groupClaimLink: {
    base: (f) => ({ params: { id: String(f.group), memberId: String(f.groupGuest) } }),
  },
  claimGroupGuest: { caller: (f) => f.other, base: (f) => ({ body: { token: f.groupClaim } }) },
  // Removing a member or handing the captaincy on would change who the other group calls are for.
  removeGroupMember: { refusedOnly: true, base: groupMember },
  handOverCaptain: {
    refusedOnly: true,
    base: (f) => ({ ...groupId(f), body: { memberId: f.groupMember } }),
  },
  newGroupSeason: { base: (f) => ({ ...groupId(f), body: { name: 'Fuzz season' } }) },
  groupLeaderboard: { base: (f) => ({ ...groupId(f), query: [['season', 'all']] }) },
  groupRecords: { base: groupId },
  groupHeadToHead: {
    base: (f) => ({
      ...groupId(f),
      query: [
        ['a', String(f.groupMember)],
        ['b', String(f.groupGuest)],
      ],
    }),
  },
  groupGames: { base: groupId },
  groupExport: { base: groupId },
  groupPublicLink: { base: groupId },
  revokeGroupPublicLink: { base: groupId },
  publicGroup: { base: (f) => ({ params: { token: f.groupPublic } }) },
  createTournament: {
    base: (f) => ({
      ...groupId(f),
      body: {
        name: 'Fuzz cup',
        format: 'grand-prix',
        players: [f.groupMember, 'Gast2'],
        containerType: 'BEER_CAN',
        games: 2,
      },
    }),
  },
  groupTournaments: { base: groupId },
  tournament: { base: (f) => ({ params: { id: String(f.tournament) } }) },
  // Setting a game up would take the fuzzer's scale and its one open game for the whole run.
  nextTournamentGame: {
    refusedOnly: true,
    base: (f) => ({ params: { id: String(f.tournament) }, body: { scaleAddress: f.me.mac } }),
  },
  leaveTournament: {
    refusedOnly: true,
    base: (f) => ({ params: { id: String(f.tournament), entryId: String(f.tournamentEntry) } }),
  },
  finishTournament: { refusedOnly: true, base: (f) => ({ params: { id: String(f.tournament) } }) },
  tournamentWatch: { base: (f) => ({ params: { token: f.tournamentToken } }) },
  groupCard: {
    base: (f) => ({
      ...groupId(f),
      query: [
        ['season', 'all'],
        ['lang', 'de'],
      ],
    }),
  },
  tournamentCard: {
    base: (f) => ({ params: { id: String(f.tournament) }, query: [['lang', 'en']] }),
  },
};

/** Every endpoint of the table with the schemas that guard its inputs. */
const ROUTES: RouteSpec[] = (Object.keys(endpoints) as EndpointName[]).map((name) => {
  const endpoint: Endpoint = endpoints[name];
  const who: Who =
    endpoint.access === 'admin' || endpoint.access === 'seat'
      ? endpoint.access
      : endpoint.access === 'authenticated' || name === 'verifyToken'
        ? 'user'
        : 'public';
  return {
    route: `${endpoint.method} ${fastifyPath(endpoint.path)}`,
    who,
    params: endpoint.params?.shape as Record<string, z.ZodType> | undefined,
    query: endpoint.query,
    body: endpoint.body,
    ...FUZZ[name],
  };
});

// ---------------------------------------------------------------------------------------------
// Case generation

interface HttpCase {
  route: string;
  labels: string[];
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Must be answered with a 4xx. */
  refused: boolean;
  /** The exact status, when the routing is certain. */
  status?: number;
}

const ID_PARAMS = [
  '-1',
  '0',
  '1e99',
  'abc',
  '../',
  '1.5',
  '2147483648',
  '2147483647',
  '9'.repeat(40),
  '9'.repeat(99),
  '1'.repeat(150),
  ' 1',
  '0x1',
  '1e0',
  '+1',
  '01',
  'NaN',
  'Infinity',
  '-0',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '\u0000',
  '١',
  '1/2',
  '%',
  '%00',
  ' ',
  '😀',
  '\ud800',
  'AABBCCDDEEFF',
  '..',
  '.',
];
const MAC_PARAMS = [
  'AABBCCDDEEF',
  'AABBCCDDEEFFA',
  'GGGGGGGGGGGG',
  'AA:BB:CC:DD:EE:FF',
  'aa-bb-cc-dd-ee-ff',
  'aabbccddeeff',
  '000000000000',
  'FFFFFFFFFFFF',
  'AABBCCDDEEF\u0000',
  'ＡＡＢＢＣＣＤＤＥＥＦＦ',
  ...ID_PARAMS,
];
/** Path text sent unencoded: the client or the router may turn it into another path. */
const RAW_PARAMS = ['..', '.', '%', '%zz', '1/2', '1?x=1', '1#frag', ''];

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8'];
const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
];

function encodeText(value: string): { text: string; exact: boolean } {
  try {
    return { text: encodeURIComponent(value), exact: true };
  } catch {
    // Lone surrogates: bytes that are not UTF-8 at all.
    return {
      text: [...value]
        .map((ch) =>
          /[\ud800-\udfff]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch).replace(/%25/g, '%'),
        )
        .join(''),
      exact: false,
    };
  }
}

/** What Fastify's query parser (fast-querystring) makes of these pairs. */
function parseQuery(pairs: Pairs): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of pairs) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/** secure-json-parse, as Fastify runs it, refuses `__proto__` and `constructor.prototype`. */
function hasProtoKey(value: unknown): boolean {
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (v && typeof v === 'object') {
      if (Object.prototype.hasOwnProperty.call(v, '__proto__')) return true;
      const ctor = (v as { constructor?: unknown }).constructor;
      if (
        Object.prototype.hasOwnProperty.call(v, 'constructor') &&
        ctor &&
        typeof ctor === 'object' &&
        Object.prototype.hasOwnProperty.call(ctor, 'prototype')
      )
        return true;
      stack.push(...Object.values(v));
    }
  }
  return false;
}

/** What the server's body parsing makes of a body: a parsed value or the status it refuses with. */
function serverBody(text: string, contentType: string): { status?: number; value?: unknown } {
  const media = contentType.split(';')[0]!.trim().toLowerCase();
  const bytes = Buffer.byteLength(text);
  if (media === 'text/plain') return bytes > BODY_LIMIT ? { status: 413 } : { value: text };
  if (media !== 'application/json') return { status: 415 };
  if (bytes > BODY_LIMIT) return { status: 413 };
  const stripped = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    const value = JSON.parse(stripped);
    return hasProtoKey(value) ? { status: 400 } : { value };
  } catch {
    return { status: 400 };
  }
}

/** What the server's parseInput accepts: storable text, then the contract's schema. */
function accepts(schema: z.ZodType, input: unknown): boolean {
  return !containsUnstorableText(input) && schema.safeParse(input).success;
}

type AuthState = 'ok' | 'broken' | 'non-admin';

function tokenOf(spec: RouteSpec, f: Fixture): string {
  if (spec.caller) return spec.caller(f).token;
  if (spec.who === 'seat') return f.seatToken;
  return spec.who === 'admin' ? f.adminToken : f.me.token;
}

function authVariant(
  rng: Rng,
  f: Fixture,
  spec: RouteSpec,
): { header?: string; state: AuthState; label: string } {
  const who = spec.who;
  const token = tokenOf(spec, f);
  if (who === 'seat') return rng.pick(seatAuthVariants(token, f));
  const choices: [string | undefined, AuthState, string][] = [
    [undefined, 'broken', 'no Authorization'],
    ['Bearer', 'broken', 'Bearer without token'],
    ['Bearer ', 'broken', 'Bearer and a space'],
    ['Basic dXNlcjpwYXNz', 'broken', 'Basic credentials'],
    [`Token ${token}`, 'broken', 'Token scheme'],
    [`Bearer ${token}x`, 'broken', 'token with a byte added'],
    [`Bearer ${token} extra`, 'broken', 'token and junk'],
    [`Bearer ${'a'.repeat(8000)}`, 'broken', '8000-character token'],
    [`Bearer ${token.split('.').slice(0, 2).join('.')}`, 'broken', 'token without signature'],
    ...Object.entries(f.forged).map(([name, forged]): [string, AuthState, string] => [
      `Bearer ${forged}`,
      'broken',
      `${name} token`,
    ]),
    [`bearer ${token}`, 'ok', 'lower-case scheme'],
    [`Bearer    ${token}`, 'ok', 'spaces before the token'],
  ];
  if (who === 'admin') choices.push([`Bearer ${f.me.token}`, 'non-admin', 'a player token']);
  const [header, state, label] = rng.pick(choices);
  return { header, state, label };
}

/** `Authorization: Seat <token>` and its look-alikes: a session's token is no seat. */
function seatAuthVariants(token: string, f: Fixture) {
  return [
    { header: undefined, state: 'broken', label: 'no Authorization' },
    { header: 'Seat', state: 'broken', label: 'Seat without token' },
    { header: 'Seat ', state: 'broken', label: 'Seat and a space' },
    { header: `Bearer ${f.me.token}`, state: 'broken', label: "a session's token" },
    { header: `Bearer ${token}`, state: 'broken', label: 'the seat token as Bearer' },
    { header: `Seat ${token}x`, state: 'broken', label: 'seat token with a byte added' },
    { header: `Seat ${token} extra`, state: 'broken', label: 'seat token and junk' },
    { header: `Seat ${'A'.repeat(22)}`, state: 'broken', label: 'made-up seat token' },
    { header: `Seat ${'a'.repeat(8000)}`, state: 'broken', label: '8000-character seat token' },
    { header: `seat ${token}`, state: 'ok', label: 'lower-case scheme' },
    { header: `Seat    ${token}`, state: 'ok', label: 'spaces before the token' },
  ] satisfies { header?: string; state: AuthState; label: string }[];
}

function buildCase(spec: RouteSpec, f: Fixture, rng: Rng): HttpCase {
  const [method, template] = spec.route.split(' ') as [string, string];
  const base = spec.base(f);
  const params = { ...base.params };
  const paramText: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) paramText[k] = encodeURIComponent(v);
  let pairs: Pairs = [...(base.query ?? [])];
  let querySuffix = '';
  let queryExact = true;
  let path: 'intact' | 'odd' | 'raw' = 'intact';
  let body = base.body;
  let raw: { text: string; contentType: string } | undefined;
  let auth: { header?: string; state: AuthState } = {
    header:
      spec.who === 'public'
        ? undefined
        : `${spec.who === 'seat' ? 'Seat' : 'Bearer'} ${tokenOf(spec, f)}`,
    state: 'ok',
  };
  const labels: string[] = [];

  const ops: string[] = ['query'];
  if (spec.params) ops.push('param', 'param');
  if (method !== 'GET') ops.push('body', 'body', 'raw');
  if (spec.who !== 'public') ops.push('auth');
  if (spec.query) ops.push('query');
  const count = rng.chance(0.25) ? 2 + rng.int(2) : 1;
  for (let i = 0; i < count; i += 1) {
    const op = rng.pick(ops);
    if (op === 'param') {
      const key = rng.pick(Object.keys(spec.params!));
      const kind = spec.params![key] === macSchema ? MAC_PARAMS : ID_PARAMS;
      if (rng.chance(0.1)) {
        const value = rng.pick(RAW_PARAMS);
        params[key] = value;
        paramText[key] = value;
        path = 'raw';
        labels.push(`:${key} raw ${JSON.stringify(value)}`);
      } else {
        const value = rng.chance(0.8) ? rng.pick(kind) : hostileString(rng);
        const encoded = encodeText(value);
        params[key] = value;
        paramText[key] = encoded.text;
        if (!encoded.exact) path = 'raw';
        else if (
          path === 'intact' &&
          (encoded.text.length > 100 || ['', '.', '..'].includes(value))
        )
          path = 'odd';
        labels.push(`:${key}=${brief(value)}`);
      }
    } else if (op === 'query') {
      const r = rng.int(8);
      if (r === 0 || pairs.length === 0) {
        const key = rng.pick([...EXTRA_KEYS.filter((k) => k.length < 50), 'limit', 'search']);
        pairs.push([key, hostileString(rng)]);
        labels.push(`?${key} added`);
      } else if (r === 1) {
        const [key] = rng.pick(pairs);
        pairs.push([key, rng.chance(0.5) ? hostileString(rng) : rng.pick(pairs)[1]]);
        labels.push(`?${key} twice`);
      } else if (r === 2) {
        const at = rng.int(pairs.length);
        pairs[at] = [pairs[at]![0], hostileString(rng)];
        labels.push(`?${pairs[at]![0]}=${brief(pairs[at]![1])}`);
      } else if (r === 3) {
        const at = rng.int(pairs.length);
        labels.push(`?${pairs[at]![0]} dropped`);
        pairs = pairs.filter((_, i) => i !== at);
      } else if (r === 4) {
        const [key] = rng.pick(pairs);
        pairs.push([`${key}[]`, '1']);
        labels.push(`?${key}[]`);
      } else if (r === 5) {
        querySuffix = rng.pick([
          '&&&',
          '&=',
          '&==',
          '&a=%',
          '&a=%zz',
          '&%',
          '&+++',
          '&x=1;y=2',
          `&q=${'x'.repeat(5000)}`,
        ]);
        queryExact = false;
        labels.push(`raw query ${brief(querySuffix)}`);
      } else {
        const key = rng.pick(['limit', 'includeStatus', 'userId', 'search', 't']);
        const value = rng.pick([
          '0',
          '1',
          '5',
          '50',
          '51',
          '-1',
          '1e1',
          '1.0',
          '0x10',
          ' 5',
          '5 ',
          '',
          'true',
          'TRUE',
          String(2 ** 31),
        ]);
        pairs = pairs.filter(([k]) => k !== key);
        pairs.push([key, value]);
        labels.push(`?${key}=${JSON.stringify(value)}`);
      }
    } else if (op === 'body') {
      const mutated = mutate(rng, body ?? {});
      body = mutated.value;
      raw = undefined;
      labels.push(`body ${mutated.label}`);
    } else if (op === 'raw') {
      const junk = rawJunk(rng, body);
      const contentType = rng.chance(0.8) ? rng.pick(JSON_TYPES) : rng.pick(OTHER_TYPES);
      raw = { text: junk.text, contentType };
      labels.push(`raw body (${contentType}) ${junk.label}`);
    } else {
      const variant = authVariant(rng, f, spec);
      auth = variant;
      labels.push(variant.label);
    }
  }

  // The request as sent.
  let queryText = '';
  for (const [k, v] of pairs) {
    const key = encodeText(k);
    const value = encodeText(v);
    if (!key.exact || !value.exact) queryExact = false;
    queryText += `${queryText ? '&' : ''}${key.text}=${value.text}`;
  }
  queryText += querySuffix;
  const url =
    template.replace(/:(\w+)/g, (_, key: string) => paramText[key]!) +
    (queryText ? `?${queryText.replace(/^&/, '')}` : '');
  const headers: Record<string, string> = {};
  if (auth.header !== undefined) headers.authorization = auth.header;
  let text: string | undefined;
  let contentType = 'application/json';
  if (raw) {
    text = raw.text;
    contentType = raw.contentType;
  } else if (body !== undefined && method !== 'GET') {
    text = JSON.stringify(body);
  }
  if (text !== undefined) headers['content-type'] = contentType;

  // What the server must make of it, in the order it looks: body, token, params, query, body.
  // A request line over Node's 16 KB header limit is refused (431) before any of it.
  const certain = path === 'intact' && url.length < 8000;
  const verdict = (status: number): Pick<HttpCase, 'refused' | 'status'> => ({
    refused: path !== 'raw',
    status: certain ? status : undefined,
  });
  let expected: Pick<HttpCase, 'refused' | 'status'> = { refused: false };
  const parsed = text === undefined ? { value: undefined } : serverBody(text, contentType);
  const paramsOk = Object.entries(spec.params ?? {}).every(([key, schema]) =>
    accepts(schema, params[key]),
  );
  const queryOk = !spec.query || accepts(spec.query, parseQuery(pairs));
  const bodyOk = !spec.body || accepts(spec.body, parsed.value ?? {});
  if (parsed.status) expected = verdict(parsed.status);
  else if (auth.state === 'broken') expected = verdict(401);
  else if (auth.state === 'non-admin') expected = verdict(403);
  else if (!paramsOk || !bodyOk) expected = verdict(400);
  else if (!queryOk) expected = queryExact ? verdict(400) : { refused: false };
  return { route: spec.route, labels, method, path: url, headers, body: text, ...expected };
}

// ---------------------------------------------------------------------------------------------

describeEachDialect('fuzzing', ({ dialect }) => {
  let server: TestServer;
  let call: HttpCall;
  let f: Fixture;

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      // Nothing may write on a timer while the fuzzer compares table contents.
      presenceGraceMs: 3_600_000,
      presenceSweepMs: 3_600_000,
      authLimits: {
        loginAttemptsPerAccount: 1e9,
        loginAttemptsPerAddress: 1e9,
        loginsPerAddress: 1e9,
        registrationsPerAddress: 1e9,
      },
    });
    call = httpClient(server.baseUrl);
    const [me, other, third] = [await signUp(call), await signUp(call), await signUp(call)];
    await runAdminCommand(
      server.instance.database,
      ['create-admin', '--username', 'fuzz.admin', '--password', 'admin-pass'],
      () => {},
    );
    const adminToken = (
      await call('POST', '/api/login', { body: { username: 'fuzz.admin', password: 'admin-pass' } })
    ).body.token;
    const assigned = await call('POST', `/api/admin/scales/${me.mac}/assign`, {
      token: adminToken,
      body: { userId: me.id },
    });
    if (assigned.status !== 200) throw new Error(JSON.stringify(assigned.body));
    const game = await createGame(call, me, 'Fuzz table');
    const invite = await inviteTo(call, me, game, other);
    const foreignGame = await createGame(call, third, 'Elsewhere');
    const myInvite = await inviteTo(call, third, foreignGame, me);
    const forged = await forgeTokens(server, call, me);
    const runner = await signUp(call);
    const fast = await call('POST', '/api/fast-game', {
      token: runner.token,
      body: {
        players: [runner.playerName, ...'BCDEFGHIJ'],
        scaleAddress: runner.mac,
        containerType: 'BEER_CAN',
        rounds: 10,
      },
    });
    const running: number = fast.body.gameId;
    await call('POST', `/api/fast-game/${running}/start`, { token: runner.token });
    const watchToken: string = (
      await call('POST', `/api/games/${running}/watch-link`, { token: runner.token })
    ).body.token;
    const seats = await call('GET', `/api/games/${running}/seats`, { token: runner.token });
    const joinCode: string = seats.body.joinCode;
    const [runnerSeat, seatTaken] = seats.body.seats as { playerId: number }[];
    const seatToken: string = (
      await call('POST', `/api/join/${joinCode}`, { body: { playerId: seatTaken!.playerId } })
    ).body.seatToken;
    const group: number = (
      await call('POST', '/api/groups', { token: me.token, body: { name: 'Fuzz group' } })
    ).body.id;
    const groupPath = `/api/groups/${group}`;
    const groupInvite: string = (
      await call('POST', `${groupPath}/invite-link`, { token: me.token })
    ).body.token;
    const groupMember: number = (
      await call('POST', '/api/groups/join', { token: other.token, body: { token: groupInvite } })
    ).body.memberId;
    const groupGuest: number = (
      await call('POST', `${groupPath}/guests`, { token: me.token, body: { name: 'Gast' } })
    ).body.memberId;
    const groupClaim: string = (
      await call('POST', `${groupPath}/members/${groupGuest}/claim-link`, { token: me.token })
    ).body.token;
    const groupPublic: string = (
      await call('POST', `${groupPath}/public-link`, { token: me.token })
    ).body.token;
    const tournament: number = (
      await call('POST', `${groupPath}/tournaments`, {
        token: me.token,
        body: {
          name: 'Fuzz cup',
          format: 'grand-prix',
          players: [groupMember, 'Gast2'],
          containerType: 'BEER_CAN',
        },
      })
    ).body.id;
    const tournamentState = (
      await call('GET', `/api/tournaments/${tournament}`, { token: me.token })
    ).body;
    f = {
      tournament,
      tournamentEntry: tournamentState.standings[0].entryId,
      tournamentToken: String(tournamentState.watchPath).split('/').at(-1)!,
      group,
      groupMember,
      groupGuest,
      groupInvite,
      groupClaim,
      groupPublic,
      joinCode,
      runnerPlayer: runnerSeat!.playerId,
      seatPlayer: seatTaken!.playerId,
      seatToken,
      me,
      other,
      third,
      adminToken,
      game,
      invite,
      foreignGame,
      myInvite,
      runner,
      running,
      watchToken,
      forged,
    };
  }, 120_000);
  afterAll(() => server?.stop());

  const snapshot = () => snapshotDatabase(server.instance.database);

  async function stillServing() {
    expect(await call('GET', '/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
    const verified = await call('GET', '/api/verify-token', { token: f.me.token });
    expect(verified).toMatchObject({ status: 200, body: { valid: true, user: { id: f.me.id } } });
  }

  function checkReply(c: Pick<HttpCase, 'refused' | 'status'>, reply: Reply): string | null {
    if (reply.status >= 500) return `answered ${reply.status} ${brief(reply.body)}`;
    if (c.refused && reply.status < 400) return `accepted (${reply.status}) what must be refused`;
    if (c.status && reply.status !== c.status)
      return `answered ${reply.status}, expected ${c.status}: ${brief(reply.body)}`;
    if (reply.status >= 400) {
      if (typeof reply.body?.error !== 'string' || !reply.body.error)
        return `a ${reply.status} without { error }: ${brief(reply.body)}`;
      if (!/application\/json/.test(reply.headers.get('content-type') ?? ''))
        return `a ${reply.status} that is not JSON`;
      if (STACK_TRACE.test(JSON.stringify(reply.body)))
        return `a stack trace in ${brief(reply.body)}`;
    }
    return null;
  }

  it('has a fuzz entry for every endpoint of the table and no other', () => {
    expect(Object.keys(FUZZ).sort()).toEqual(Object.keys(endpoints).sort());
  });

  it(
    `survives ${HTTP_CASES} hostile HTTP requests to every route: 4xx { error }, never 5xx, no writes on refusal`,
    async () => {
      const perRoute = Math.max(10, Math.ceil(HTTP_CASES / ROUTES.length));
      const failures: string[] = [];
      const reachedValidation = new Set<string>();
      let sent = 0;
      let baseline: Snapshot = await snapshot();
      let since: string[] = [];
      const checkNoWrites = async (context: string) => {
        const now = await snapshot();
        if (now.hash !== baseline.hash) {
          failures.push(
            `tables ${snapshotDiff(baseline, now).join(', ')} changed by refused requests ${context}: ${since.slice(-5).join(' | ')}`,
          );
        }
        since = [];
        return now;
      };
      for (const spec of ROUTES) {
        const rng = new Rng(seedOf(SEED, spec.route));
        for (let i = 0; i < perRoute; i += 1) {
          let c = buildCase(spec, f, rng);
          for (let tries = 0; spec.refusedOnly && !c.refused && tries < 50; tries += 1)
            c = buildCase(spec, f, rng);
          if (spec.refusedOnly && !c.refused) continue;
          const mayWrite = c.method !== 'GET' && !c.refused;
          if (mayWrite) baseline = await checkNoWrites(`before ${c.route}`);
          let reply: Reply;
          try {
            reply = await call(c.method, c.path, { headers: c.headers, rawBody: c.body });
          } catch (err) {
            failures.push(
              `${c.method} ${c.path.slice(0, 120)} [${c.labels.join('; ')}]: ${String(err)}`,
            );
            continue;
          }
          sent += 1;
          const problem = checkReply(c, reply);
          if (problem)
            failures.push(
              `${c.route} ${c.path.slice(0, 120)} [${c.labels.join('; ')}]: ${problem}`,
            );
          if (reply.status === 400 && c.status === 400 && c.headers.authorization)
            reachedValidation.add(spec.route);
          if (mayWrite && reply.status < 300) baseline = await snapshot();
          else
            since.push(
              `${c.method} ${c.path.slice(0, 80)} [${c.labels.join('; ')}] -> ${reply.status}`,
            );
        }
        await checkNoWrites(`on ${spec.route}`);
      }
      expect(failures.slice(0, 25), `seed ${SEED}, ${failures.length} failures`).toEqual([]);
      expect(sent).toBeGreaterThanOrEqual(HTTP_CASES * 0.9);
      // Authenticated as a real user, every guarded route with inputs got past its guard.
      const guardedWithInputs = ROUTES.filter(
        (r) => r.who !== 'public' && (r.params || r.body || r.query),
      ).map((r) => r.route);
      expect(guardedWithInputs.filter((r) => !reachedValidation.has(r))).toEqual([]);
      await stillServing();
    },
    TIME_BUDGET_MS,
  );

  it('answers unknown paths, methods and mangled URLs with a 4xx { error }', async () => {
    const rng = new Rng(seedOf(SEED, 'unrouted'));
    const failures: string[] = [];
    const before = await snapshot();
    const paths = [
      '/api',
      '/api/',
      '/api/nothing',
      '/api/users/1/status/extra',
      '/api/games/1/participants/2',
      '/api/admin',
      '/api/admin/scales/AABBCCDDEEFF',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/api/%2e%2e/%2e%2e/etc/passwd',
      '/api/health%00',
      '/api/health/',
      '//api//health',
      '/API/HEALTH',
      `/api/users?search=${'x'.repeat(20_000)}`,
      '/api/leaderboard?limit=1&limit=2&limit=3',
    ];
    for (let i = 0; i < Math.max(40, Math.round(RUNS / 50)); i += 1) {
      const method = rng.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND']);
      const path = rng.chance(0.6)
        ? rng.pick(paths)
        : `/api/${encodeText(randomText(rng, 1 + rng.int(30))).text}`;
      const headers: Record<string, string> = { authorization: `Bearer ${f.me.token}` };
      const body = ['GET', 'OPTIONS'].includes(method)
        ? undefined
        : JSON.stringify(hostileValue(rng));
      if (body !== undefined) headers['content-type'] = 'application/json';
      const reply = await call(method, path, { headers, rawBody: body });
      const problem = checkReply({ refused: false }, reply);
      if (problem) failures.push(`${method} ${path.slice(0, 80)}: ${problem}`);
    }
    expect(failures).toEqual([]);
    expect(snapshotDiff(before, await snapshot())).toEqual([]);
    await stillServing();
  });

  it('answers a plain HTTP GET on the socket paths with 426 and { error }', async () => {
    for (const path of ['/ws', '/ws/device']) {
      const reply = await call('GET', path, { token: f.me.token });
      expect(checkReply({ refused: true, status: 426 }, reply), path).toBeNull();
    }
  });

  it('refuses text the tables cannot hold (NUL, lone surrogates) in every text field with a 400', async () => {
    // Found by this fuzzer: each of these was a 500 on PostgreSQL, or silently garbled text on
    // SQLite, before parseInput refused such text for every route.
    const user = await signUp(call);
    const as = { headers: { authorization: `Bearer ${user.token}` } };
    const admin = { headers: { authorization: `Bearer ${f.adminToken}` } };
    const cases: [string, string, Record<string, unknown> | null, typeof as | object][] = [];
    for (const bad of ['\u0000', '\ud800', 'x\udfff']) {
      const text = `Ab${bad}`;
      cases.push(
        [
          'POST',
          '/api/register',
          {
            macAddress: 'AB00000000F2',
            username: `a${bad}@b.cd`,
            playerName: 'P',
            password: 'secret-pass',
          },
          {},
        ],
        [
          'POST',
          '/api/register',
          {
            macAddress: 'AB00000000F2',
            username: 'fresh.name',
            playerName: text,
            password: 'secret-pass',
          },
          {},
        ],
        ['POST', '/api/login', { username: `${user.username}${bad}`, password: user.password }, {}],
        ['PUT', '/api/profile', { playerName: text }, as],
        ['POST', '/api/games', { gameName: text }, as],
        [
          'POST',
          '/api/fast-game',
          { players: [user.playerName, text], scaleAddress: user.mac, containerType: 'BEER_CAN' },
          as,
        ],
        [
          'PUT',
          `/api/scale-settings/scales/${f.me.mac}/wifi`,
          { ssid: text, password: 'password123' },
          { headers: { authorization: `Bearer ${f.me.token}` } },
        ],
        [
          'PUT',
          `/api/scale-settings/scales/${f.me.mac}/settings`,
          { settings: { device_name: text } },
          { headers: { authorization: `Bearer ${f.me.token}` } },
        ],
      );
      // A query string is UTF-8: a lone surrogate cannot even be written there, NUL can.
      if (bad === '\u0000') {
        cases.push(
          ['GET', `/api/users?search=${encodeText(text).text}`, null, as],
          ['GET', `/api/admin/users?search=${encodeText(text).text}`, null, admin],
        );
      }
    }
    const before = await snapshot();
    for (const [method, path, body, options] of cases) {
      const reply = await call(method, path, { ...options, ...(body ? { body } : {}) });
      expect(reply, `${method} ${path} ${brief(body)}`).toMatchObject({
        status: 400,
        body: { error: VALIDATION.textCharacters },
      });
    }
    expect(snapshotDiff(before, await snapshot())).toEqual([]);
    // The same characters paired properly are fine.
    const renamed = await call('PUT', '/api/profile', { ...as, body: { playerName: 'Ab😀' } });
    expect(renamed).toMatchObject({ status: 200, body: { playerName: 'Ab😀' } });
  });

  it('refuses socket values the tables cannot hold without a server error', async () => {
    // Found by this fuzzer on PostgreSQL: a game id past the integer column's range was an
    // internal error, and a NUL in a scale's firmware name failed its pairing with a server error.
    const socket = await openSocket(`${server.wsUrl}/ws?token=${f.me.token}`);
    for (const gameId of [2 ** 31, 2 ** 53, 1e20]) {
      socket.send({
        type: 'UPDATE_PARTICIPANT_ORDER',
        gameId,
        participantOrder: [{ id: f.me.id, playerName: 'x', position: 0 }],
      });
      expect(await socket.next('ERROR')).toEqual({ type: 'ERROR', message: 'Malformed message' });
    }
    socket.send({
      type: 'UPDATE_PARTICIPANT_ORDER',
      gameId: f.game,
      participantOrder: [{ id: 2 ** 40, playerName: 'x', position: 0 }],
    });
    expect(await socket.next('ERROR')).toEqual({ type: 'ERROR', message: 'Malformed message' });
    socket.close();
    const before = await snapshot();
    for (const field of ['firmware', 'model']) {
      for (const bad of ['fw\u0000', 'fw\ud800']) {
        const device = await openDevice(server.wsUrl);
        device.send({ type: 'HELLO', mac: 'FB0000000001', [field]: bad });
        expect((await device.next('REJECT')).error).toBe(
          `Malformed message: ${field}: Malformed text`,
        );
        expect((await device.closed).code).toBe(1008);
      }
    }
    expect(snapshotDiff(before, await snapshot())).toEqual([]);
    await stillServing();
  });

  // -------------------------------------------------------------------------------------------
  // The browser socket (/ws)

  it(
    `browser socket: ${BROWSER_FRAMES} hostile frames of every message type; each malformed one gets one ERROR`,
    async () => {
      const player = await signUp(call);
      const mate = await signUp(call);
      await call('POST', `/api/admin/scales/${player.mac}/assign`, {
        token: f.adminToken,
        body: { userId: player.id },
      });
      const gameId = await createGame(call, player, 'Socket fuzz');
      const inviteId = await inviteTo(call, player, gameId, mate);
      await call('PUT', `/api/games/invites/${inviteId}`, {
        token: mate.token,
        body: { status: 'accepted' },
      });
      const bases: { [K in BrowserToServer['type']]: Extract<BrowserToServer, { type: K }> } = {
        SELECT_SCALE: { type: 'SELECT_SCALE', macAddress: player.mac },
        UNSELECT_SCALE: { type: 'UNSELECT_SCALE' },
        UPDATE_PARTICIPANT_ORDER: {
          type: 'UPDATE_PARTICIPANT_ORDER',
          gameId,
          participantOrder: [
            { id: mate.id, playerName: mate.playerName, position: 0 },
            { id: player.id, playerName: player.playerName, position: 1 },
          ],
        },
        PING: { type: 'PING' },
        PONG: { type: 'PONG' },
        BRIDGE_OPEN: {
          type: 'BRIDGE_OPEN',
          deviceId: 'fuzz-device',
          name: 'Fuzz',
          driver: 'decent',
        },
        BRIDGE_WEIGHT: { type: 'BRIDGE_WEIGHT', grams: 250, stable: false },
        BRIDGE_CLOSE: { type: 'BRIDGE_CLOSE' },
      };
      const types = browserToServerSchema.options.map((o) => o.shape.type.value).sort();
      expect(Object.keys(bases).sort()).toEqual(types);

      const rng = new Rng(seedOf(SEED, 'browser'));
      const frames = Array.from({ length: BROWSER_FRAMES }, (_, i) =>
        socketFrame(
          rng,
          bases[types[i % types.length] as BrowserToServer['type']],
          (v) => browserToServerSchema.safeParse(v).success,
        ),
      );
      const invalid = frames.filter((fr) => !fr.valid);
      const valid = frames.filter((fr) => fr.valid);
      const failures: string[] = [];
      const url = `${server.wsUrl}/ws?token=${player.token}`;

      const before = await snapshot();
      await inParallel(invalid, 8, 20, url, failures, true);
      const after = await snapshot();
      expect(snapshotDiff(before, after), 'malformed frames wrote').toEqual([]);
      await inParallel(valid, 4, 20, url, failures, false);
      expect(failures.slice(0, 25), `seed ${SEED}, ${failures.length} failures`).toEqual([]);
      expect(invalid.length).toBeGreaterThan(BROWSER_FRAMES / 3);
      expect(valid.length).toBeGreaterThan(0);
      await stillServing();
    },
    TIME_BUDGET_MS,
  );

  interface Frame {
    data: string | Buffer;
    label: string;
    valid: boolean;
    ping: boolean;
  }

  function socketFrame(rng: Rng, base: unknown, accepts: (value: unknown) => boolean): Frame {
    const r = rng.int(12);
    if (r === 0) {
      const bytes = rng.chance(0.5)
        ? Buffer.from(JSON.stringify(base))
        : Buffer.from(Array.from({ length: rng.int(64) }, () => rng.int(256)));
      return {
        data: bytes,
        label: `binary frame of ${bytes.length} bytes`,
        valid: false,
        ping: false,
      };
    }
    let text: string;
    let label: string;
    if (r <= 2) {
      const junk = rawJunk(rng, base);
      text = junk.text;
      label = `raw ${junk.label}`;
    } else if (r === 3) {
      const type = hostileString(rng);
      text = JSON.stringify({ ...(base as object), type });
      label = `type := ${brief(type)}`;
    } else {
      const mutated = mutate(rng, base);
      text = JSON.stringify(mutated.value);
      label = mutated.label;
    }
    // Frames over the limit close the socket (tested on their own below), so none here.
    if (Buffer.byteLength(text) > BODY_LIMIT) {
      text = text.slice(0, 1000);
      label += ' (cut to 1000 characters)';
    }
    let value: unknown;
    let parses = true;
    try {
      value = JSON.parse(text);
    } catch {
      parses = false;
    }
    const valid = parses && accepts(value);
    return {
      data: text,
      label,
      valid,
      ping: valid && (value as { type?: string }).type === 'PING',
    };
  }

  /**
   * Sends frames over `sockets` parallel connections in batches that stay under the per-socket
   * rate limit (30 a second), each batch followed by a PING. Malformed batches must get exactly
   * one 'Malformed message' ERROR per frame and nothing else; valid ones anything the contract
   * allows except an internal error.
   */
  async function inParallel(
    frames: Frame[],
    sockets: number,
    batchSize: number,
    url: string,
    failures: string[],
    malformed: boolean,
  ) {
    const batches: Frame[][] = [];
    for (let i = 0; i < frames.length; i += batchSize) batches.push(frames.slice(i, i + batchSize));
    await Promise.all(
      Array.from({ length: sockets }, async (_, worker) => {
        let socket: TestSocket | null = null;
        let lastBatchAt = 0;
        for (let b = worker; b < batches.length; b += sockets) {
          const batch = batches[b]!;
          if (!socket || socket.ws.readyState !== socket.ws.OPEN) {
            socket = await openSocket(url);
            lastBatchAt = 0;
          }
          // Pacing, not hoping: the rate limit's one-second window must pass between batches. It
          // counts from when the server took the previous batch's first frame, which was before
          // this client had that batch's PONG: a second after the PONG is always a new window
          // (a second after sending is not, once the server is slower on one batch than the next).
          await sleep(Math.max(0, lastBatchAt + 1050 - Date.now()));
          const start = socket.messages.length;
          for (const frame of batch) {
            socket.ws.send(frame.data, { binary: Buffer.isBuffer(frame.data) });
          }
          socket.send({ type: 'PING' });
          const pongs = batch.filter((fr) => fr.ping).length + 1;
          const expectedErrors = malformed ? batch.length : 0;
          const got = () => socket!.messages.slice(start);
          const deadline = Date.now() + 10_000;
          while (
            (got().filter((m) => m.type === 'PONG').length < pongs ||
              got().filter((m) => m.type === 'ERROR').length < expectedErrors) &&
            socket.ws.readyState === socket.ws.OPEN &&
            Date.now() < deadline
          ) {
            await sleep(10);
          }
          // A valid frame's handler may answer after the PONG (the server answers a PING at once);
          // its reply, an internal error included, must still be checked: a short grace collects it.
          if (!malformed) await sleep(150);
          lastBatchAt = Date.now();
          const replies = got();
          const labels = batch.map((fr) => fr.label).join(' | ');
          if (socket.ws.readyState !== socket.ws.OPEN) {
            failures.push(`socket closed during batch: ${labels}`);
            continue;
          }
          for (const reply of replies) {
            if (!serverToBrowserSchema.safeParse(reply).success)
              failures.push(`reply outside the contract ${brief(reply)} after ${labels}`);
            if (reply.type === 'ERROR' && reply.message === ERRORS.internal)
              failures.push(`internal error after ${labels}`);
            if (reply.type === 'ERROR' && reply.message === ERRORS.tooManyRequests)
              failures.push('rate limited although paced');
          }
          if (malformed) {
            const errors = replies.filter((m) => m.type === 'ERROR');
            // The server's own heartbeat PING may arrive in a batch's window on a slow run.
            const others = replies.filter(
              (m) => m.type !== 'ERROR' && m.type !== 'PONG' && m.type !== 'PING',
            );
            if (
              errors.length !== batch.length ||
              errors.some((e) => e.message !== 'Malformed message')
            )
              failures.push(
                `${errors.length} ERRORs for ${batch.length} malformed frames: ${brief(errors)} (${labels})`,
              );
            if (others.length) failures.push(`unexpected ${brief(others)} after ${labels}`);
          }
        }
        socket?.close();
      }),
    );
  }

  it('browser socket: refuses hostile handshakes with 1008', async () => {
    const forged = Object.values(f.forged);
    const queries = [
      '',
      '?token=',
      '?token',
      '?token=nonsense',
      `?token=${'a'.repeat(8000)}`,
      `?token=${encodeURIComponent('\u0000')}`,
      `?token=${encodeURIComponent('<script>')}`,
      `?token=bad&token=${f.me.token}`,
      `?Token=${f.me.token}`,
      `?token[]=${f.me.token}`,
      ...forged.map((t) => `?token=${t}`),
    ];
    for (const query of queries) {
      const socket = await openSocket(`${server.wsUrl}/ws${query}`);
      expect(await socket.closed, query.slice(0, 60)).toBe(1008);
    }
    for (const origin of [
      'http://evil.example',
      'null',
      'not a url',
      `${server.baseUrl}.evil.example`,
    ]) {
      const socket = await openSocket(`${server.wsUrl}/ws?token=${f.me.token}`, { origin });
      expect(await socket.closed, origin).toBe(1008);
    }
    await stillServing();
  });

  it('browser socket: refuses more than 30 messages a second with ERROR, then serves again', async () => {
    const socket = await openSocket(`${server.wsUrl}/ws?token=${f.me.token}`);
    for (let i = 0; i < 40; i += 1) socket.send({ type: 'PING' });
    // The server's own heartbeat PING may arrive in between: only the answers are counted.
    const answers = () => socket.messages.filter((m) => m.type !== 'PING');
    const deadline = Date.now() + 5000;
    while (answers().length < 40 && Date.now() < deadline) await sleep(10);
    expect(socket.messages.filter((m) => m.type === 'PONG')).toHaveLength(30);
    expect(socket.messages.filter((m) => m.type === 'ERROR')).toEqual(
      Array.from({ length: 10 }, () => ({ type: 'ERROR', message: ERRORS.tooManyRequests })),
    );
    // The wait is the behaviour under test: once the one-second window has passed, it serves again.
    await sleep(1100);
    socket.send({ type: 'PING' });
    while (answers().length < 41 && Date.now() < deadline + 2000) await sleep(10);
    expect(answers().at(-1)).toEqual({ type: 'PONG' });
    socket.close();
  });

  it('browser socket: takes a message of exactly 64 KB and closes 1009 on one byte more', async () => {
    const socket = await openSocket(`${server.wsUrl}/ws?token=${f.me.token}`);
    const frame = (size: number) => {
      const shell = JSON.stringify({ type: 'PING', pad: '' });
      return JSON.stringify({ type: 'PING', pad: 'p'.repeat(size - shell.length) });
    };
    expect(Buffer.byteLength(frame(BODY_LIMIT))).toBe(BODY_LIMIT);
    socket.send(frame(BODY_LIMIT));
    expect(await socket.next('ERROR')).toEqual({ type: 'ERROR', message: 'Malformed message' });
    socket.send(frame(BODY_LIMIT + 1));
    expect(await socket.closed).toBe(1009);
    await stillServing();
  });

  // -------------------------------------------------------------------------------------------
  // The device socket (/ws/device)

  it(
    `device socket: ${DEVICE_FRAMES} hostile frames before and after HELLO; REJECT and 1008 for each bad one`,
    async () => {
      const mac = 'FA' + String(seedOf(SEED, dialect) % 1e10).padStart(10, '0');
      const { device: paired, key } = await pairRawDevice(
        server.wsUrl,
        call,
        await adminToken(call, server.instance.database),
        mac,
        { firmware: 'fw-1', model: 'M1' },
      );
      paired.ws.close();
      await paired.closed;
      const bases: { [K in DeviceToServer['type']]: Extract<DeviceToServer, { type: K }> } = {
        HELLO: { type: 'HELLO', mac, key, firmware: 'fw-1', model: 'M1' },
        WEIGHT: { type: 'WEIGHT', grams: 512.5, stable: true, seq: 1 },
        ACK: { type: 'ACK', cmdId: 'c-1' },
        NACK: { type: 'NACK', cmdId: 'c-1', error: 'display broken' },
        PING: { type: 'PING' },
        PONG: { type: 'PONG' },
        STATUS: { type: 'STATUS', wifi: 'failed', ssid: 'Elsewhere', calibrated: 420.5 },
      };
      const types = deviceToServerSchema.options.map((o) => o.shape.type.value).sort();
      expect(Object.keys(bases).sort()).toEqual(types);
      // Protocol 1.1: a type the server does not know is ignored once HELLO was said.
      const unknownType = (v: unknown) =>
        typeof v === 'object' &&
        v !== null &&
        typeof (v as { type?: unknown }).type === 'string' &&
        !DEVICE_TO_SERVER_TYPES.includes((v as { type: string }).type);
      const accepts = (v: unknown) => deviceToServerSchema.safeParse(v).success || unknownType(v);
      const isHello = (fr: Frame) => fr.valid && JSON.parse(fr.data as string).type === 'HELLO';
      const rng = new Rng(seedOf(SEED, 'device'));
      const frames = Array.from({ length: DEVICE_FRAMES }, (_, i) =>
        socketFrame(rng, bases[types[i % types.length] as DeviceToServer['type']], accepts),
      );
      const first = frames.slice(0, Math.ceil(frames.length / 2));
      const later = frames.slice(first.length);
      const failures: string[] = [];
      const scaleRow = () =>
        server.instance.database.db
          .selectFrom('scales')
          .select(['mac', 'owner_id', 'approved', 'device_key_hash', 'requested_by'])
          .where('mac', '=', mac)
          .executeTakeFirstOrThrow();
      const identity = await scaleRow();

      // Before HELLO: anything but a good HELLO is REJECT then 1008, and writes nothing.
      const before = await snapshot();
      const refusedFirst = first.filter((fr) => !isHello(fr));
      await pool(refusedFirst, 8, async (frame) => {
        const device = await openDevice(server.wsUrl);
        device.ws.send(frame.data, { binary: Buffer.isBuffer(frame.data) });
        const problem = await rejected(device);
        if (problem) failures.push(`before HELLO, ${frame.label}: ${problem}`);
      });
      expect(snapshotDiff(before, await snapshot()), 'refused first frames wrote').toEqual([]);
      // Good HELLOs, one at a time: WELCOME with the key, a pairing code without it, or a
      // REJECT that is no server error.
      for (const frame of first.filter(isHello)) {
        const device = await openDevice(server.wsUrl);
        device.send(frame.data);
        const reply = await Promise.race([
          device.next('WELCOME', 3000),
          device.next('PAIRING', 3000),
          device.next('REJECT', 3000),
        ]).catch(() => undefined);
        if (!reply || (reply.type === 'REJECT' && /server/i.test(reply.error)))
          failures.push(`HELLO ${frame.label}: ${brief(reply)}`);
        device.ws.close();
        await device.closed;
      }

      // After HELLO: a bad frame or a second HELLO is REJECT then 1008; the rest keeps it open.
      let device = await connectPaired(mac, key);
      let sinceCheck = 0;
      for (const frame of later) {
        device.ws.send(frame.data, { binary: Buffer.isBuffer(frame.data) });
        if (!frame.valid || isHello(frame)) {
          const problem = await rejected(device);
          if (problem) failures.push(`after HELLO, ${frame.label}: ${problem}`);
          device = await connectPaired(mac, key);
          sinceCheck = 0;
        } else if (++sinceCheck >= 10) {
          const problem = await alive(device);
          if (problem) failures.push(`after ${frame.label}: ${problem}`);
          sinceCheck = 0;
        }
      }
      const problem = await alive(device);
      if (problem) failures.push(`at the end: ${problem}`);
      device.ws.close();
      await device.closed;
      expect(failures.slice(0, 25), `seed ${SEED}, ${failures.length} failures`).toEqual([]);
      expect(await scaleRow()).toEqual(identity);
      expect(refusedFirst.length).toBeGreaterThan(DEVICE_FRAMES / 4);
      await stillServing();
    },
    TIME_BUDGET_MS,
  );

  it('device socket: reads a frame of exactly 64 KB and closes 1009 on one byte more', async () => {
    const mac = 'FD' + String(seedOf(SEED, dialect, 'limit') % 1e10).padStart(10, '0');
    const { device: first, key } = await pairRawDevice(
      server.wsUrl,
      call,
      await adminToken(call, server.instance.database),
      mac,
    );
    const frame = (size: number) => {
      const shell = JSON.stringify({ type: 'PING', pad: '' });
      return JSON.stringify({ type: 'PING', pad: 'p'.repeat(size - shell.length) });
    };
    // Read and judged (an unknown field is ignored: PONG), not cut off by the size limit.
    first.send(frame(BODY_LIMIT));
    await first.next('PONG');
    first.ws.close();
    await first.closed;
    const second = await connectPaired(mac, key);
    second.send(frame(BODY_LIMIT + 1));
    expect((await second.closed).code).toBe(1009);
    await stillServing();
  });

  async function connectPaired(mac: string, key: string): Promise<RawDevice> {
    const device = await openDevice(server.wsUrl);
    device.send({ type: 'HELLO', mac, key, firmware: 'fw-1', model: 'M1' });
    await device.next('WELCOME');
    return device;
  }

  /** A REJECT with a reason that is not a server fault, then close 1008. */
  async function rejected(device: RawDevice): Promise<string | null> {
    const reject = await device.next('REJECT', 3000).catch(() => null);
    const closed = await Promise.race([device.closed, sleep(3000).then(() => null)]);
    if (!reject) return `no REJECT; got ${brief(device.messages)}`;
    if (/server/i.test(reject.error)) return `REJECT ${reject.error}`;
    if (!closed) return 'not closed';
    if (closed.code !== 1008) return `closed ${closed.code}`;
    for (const m of device.messages)
      if (!serverToDeviceSchema.safeParse(m).success) return `outside the contract ${brief(m)}`;
    return null;
  }

  async function alive(device: RawDevice): Promise<string | null> {
    device.send({ type: 'PING' });
    const pong = await device.next('PONG', 3000).catch(() => null);
    if (!pong) return `no PONG; got ${brief(device.messages.slice(-3))}`;
    const reject = device.messages.find((m) => m.type === 'REJECT');
    return reject ? `REJECT ${reject.error}` : null;
  }
});

describe('the built web app on a hostile path', () => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    // A web app of its own beside a secret: nothing outside dist may ever be served.
    dir = mkdtempSync(join(tmpdir(), 'beerscale-static-'));
    mkdirSync(join(dir, 'dist', 'assets'), { recursive: true });
    writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dir, 'dist', 'assets', 'app-1.js'), 'console.log(1)');
    writeFileSync(join(dir, 'secret.txt'), 'TOP-SECRET');
    writeFileSync(join(dir, 'dist-secret.txt'), 'TOP-SECRET');
    server = await startTestServer('sqlite', { webDist: join(dir, 'dist') });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A request line sent as written: fetch would resolve the dots before sending. */
  function rawGet(path: string): Promise<{ status: number; text: string }> {
    const { hostname, port } = new URL(server.baseUrl);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () =>
        socket.write(
          `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`,
        ),
      );
      let text = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk) => (text += chunk));
      socket.on('end', () => resolve({ status: Number(text.split(' ')[1]), text }));
      socket.on('error', reject);
    });
  }

  it('never serves a file outside the app, however the path is written', async () => {
    const rng = new Rng(seedOf(SEED, 'static'));
    const ups = ['..', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '..%00', '%252e%252e', '....', '..\\'];
    const seps = ['/', '%2f', '%2F', '\\', '%5c', '//', '/./'];
    const paths = [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/../dist-secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e/%2e%2e/secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%5c..%5csecret.txt',
      '/%00/../secret.txt',
      `/${'../'.repeat(30)}etc/passwd`,
      '/assets/app-1.js/../../secret.txt',
    ];
    for (let i = 0; i < 60; i += 1) {
      const depth = 1 + rng.int(3);
      const parts = Array.from({ length: depth }, () => rng.pick(ups) + rng.pick(seps));
      paths.push(
        `/${rng.chance(0.5) ? 'assets/' : ''}${parts.join('')}${rng.pick(['secret.txt', 'dist-secret.txt', 'etc/passwd'])}`,
      );
    }
    for (const path of paths) {
      const reply = await rawGet(path);
      expect(reply.text, path).not.toContain('TOP-SECRET');
      expect(reply.text, path).not.toMatch(/root:.*:0:0:/);
      expect(reply.status, path).toBeGreaterThanOrEqual(200);
      expect(reply.status, path).toBeLessThan(500);
      if (reply.status >= 400) {
        const body = reply.text.slice(reply.text.indexOf('\r\n\r\n') + 4);
        expect(typeof JSON.parse(body).error, path).toBe('string');
      }
    }
    // The app itself is still served.
    expect((await rawGet('/assets/app-1.js')).text).toContain('console.log(1)');
    expect((await rawGet('/game')).text).toContain('<title>app</title>');
  });
});

async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}
