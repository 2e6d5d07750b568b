import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOBBY_MESSAGES as M } from '@beerscale/contract/games';
import { endpoints, type EndpointName } from '@beerscale/contract/api/endpoints';
import { ERRORS } from '@beerscale/contract/messages';
import { ACCOUNT_REFUSALS } from '@beerscale/contract/account-messages';
import { GROUP_REFUSALS } from '@beerscale/contract/group-messages';
import { runAdminCommand } from '../src/admin/admin-cli';
import { NOT_ALLOWED_TO_WATCH } from '../src/realtime/scale-watch';
import { DEVICE_REJECTS } from '@beerscale/contract/device-rejects';
import { adminToken, pairRawDevice } from './support/pairing';
import { FOREIGN_SCALE } from '../src/game/play/scale-use';
import { LEADER_ONLY } from '../src/game/play/play.service';
import { SCALE_NOT_FOUND } from '../src/scales/scales.service';
import type { Account } from './support/accounts';
import { createAccount } from './support/factories';
import { snapshotDatabase, snapshotDiff } from './support/db-snapshot';
import { openDevice } from './support/device-socket';
import { forgeTokens, type ForgedTokens } from './support/forged-tokens';
import { httpClient, type HttpCall } from './support/http-client';
import { answerInvite, createGame, inviteTo, lineup } from './support/ranked';
import { openSocket } from './support/socket-client';
import { startTestServer, type TestServer } from './support/test-server';
import { describeEachDialect } from './support/each-dialect';

// Who may call what (docs/ARCHITECTURE.md, Decisions), as the server answers today. Every
// protected route is tried without a token, with a revoked one (after logout), with a bad
// signature and other forgeries (all 401), and as each kind of caller who must be refused:
// a non-participant of the game, a participant who is not its leader, someone who does not
// own the scale, a non-administrator. Every refusal must leave every table as it was.

type Role = 'leader' | 'member' | 'invitee' | 'outsider' | 'fastLeader' | 'admin';

interface World {
  leader: Account;
  member: Account;
  invitee: Account;
  outsider: Account;
  fastLeader: Account;
  adminToken: string;
  /** Ranked, pending: led by `leader`, `member` accepted, `invitee` invited. */
  game: number;
  invite: number;
  /** Fast, set up and not started, on `fastLeader`'s own scale. */
  fastGame: number;
  forged: ForgedTokens;
  /** The id of the leader's session (its jti). */
  leaderSession: string;
  /** A group captained by `leader` (member id `groupCaptain`), `member` in it, and a guest. */
  group: number;
  groupCaptain: number;
  groupGuest: number;
  /** A grand prix of the group: the captain and the guest, the captain's entry. */
  tournament: number;
  tournamentEntry: number;
}

interface Request {
  path: string;
  body?: unknown;
}

/** [who, status, error message or expected body] */
type Cell = [Role, number, (string | unknown[] | Record<string, unknown>)?];

interface Entry {
  endpoint: EndpointName;
  /** Which resource, when one route has several rows (e.g. another owner's scale). */
  variant?: string;
  request: (w: World) => Request;
  /** The refusals (and a few documented allowances) by caller. */
  cells: Cell[];
}

/**
 * Who may call without a session is the table's to say (`access: 'public'`); verify-token is
 * public but reads the token itself, so it has a row. The watch link's token is its own
 * credential: watch-link.test.ts tries its limits.
 */
const GUARDED = (Object.keys(endpoints) as EndpointName[]).filter(
  (name) => endpoints[name].access !== 'public' || name === 'verifyToken',
);

const setup = (w: World) => ({ scaleAddress: w.leader.mac, containerType: 'BEER_BOTTLE' });

const GROUP_GONE = `${ERRORS.notFound}: group`;
const TOURNAMENT_GONE = `${ERRORS.notFound}: tournament`;
const CAPTAIN_ONLY: Cell[] = [
  ['member', 403, GROUP_REFUSALS.captainOnly],
  ['outsider', 404, GROUP_GONE],
];

// prettier-ignore
const MATRIX: Entry[] = [
  // route                                            request                                        cells: [who, status, error or body]
  // The caller's own data only: the token is the whole check (the 401 columns below).
  { endpoint: 'verifyToken',                  request: () => ({ path: '/api/verify-token' }),            cells: [] },
  { endpoint: 'logout',                       request: () => ({ path: '/api/logout' }),                  cells: [] },
  { endpoint: 'home',                         request: () => ({ path: '/api/home' }),                    cells: [] },
  { endpoint: 'leaderboard',                  request: () => ({ path: '/api/leaderboard' }),             cells: [] },
  { endpoint: 'listUsers',                    request: () => ({ path: '/api/users?search=a' }),          cells: [] },
  { endpoint: 'activeRankedGame',             request: () => ({ path: '/api/users/active-game' }),       cells: [] },
  { endpoint: 'profile',                      request: () => ({ path: '/api/profile' }),                 cells: [] },
  { endpoint: 'updateProfile',                request: () => ({ path: '/api/profile', body: { playerName: 'Renamed' } }), cells: [] },
  { endpoint: 'activeFastGame',               request: () => ({ path: '/api/fast-game/active' }),        cells: [] },
  { endpoint: 'myInvites',                    request: () => ({ path: '/api/games/invites/mine' }),      cells: [] },
  { endpoint: 'createGame',                   request: () => ({ path: '/api/games', body: { gameName: 'Mine' } }), cells: [] },
  { endpoint: 'checkScales',                  request: () => ({ path: '/api/scale-settings/check-scales' }), cells: [] },
  { endpoint: 'scales',                       request: () => ({ path: '/api/scale-settings/scales' }),   cells: [] },
  { endpoint: 'awaitingScales',               request: () => ({ path: '/api/scale-settings/awaiting' }), cells: [] },
  { endpoint: 'setStatus',                    request: (w) => ({ path: `/api/users/${w.leader.id}/status`, body: { status: 'searching' } }),
    cells: [['member', 403, ERRORS.statusOfOthers], ['admin', 403, ERRORS.statusOfOthers]] },
  // Public like the leaderboard it explains: any signed-in player may read it.
  { endpoint: 'eloHistory',                   request: (w) => ({ path: `/api/users/${w.leader.id}/elo-history` }),
    cells: [['outsider', 200, []]] },

  // Fast games: only the creator starts theirs; nobody plays on another owner's scale.
  { endpoint: 'createFastGame',               variant: "another owner's scale",
    request: (w) => ({ path: '/api/fast-game', body: { players: ['Me', 'You'], scaleAddress: w.fastLeader.mac, containerType: 'BEER_CAN' } }),
    cells: [['outsider', 403, FOREIGN_SCALE]] },
  { endpoint: 'startFastGame',                request: (w) => ({ path: `/api/fast-game/${w.fastGame}/start` }),
    cells: [['outsider', 404, ERRORS.noActiveFastGame], ['leader', 404, ERRORS.noActiveFastGame], ['admin', 404, ERRORS.noActiveFastGame]] },

  // The ranked lobby: non-participants get 404 as for an unknown id; participants who do not
  // lead get 403 for the leader's actions; a pending invitee sees the game, nothing more.
  { endpoint: 'game',                         request: (w) => ({ path: `/api/games/${w.game}` }),
    cells: [['outsider', 404, M.gameNotFound], ['fastLeader', 404, M.gameNotFound], ['invitee', 200, { name: 'Matrix' }]] },
  { endpoint: 'participants',                 request: (w) => ({ path: `/api/games/${w.game}/participants` }),
    cells: [['outsider', 404, M.gameNotFound]] },
  { endpoint: 'pendingInvites',               request: (w) => ({ path: `/api/games/${w.game}/invites` }),
    cells: [['member', 403, M.leaderOnly], ['invitee', 403, M.leaderOnly], ['outsider', 404, M.gameNotFound]] },
  { endpoint: 'invitePlayer',                 request: (w) => ({ path: `/api/games/${w.game}/invites`, body: { playerId: w.fastLeader.id } }),
    cells: [['member', 403, M.leaderOnly], ['invitee', 403, M.leaderOnly], ['outsider', 404, M.gameNotFound]] },
  { endpoint: 'cancelInvite',                 request: (w) => ({ path: `/api/games/${w.game}/invites/${w.invite}` }),
    cells: [['member', 403, M.leaderOnly], ['invitee', 403, M.leaderOnly], ['outsider', 404, M.gameNotFound]] },
  { endpoint: 'answerInvite',                 request: (w) => ({ path: `/api/games/invites/${w.invite}`, body: { status: 'accepted' } }),
    cells: [['leader', 404, M.inviteNotFound], ['member', 404, M.inviteNotFound], ['outsider', 404, M.inviteNotFound]] },
  { endpoint: 'kickParticipant',              request: (w) => ({ path: `/api/games/${w.game}/participants/${w.member.id}/kick` }),
    cells: [['member', 403, M.leaderOnly], ['invitee', 403, M.leaderOnly], ['outsider', 404, M.gameNotFound]] },
  { endpoint: 'reorderParticipants',          request: (w) => ({ path: `/api/games/${w.game}/order`, body: { participantOrder: [
      { id: w.member.id, playerName: w.member.playerName, position: 0 },
      { id: w.leader.id, playerName: w.leader.playerName, position: 1 }] } }),
    cells: [['member', 403, M.leaderOnly], ['invitee', 403, M.leaderOnly], ['outsider', 404, M.gameNotFound]] },
  // Responsible play: a player's own drink in the lobby; who is not in the game has none.
  { endpoint: 'setGameDrink',                 request: (w) => ({ path: `/api/games/${w.game}/drink`, body: { drink: { kind: 'water' } } }),
    cells: [['invitee', 403, ERRORS.forbidden], ['outsider', 404, M.gameNotFound]] },
  { endpoint: 'leaveGame',                    request: (w) => ({ path: `/api/games/${w.game}/leave` }),
    cells: [['invitee', 404, M.gameNotFound], ['outsider', 404, M.gameNotFound]] },
  { endpoint: 'cancelGame',                   request: (w) => ({ path: `/api/games/${w.game}/cancel` }),
    cells: [['member', 403, M.leaderOnly], ['invitee', 403, M.leaderOnly], ['outsider', 404, M.gameNotFound]] },
  { endpoint: 'setupRanked',                  request: (w) => ({ path: `/api/games/${w.game}/setup-ranked`, body: setup(w) }),
    cells: [['member', 403, M.leaderOnly], ['invitee', 403, M.leaderOnly], ['outsider', 404, M.gameNotFound]] },
  { endpoint: 'setupRanked',                  variant: "another owner's scale",
    request: (w) => ({ path: `/api/games/${w.game}/setup-ranked`, body: { ...setup(w), scaleAddress: w.fastLeader.mac } }),
    cells: [['leader', 403, FOREIGN_SCALE]] },
  { endpoint: 'startRanked',                  request: (w) => ({ path: `/api/games/${w.game}/start-ranked`, body: setup(w) }),
    cells: [['member', 403, M.leaderOnly], ['invitee', 403, M.leaderOnly], ['outsider', 404, M.gameNotFound]] },

  // Running games: the leader types and finishes; players and the scale's owner read.
  { endpoint: 'typedReading',                 request: (w) => ({ path: `/api/games/${w.game}/measurements`, body: { grams: 500 } }),
    cells: [['member', 403, LEADER_ONLY], ['outsider', 404, M.gameNotFound]] },
  { endpoint: 'finishGame',                   request: (w) => ({ path: `/api/games/${w.game}/finish` }),
    cells: [['member', 403, LEADER_ONLY], ['outsider', 404, M.gameNotFound]] },
  // Reports: only a participant may report, so the rest get 404 as for an unknown id.
  { endpoint: 'reportGame',                   request: (w) => ({ path: `/api/games/${w.game}/report`, body: { reason: 'Typed' } }),
    cells: [['outsider', 404, M.gameNotFound], ['invitee', 404, M.gameNotFound], ['fastLeader', 404, M.gameNotFound]] },
  // House rules' actions: a game the caller does not play in does not exist for them; who of
  // its players may act (403) is house-rules-play.test.ts's, on a running game.
  { endpoint: 'callTarget',                   request: (w) => ({ path: `/api/games/${w.game}/target`, body: { amount: 40 } }),
    cells: [['outsider', 404, M.gameNotFound], ['fastLeader', 404, M.gameNotFound]] },
  { endpoint: 'givePenalty',                  request: (w) => ({ path: `/api/games/${w.game}/give`, body: { toPlayerId: 1 } }),
    cells: [['outsider', 404, M.gameNotFound], ['fastLeader', 404, M.gameNotFound]] },
  { endpoint: 'estimateEmpty',                request: (w) => ({ path: `/api/games/${w.game}/estimate`, body: { playerId: 1, grams: 200 } }),
    cells: [['outsider', 404, M.gameNotFound], ['fastLeader', 404, M.gameNotFound]] },
  { endpoint: 'gameState',                    request: (w) => ({ path: `/api/games/${w.game}/state` }),
    cells: [['outsider', 404, M.gameNotFound], ['invitee', 404, M.gameNotFound]] },
  { endpoint: 'gameState',                    variant: 'a fast game',
    request: (w) => ({ path: `/api/games/${w.fastGame}/state` }),
    cells: [['outsider', 404, M.gameNotFound], ['leader', 404, M.gameNotFound]] },
  // Seats on phones: the game's players see its code and seats, its leader releases one; a
  // seat's own calls take a seat token, never a session (the seat columns below).
  { endpoint: 'gameSeats',                    request: (w) => ({ path: `/api/games/${w.game}/seats` }),
    cells: [['outsider', 404, M.gameNotFound], ['fastLeader', 404, M.gameNotFound]] },
  { endpoint: 'releaseSeat',                  request: (w) => ({ path: `/api/games/${w.game}/seats/${w.member.id}/release` }),
    cells: [['member', 403, LEADER_ONLY], ['invitee', 403, LEADER_ONLY], ['outsider', 404, M.gameNotFound]] },
  { endpoint: 'mySeat',                       request: () => ({ path: '/api/seat' }),
    cells: [['leader', 401, ERRORS.invalidToken], ['admin', 401, ERRORS.invalidToken]] },
  { endpoint: 'seatAction',                   request: () => ({ path: '/api/seat/actions', body: { kind: 'call', actionId: 'matrix-1', amount: 40 } }),
    cells: [['fastLeader', 401, ERRORS.invalidToken]] },
  { endpoint: 'leaveSeat',                    request: () => ({ path: '/api/seat/leave' }),
    cells: [['member', 401, ERRORS.invalidToken]] },
  // Result cards: whoever may read the snapshot.
  { endpoint: 'gameCard',                     request: (w) => ({ path: `/api/games/${w.game}/card.png?lang=de` }),
    cells: [['outsider', 404, M.gameNotFound], ['invitee', 404, M.gameNotFound]] },
  // Watch links: the leader of a set-up or running game shares it; nobody else.
  { endpoint: 'watchLink',                    request: (w) => ({ path: `/api/games/${w.fastGame}/watch-link` }),
    cells: [['outsider', 404, M.gameNotFound], ['leader', 404, M.gameNotFound], ['admin', 404, M.gameNotFound]] },
  { endpoint: 'watchLink',                    variant: 'a ranked game',
    request: (w) => ({ path: `/api/games/${w.game}/watch-link` }),
    cells: [['member', 403, LEADER_ONLY], ['outsider', 404, M.gameNotFound]] },
  { endpoint: 'renewWatchLink',               request: (w) => ({ path: `/api/games/${w.game}/watch-link/renew` }),
    cells: [['member', 403, LEADER_ONLY], ['outsider', 404, M.gameNotFound], ['fastLeader', 404, M.gameNotFound]] },
  { endpoint: 'endWatchEvening',              request: (w) => ({ path: `/api/games/${w.game}/watch-link/end` }),
    cells: [['member', 403, LEADER_ONLY], ['outsider', 404, M.gameNotFound], ['fastLeader', 404, M.gameNotFound]] },
  // The saved-game check: a game one does not play in does not exist for them.
  { endpoint: 'validateGame',                 request: (w) => ({ path: `/api/games/${w.fastGame}/validate` }),
    cells: [['outsider', 200, { exists: false, isActive: false }], ['leader', 200, { exists: false, isActive: false }]] },

  // Scale settings: only for the scale's approved owner; unknown, foreign and unapproved alike 404.
  { endpoint: 'scaleSettings',                request: (w) => ({ path: `/api/scale-settings/scales/${w.leader.mac}/settings` }),
    cells: [['outsider', 404, SCALE_NOT_FOUND], ['admin', 404, SCALE_NOT_FOUND]] },
  { endpoint: 'scaleSettings',                variant: 'registered but not approved',
    request: (w) => ({ path: `/api/scale-settings/scales/${w.outsider.mac}/settings` }),
    cells: [['outsider', 404, SCALE_NOT_FOUND]] },
  { endpoint: 'updateSettings',               request: (w) => ({ path: `/api/scale-settings/scales/${w.leader.mac}/settings`, body: { settings: { device_name: 'Mine now' } } }),
    cells: [['outsider', 404, SCALE_NOT_FOUND], ['admin', 404, SCALE_NOT_FOUND]] },
  { endpoint: 'updateWifi',                   request: (w) => ({ path: `/api/scale-settings/scales/${w.leader.mac}/wifi`, body: { ssid: 'Evil', password: 'password123' } }),
    cells: [['outsider', 404, SCALE_NOT_FOUND], ['fastLeader', 404, SCALE_NOT_FOUND]] },
  { endpoint: 'pairScale',                    request: (w) => ({ path: `/api/scale-settings/scales/${w.leader.mac}/pair`, body: { code: '123456' } }),
    cells: [['outsider', 404, SCALE_NOT_FOUND], ['admin', 404, SCALE_NOT_FOUND], ['fastLeader', 404, SCALE_NOT_FOUND]] },
  { endpoint: 'resetOwnScaleKey',             request: (w) => ({ path: `/api/scale-settings/scales/${w.leader.mac}/reset-key` }),
    cells: [['outsider', 404, SCALE_NOT_FOUND], ['admin', 404, SCALE_NOT_FOUND], ['fastLeader', 404, SCALE_NOT_FOUND]] },

  // Administration: a live session first (401), then the administrator flag (403: ADMIN_REFUSALS).
  { endpoint: 'adminScales',                  request: () => ({ path: '/api/admin/scales' }), cells: [] },
  { endpoint: 'adminUsers',                   request: () => ({ path: '/api/admin/users?search=a' }), cells: [] },
  { endpoint: 'assignScale',                  request: (w) => ({ path: `/api/admin/scales/${w.leader.mac}/assign`, body: { userId: w.outsider.id } }), cells: [] },
  { endpoint: 'unassignScale',                request: (w) => ({ path: `/api/admin/scales/${w.leader.mac}/unassign` }), cells: [] },
  { endpoint: 'resetScaleKey',                request: (w) => ({ path: `/api/admin/scales/${w.leader.mac}/reset-key` }), cells: [] },
  { endpoint: 'adminPairScale',               request: (w) => ({ path: `/api/admin/scales/${w.leader.mac}/pair`, body: { code: '123456' } }), cells: [] },
  { endpoint: 'pendingPairings',              request: () => ({ path: '/api/admin/pairings' }), cells: [] },
  { endpoint: 'adminReports',                 request: () => ({ path: '/api/admin/reports' }), cells: [] },
  { endpoint: 'voidGame',                     request: (w) => ({ path: `/api/admin/games/${w.game}/void` }), cells: [] },
  { endpoint: 'adminAccounts',                request: () => ({ path: '/api/admin/accounts?search=u&limit=5' }), cells: [] },
  { endpoint: 'adminResetLink',               request: (w) => ({ path: `/api/admin/users/${w.member.id}/reset-link` }), cells: [] },
  { endpoint: 'disableAccount',               request: (w) => ({ path: `/api/admin/users/${w.member.id}/disable` }), cells: [] },
  { endpoint: 'enableAccount',                request: (w) => ({ path: `/api/admin/users/${w.member.id}/enable` }), cells: [] },

  // The caller's own account: nobody reaches another's sessions (404 as for an unknown one),
  // and a password proves it is them (403 with a wrong one, whoever asks).
  { endpoint: 'mySessions',                   request: () => ({ path: '/api/profile/sessions' }), cells: [] },
  { endpoint: 'exportAccount',                request: () => ({ path: '/api/profile/export' }), cells: [] },
  { endpoint: 'endOtherSessions',             request: () => ({ path: '/api/profile/sessions/end-others' }), cells: [] },
  { endpoint: 'endSession',                   request: (w) => ({ path: `/api/profile/sessions/${w.leaderSession}` }),
    cells: [['member', 404, ACCOUNT_REFUSALS.sessionNotFound], ['admin', 404, ACCOUNT_REFUSALS.sessionNotFound]] },
  { endpoint: 'changePassword',               request: () => ({ path: '/api/profile/password', body: { currentPassword: 'not-the-password', newPassword: 'brand-new-pass' } }),
    cells: [['leader', 403, ACCOUNT_REFUSALS.passwordIncorrect], ['member', 403, ACCOUNT_REFUSALS.passwordIncorrect]] },
  { endpoint: 'deleteAccount',                request: () => ({ path: '/api/profile', body: { password: 'not-the-password' } }),
    cells: [['leader', 403, ACCOUNT_REFUSALS.passwordIncorrect], ['outsider', 403, ACCOUNT_REFUSALS.passwordIncorrect]] },

  // Groups: for members only (anyone else: 404 as for an unknown id); the captain's calls 403.
  { endpoint: 'createGroup',                  request: () => ({ path: '/api/groups', body: { name: 'Matrix group' } }), cells: [] },
  { endpoint: 'myGroups',                     request: () => ({ path: '/api/groups' }),                  cells: [] },
  { endpoint: 'joinGroup',                    request: () => ({ path: '/api/groups/join', body: { token: 'A'.repeat(22) } }), cells: [] },
  { endpoint: 'claimGroupGuest',              request: () => ({ path: '/api/groups/claim', body: { token: 'A'.repeat(22) } }), cells: [] },
  { endpoint: 'groupDetail',                  request: (w) => ({ path: `/api/groups/${w.group}` }),      cells: [['outsider', 404, GROUP_GONE]] },
  { endpoint: 'groupInviteLink',              request: (w) => ({ path: `/api/groups/${w.group}/invite-link` }), cells: CAPTAIN_ONLY },
  { endpoint: 'addGroupGuest',                request: (w) => ({ path: `/api/groups/${w.group}/guests`, body: { name: 'Gast2' } }), cells: [['outsider', 404, GROUP_GONE]] },
  { endpoint: 'groupClaimLink',               request: (w) => ({ path: `/api/groups/${w.group}/members/${w.groupGuest}/claim-link` }), cells: CAPTAIN_ONLY },
  { endpoint: 'removeGroupMember',            request: (w) => ({ path: `/api/groups/${w.group}/members/${w.groupCaptain}` }), cells: CAPTAIN_ONLY },
  { endpoint: 'handOverCaptain',              request: (w) => ({ path: `/api/groups/${w.group}/captain`, body: { memberId: w.groupGuest } }), cells: CAPTAIN_ONLY },
  { endpoint: 'newGroupSeason',               request: (w) => ({ path: `/api/groups/${w.group}/seasons`, body: {} }), cells: CAPTAIN_ONLY },
  { endpoint: 'groupLeaderboard',             request: (w) => ({ path: `/api/groups/${w.group}/leaderboard?season=all` }), cells: [['outsider', 404, GROUP_GONE]] },
  { endpoint: 'groupRecords',                 request: (w) => ({ path: `/api/groups/${w.group}/records` }), cells: [['outsider', 404, GROUP_GONE]] },
  { endpoint: 'groupHeadToHead',              request: (w) => ({ path: `/api/groups/${w.group}/head-to-head?a=${w.groupCaptain}&b=${w.groupGuest}` }), cells: [['outsider', 404, GROUP_GONE]] },
  { endpoint: 'groupGames',                   request: (w) => ({ path: `/api/groups/${w.group}/games` }), cells: [['outsider', 404, GROUP_GONE]] },
  { endpoint: 'groupExport',                  request: (w) => ({ path: `/api/groups/${w.group}/export.csv` }), cells: [['outsider', 404, GROUP_GONE]] },
  { endpoint: 'groupPublicLink',              request: (w) => ({ path: `/api/groups/${w.group}/public-link` }), cells: CAPTAIN_ONLY },
  { endpoint: 'createTournament',             request: (w) => ({ path: `/api/groups/${w.group}/tournaments`, body: { name: 'Cup', format: 'grand-prix', players: [w.groupCaptain, 'Gast2'], containerType: 'BEER_CAN' } }), cells: [['outsider', 404, GROUP_GONE]] },
  { endpoint: 'groupTournaments',             request: (w) => ({ path: `/api/groups/${w.group}/tournaments` }), cells: [['outsider', 404, GROUP_GONE]] },
  { endpoint: 'tournament',                   request: (w) => ({ path: `/api/tournaments/${w.tournament}` }), cells: [['outsider', 404, TOURNAMENT_GONE]] },
  { endpoint: 'nextTournamentGame',           request: (w) => ({ path: `/api/tournaments/${w.tournament}/next`, body: { scaleAddress: w.leader.mac } }), cells: [['outsider', 404, TOURNAMENT_GONE]] },
  { endpoint: 'leaveTournament',              request: (w) => ({ path: `/api/tournaments/${w.tournament}/entries/${w.tournamentEntry}/leave` }), cells: [['member', 403, GROUP_REFUSALS.captainOnly], ['outsider', 404, TOURNAMENT_GONE]] },
  { endpoint: 'finishTournament',             request: (w) => ({ path: `/api/tournaments/${w.tournament}/finish` }), cells: [['member', 403, GROUP_REFUSALS.captainOnly], ['outsider', 404, TOURNAMENT_GONE]] },
  { endpoint: 'groupCard',                    request: (w) => ({ path: `/api/groups/${w.group}/card.png` }), cells: [['outsider', 404, GROUP_GONE]] },
  { endpoint: 'tournamentCard',               request: (w) => ({ path: `/api/tournaments/${w.tournament}/card.png` }), cells: [['outsider', 404, TOURNAMENT_GONE]] },
  { endpoint: 'revokeGroupPublicLink',        request: (w) => ({ path: `/api/groups/${w.group}/public-link` }), cells: CAPTAIN_ONLY },
];

const methodOf = (entry: Entry) => endpoints[entry.endpoint].method;
const routeOf = (entry: Entry) => `${methodOf(entry)} ${endpoints[entry.endpoint].path}`;
const nameOf = (entry: Entry) => `${routeOf(entry)}${entry.variant ? ` (${entry.variant})` : ''}`;
/** A non-administrator asking for an administrator's endpoint: after the session, 403. */
const ADMIN_REFUSALS: Cell[] = [
  ['leader', 403, ERRORS.forbidden],
  ['outsider', 403, ERRORS.forbidden],
];
const cellsOf = (entry: Entry): Cell[] =>
  endpoints[entry.endpoint].access === 'admin' ? [...ADMIN_REFUSALS, ...entry.cells] : entry.cells;
/** Forged credentials; the token is the leader's, the most privileged non-admin in the world. */
const FORGERIES: (keyof ForgedTokens)[] = [
  'revoked',
  'badSignature',
  'expired',
  'algNone',
  'otherSecret',
  'unknownSession',
  'unknownUser',
];

describeEachDialect('authorization matrix', ({ dialect }) => {
  let server: TestServer;
  let call: HttpCall;
  let w: World;

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      presenceGraceMs: 3_600_000,
      presenceSweepMs: 3_600_000,
    });
    call = httpClient(server.baseUrl);
    const [leader, member, invitee, outsider, fastLeader] = [
      await createAccount(server),
      await createAccount(server),
      await createAccount(server),
      await createAccount(server),
      await createAccount(server),
    ];
    await runAdminCommand(
      server.instance.database,
      ['create-admin', '--username', 'matrix.admin', '--password', 'admin-pass'],
      () => {},
    );
    const adminToken = (
      await call('POST', '/api/login', {
        body: { username: 'matrix.admin', password: 'admin-pass' },
      })
    ).body.token;
    for (const owner of [leader, fastLeader]) {
      const assigned = await call('POST', `/api/admin/scales/${owner.mac}/assign`, {
        token: adminToken,
        body: { userId: owner.id },
      });
      if (assigned.status !== 200) throw new Error(JSON.stringify(assigned.body));
    }
    const game = await createGame(call, leader, 'Matrix');
    await answerInvite(call, member, await inviteTo(call, leader, game, member), 'accepted');
    const invite = await inviteTo(call, leader, game, invitee);
    const fast = await call('POST', '/api/fast-game', {
      token: fastLeader.token,
      body: {
        players: [fastLeader.playerName, 'Guest'],
        scaleAddress: fastLeader.mac,
        containerType: 'BEER_BOTTLE',
      },
    });
    if (fast.status !== 201) throw new Error(JSON.stringify(fast.body));
    const forged = await forgeTokens(server, call, leader);
    const leaderSessions = await call('GET', '/api/profile/sessions', { token: leader.token });
    const leaderSession: string = leaderSessions.body.find(
      (s: { current: boolean }) => s.current,
    ).id;
    const group: number = (
      await call('POST', '/api/groups', { token: leader.token, body: { name: 'Matrix group' } })
    ).body.id;
    const groupInvite: string = (
      await call('POST', `/api/groups/${group}/invite-link`, { token: leader.token })
    ).body.token;
    await call('POST', '/api/groups/join', { token: member.token, body: { token: groupInvite } });
    const groupGuest: number = (
      await call('POST', `/api/groups/${group}/guests`, {
        token: leader.token,
        body: { name: 'Gast' },
      })
    ).body.memberId;
    const groupCaptain: number = (
      await call('GET', `/api/groups/${group}`, { token: leader.token })
    ).body.memberId;
    const tournament: number = (
      await call('POST', `/api/groups/${group}/tournaments`, {
        token: leader.token,
        body: {
          name: 'Matrix cup',
          format: 'grand-prix',
          players: [groupCaptain, groupGuest],
          containerType: 'BEER_CAN',
        },
      })
    ).body.id;
    const tournamentEntry: number = (
      await call('GET', `/api/tournaments/${tournament}`, { token: leader.token })
    ).body.standings[0].entryId;
    w = {
      tournament,
      tournamentEntry,
      group,
      groupGuest,
      groupCaptain,
      leaderSession,
      leader,
      member,
      invitee,
      outsider,
      fastLeader,
      adminToken,
      game,
      invite,
      fastGame: fast.body.gameId,
      forged,
    };
  }, 60_000);
  afterAll(() => server?.stop());

  const tokenOf = (role: Role) => (role === 'admin' ? w.adminToken : w[role].token);
  const snapshot = () => snapshotDatabase(server.instance.database);

  it("has a row for every endpoint of the table that needs a session, each for that endpoint's path", () => {
    expect([...new Set(MATRIX.map((entry) => entry.endpoint))].sort()).toEqual(GUARDED.sort());
    for (const entry of MATRIX) {
      const template = endpoints[entry.endpoint].path.replace(/\{\w+\}/g, '[^/?]+');
      expect(entry.request(w).path, nameOf(entry)).toMatch(new RegExp(`^${template}(\\?|$)`));
    }
  });

  it.each(MATRIX.map((entry) => [nameOf(entry), entry] as const))(
    '%s: 401 without a token, with a revoked one, a bad signature or any other forgery',
    async (_name, entry) => {
      const { path, body } = entry.request(w);
      const before = await snapshot();
      const noToken = await call(methodOf(entry), path, { body });
      // verify-token is not guarded: it reports any token problem as invalid.
      const missing = entry.endpoint === 'verifyToken' ? ERRORS.invalidToken : ERRORS.unauthorized;
      expect(noToken, 'no token').toMatchObject({ status: 401, body: { error: missing } });
      for (const forgery of FORGERIES) {
        const reply = await call(methodOf(entry), path, { token: w.forged[forgery], body });
        expect(reply, forgery).toMatchObject({ status: 401, body: { error: ERRORS.invalidToken } });
      }
      expect(snapshotDiff(before, await snapshot())).toEqual([]);
    },
  );

  const cells = MATRIX.flatMap((entry) =>
    cellsOf(entry).map(
      ([role, status, expected]) => [nameOf(entry), role, status, expected, entry] as const,
    ),
  );

  it.each(cells)('%s as %s: %i', async (_name, role, status, expected, entry) => {
    const { path, body } = entry.request(w);
    const before = await snapshot();
    const reply = await call(methodOf(entry), path, { token: tokenOf(role), body });
    expect(reply.status, JSON.stringify(reply.body)).toBe(status);
    if (typeof expected === 'string')
      expect(reply.body).toEqual({ error: expected, code: expect.any(String) });
    else if (Array.isArray(expected)) expect(reply.body).toEqual(expected);
    else if (expected) expect(reply.body).toMatchObject(expected);
    expect(snapshotDiff(before, await snapshot())).toEqual([]);
  });

  it('refuses nothing that is rightfully asked: the rightful callers are answered', async () => {
    // The refusals above are about who asks, not about the requests: here the same requests
    // succeed for the callers they belong to (read-only ones, so the world stays as it is).
    const asLeader = { token: w.leader.token };
    expect((await call('GET', `/api/games/${w.game}/invites`, asLeader)).status).toBe(200);
    expect((await call('GET', `/api/games/${w.game}/state`, asLeader)).status).toBe(200);
    expect(
      (await call('GET', `/api/scale-settings/scales/${w.leader.mac}/settings`, asLeader)).status,
    ).toBe(200);
    expect((await call('GET', '/api/admin/scales', { token: w.adminToken })).status).toBe(200);
    expect((await call('GET', '/api/admin/accounts', { token: w.adminToken })).status).toBe(200);
    expect((await call('GET', '/api/profile/sessions', asLeader)).status).toBe(200);
    expect((await call('GET', '/api/profile/export', asLeader)).status).toBe(200);
    const fastState = await call('GET', `/api/games/${w.fastGame}/state`, {
      token: w.fastLeader.token,
    });
    expect(fastState.status).toBe(200);
    const validate = await call('GET', `/api/games/${w.fastGame}/validate`, {
      token: w.fastLeader.token,
    });
    // A set-up fast game is the player's active game (as /api/fast-game/active says).
    expect(validate.body).toEqual({ exists: true, isActive: true });
    expect(await lineup(call, w.member, w.game)).toEqual([w.leader.id, w.member.id]);
  });

  describe('browser socket', () => {
    it('closes 1008 without a token, with a revoked one, a bad signature or any forgery', async () => {
      const tokens = ['', ...FORGERIES.map((f) => w.forged[f])];
      for (const token of tokens) {
        const socket = await openSocket(`${server.wsUrl}/ws${token ? `?token=${token}` : ''}`);
        expect(await socket.closed).toBe(1008);
      }
    });

    it('refuses watching a scale that is neither yours nor in your game', async () => {
      for (const role of ['outsider', 'member', 'admin'] as const) {
        const socket = await openSocket(`${server.wsUrl}/ws?token=${tokenOf(role)}`);
        socket.send({ type: 'SELECT_SCALE', macAddress: w.fastLeader.mac });
        expect(await socket.next('ERROR'), role).toEqual({
          type: 'ERROR',
          message: NOT_ALLOWED_TO_WATCH,
        });
        socket.close();
      }
    });

    it('refuses a reorder by a participant who does not lead (403 rule) or an outsider (404 rule)', async () => {
      const order = [
        { id: w.member.id, playerName: w.member.playerName, position: 0 },
        { id: w.leader.id, playerName: w.leader.playerName, position: 1 },
      ];
      const before = await snapshot();
      for (const [role, message] of [
        ['member', M.leaderOnly],
        ['invitee', M.leaderOnly],
        ['outsider', M.gameNotFound],
      ] as const) {
        const socket = await openSocket(`${server.wsUrl}/ws?token=${tokenOf(role)}`);
        socket.send({ type: 'UPDATE_PARTICIPANT_ORDER', gameId: w.game, participantOrder: order });
        expect(await socket.next('ERROR'), role).toEqual({ type: 'ERROR', message });
        socket.close();
      }
      expect(snapshotDiff(before, await snapshot())).toEqual([]);
      expect(await lineup(call, w.leader, w.game)).toEqual([w.leader.id, w.member.id]);
    });
  });

  describe('seat tokens', () => {
    let seat: string;
    const asSeat = (token: string) => ({ headers: { authorization: `Seat ${token}` } });
    beforeAll(async () => {
      const { joinCode, seats } = (
        await call('GET', `/api/games/${w.fastGame}/seats`, { token: w.fastLeader.token })
      ).body;
      const guest = seats.find((s: { account: boolean }) => !s.account).playerId;
      seat = (await call('POST', `/api/join/${joinCode}`, { body: { playerId: guest } })).body
        .seatToken;
    });

    it('opens no route that needs a session: a seat is not an account', async () => {
      const before = await snapshot();
      for (const entry of MATRIX.filter((e) => endpoints[e.endpoint].access !== 'seat')) {
        const { path, body } = entry.request(w);
        const reply = await call(methodOf(entry), path, { ...asSeat(seat), body });
        expect(reply.status, nameOf(entry)).toBe(401);
      }
      expect(snapshotDiff(before, await snapshot())).toEqual([]);
    });

    it("answers the seat's own calls, and a forged, released or session token gets 401", async () => {
      expect((await call('GET', '/api/seat', asSeat(seat))).status).toBe(200);
      const before = await snapshot();
      for (const forged of [`${seat}x`, 'A'.repeat(22), w.forged.badSignature]) {
        expect((await call('GET', '/api/seat', asSeat(forged))).status, forged).toBe(401);
      }
      // The leader of another game cannot release this game's seat, nor a player of it.
      const seats = (
        await call('GET', `/api/games/${w.fastGame}/seats`, { token: w.fastLeader.token })
      ).body.seats;
      const guest = seats.find((s: { account: boolean }) => !s.account).playerId;
      for (const role of ['leader', 'outsider'] as const) {
        const reply = await call('POST', `/api/games/${w.fastGame}/seats/${guest}/release`, {
          token: tokenOf(role),
        });
        expect(reply, role).toMatchObject({ status: 404, body: { error: M.gameNotFound } });
      }
      expect(snapshotDiff(before, await snapshot())).toEqual([]);
      expect((await call('GET', '/api/seat', asSeat(seat))).status).toBe(200);
    });
  });

  describe('device socket', () => {
    it("shows a HELLO for a paired scale without its key or with another's only a code, and refuses any browser", async () => {
      const mac = 'FC0000000001';
      const admin = await adminToken(call, server.instance.database);
      const { device: owner, key } = await pairRawDevice(server.wsUrl, call, admin, mac);
      const before = await snapshot();
      for (const hello of [
        { type: 'HELLO', mac },
        { type: 'HELLO', mac, key: `${key}x` },
      ]) {
        const impostor = await openDevice(server.wsUrl);
        impostor.send(hello);
        await impostor.next('PAIRING');
        impostor.ws.close();
        expect(impostor.messages.map((m) => m.type)).toEqual(['PAIRING']);
      }
      const browser = await openDevice(server.wsUrl, { origin: server.baseUrl });
      expect((await browser.next('REJECT')).error).toBe(DEVICE_REJECTS.browserOrigin.error);
      browser.send({ type: 'HELLO', mac, key });
      expect((await browser.closed).code).toBe(1008);
      expect(server.instance.devices.isConnected(mac)).toBe(true);
      expect(snapshotDiff(before, await snapshot())).toEqual([]);
      owner.ws.close();
      await owner.closed;
    });
  });
});
