import { describe, expect, it } from 'vitest';
import type { GameStatus } from '@beerscale/contract/game-state';
import { LOBBY_MESSAGES as M } from '@beerscale/contract/games';
import { ACCOUNT_REFUSALS } from '@beerscale/contract/account-messages';
import { GAME_PLAYERS } from '@beerscale/contract/limits';
import { ERRORS, REFUSALS, VALIDATION } from '@beerscale/contract/messages';
import { RATING_RULES } from '@beerscale/contract/rating';
import { NAME_REFUSALS, REPORT_REFUSALS } from '@beerscale/contract/refusal-messages';
import { RULE_MESSAGES } from '@beerscale/contract/rules';
import { WATCH_ERRORS } from '@beerscale/contract/watch';
import { HttpError } from '../http/http-error';
import {
  enforce,
  isOpen,
  mayActIn,
  mayCancel,
  mayChangeLineup,
  mayDeleteAccount,
  mayInvite,
  mayJoin,
  mayKick,
  mayLead,
  mayLeave,
  mayOpenGame,
  mayPlayAsLeader,
  mayPlayOnScale,
  mayRateOnScale,
  mayReadGame,
  mayRenameIn,
  mayReorder,
  mayReport,
  maySetUp,
  mayShareWatchLink,
  mayStartFast,
  mayStartRanked,
  mayStandInForEstimate,
  mayTakeTurn,
  mayView,
  mayVoid,
  replacedByNewGame,
  type InviteFacts,
  type OpenGame,
  type Verdict,
} from './game-policy';

// Each row is one rule's answer for one situation: a changed status, message or order of the
// checks fails its row. The messages are the contract's, so the wire stays as clients know it.

const LEADER = 1;
const PLAYER = 2;
const STRANGER = 3;
const ok: Verdict = 'allowed';
const r = (status: 400 | 403 | 404 | 409, message: string): Verdict => ({ status, message });
const game = (status: GameStatus = 'pending') => ({ creator_id: LEADER, status });

const STATUSES: GameStatus[] = ['pending', 'configured', 'active', 'completed', 'cancelled'];

describe('enforce', () => {
  it('lets an allowed verdict pass', () => {
    expect(() => enforce(ok)).not.toThrow();
  });
  it.each([
    [400, VALIDATION.setupFirst],
    [403, M.leaderOnly],
    [404, M.gameNotFound],
    [409, M.alreadyInOpenGame],
  ] as const)('throws %i %s as the HTTP error the routes send', (status, message) => {
    const thrown = (() => {
      try {
        enforce(r(status, message));
      } catch (err) {
        return err;
      }
    })();
    expect(thrown).toBeInstanceOf(HttpError);
    expect(thrown).toMatchObject({ statusCode: status, message });
  });
});

describe('seeing and leading', () => {
  it.each([
    ['no game', undefined, LEADER, false, r(404, M.gameNotFound)],
    ['the leader, even unseen', game(), LEADER, false, ok],
    ['a participant', game(), PLAYER, true, r(403, M.leaderOnly)],
    ['a stranger', game(), STRANGER, false, r(404, M.gameNotFound)],
  ])('mayLead: %s', (_, g, userId, sees, verdict) => {
    expect(mayLead(g, userId, sees)).toEqual(verdict);
  });

  it.each([
    ['no game', undefined, true, r(404, M.gameNotFound)],
    ['one the caller sees', game(), true, ok],
    ['one the caller does not see', game(), false, r(404, M.gameNotFound)],
  ])('mayView: %s', (_, g, sees, verdict) => {
    expect(mayView(g, sees)).toEqual(verdict);
  });
});

describe('the ranked lobby', () => {
  it.each([
    ['pending', ok, ok],
    ['configured', ok, ok],
    ['active', r(409, M.gameRunning), ok],
    ['completed', r(409, M.gameOver), r(409, M.gameOver)],
    ['cancelled', r(409, M.gameCancelled), r(409, M.gameCancelled)],
  ] as const)('%s: line-up changes %o, cancel %o', (status, change, cancel) => {
    expect(mayChangeLineup(status)).toEqual(change);
    expect(mayCancel(status)).toEqual(cancel);
  });

  it.each(STATUSES)('isOpen(%s) is whether the game is not over', (status) => {
    expect(isOpen(status)).toBe(status !== 'completed' && status !== 'cancelled');
  });

  it.each([
    ['a participant', game(), PLAYER, [LEADER, PLAYER], ok],
    ['themself', game(), LEADER, [LEADER, PLAYER], r(400, M.leaderCannotKick)],
    ['a non-participant', game(), STRANGER, [LEADER, PLAYER], r(404, M.notAParticipant)],
    ['in a running game', game('active'), PLAYER, [LEADER, PLAYER], r(409, M.gameRunning)],
  ])('mayKick: the leader kicks %s', (_, g, playerId, members, verdict) => {
    expect(mayKick(g, LEADER, playerId, members)).toEqual(verdict);
  });

  it.each([
    ['a participant', game(), PLAYER, ok],
    ['a participant of a set-up game', game('configured'), PLAYER, ok],
    ['the leader', game(), LEADER, r(409, M.leaderCannotLeave)],
    ['a stranger', game(), STRANGER, r(404, M.gameNotFound)],
    ['a participant of a running game', game('active'), PLAYER, r(409, M.gameRunning)],
    ['a stranger of a running game', game('active'), STRANGER, r(404, M.gameNotFound)],
  ])('mayLeave: %s', (_, g, userId, verdict) => {
    expect(mayLeave(g, userId, [LEADER, PLAYER])).toEqual(verdict);
  });

  it.each([
    ['the same members reordered', 'pending', [2, 1, 3], ok],
    ['one missing', 'pending', [2, 1], r(400, M.orderMismatch)],
    ['one twice', 'pending', [2, 1, 1], r(400, M.orderMismatch)],
    ['a stranger', 'pending', [2, 1, 4], r(400, M.orderMismatch)],
    ['a running game', 'active', [2, 1, 3], r(409, M.gameRunning)],
  ] as const)('mayReorder: %s', (_, status, wanted, verdict) => {
    expect(mayReorder(status, [1, 2, 3], wanted)).toEqual(verdict);
  });

  it.each([
    ['the leader alone', 'pending', 1, r(400, VALIDATION.inviteAtLeastOne)],
    ['two players', 'pending', GAME_PLAYERS.min, ok],
    ['set up again', 'configured', GAME_PLAYERS.min, ok],
    ['a running game', 'active', GAME_PLAYERS.min, r(409, M.gameRunning)],
  ] as const)('maySetUp: %s', (_, status, players, verdict) => {
    expect(maySetUp(status, players)).toEqual(verdict);
  });

  it.each([
    ['pending', r(400, VALIDATION.setupFirst)],
    ['configured', ok],
    ['active', r(409, M.gameRunning)],
    ['completed', r(409, M.gameOver)],
    ['cancelled', r(409, M.gameCancelled)],
  ] as const)('mayStartRanked: %s', (status, verdict) => {
    expect(mayStartRanked(status)).toEqual(verdict);
  });

  it.each([
    [{ paired: true, online: true }, ok],
    [{ paired: false, online: false }, r(409, M.rankedScaleNotPaired)],
    [{ paired: false, online: true }, r(409, M.rankedScaleNotPaired)],
    [{ paired: true, online: false }, r(409, M.rankedScaleNotConnected)],
  ])('mayRateOnScale %o', (scale, verdict) => {
    expect(mayRateOnScale(scale)).toEqual(verdict);
  });
});

describe('invitations', () => {
  const facts: InviteFacts = {
    leaderId: LEADER,
    playerId: PLAYER,
    inviteeName: 'Anna',
    memberIds: [LEADER],
    takenNames: ['Leo'],
    invitedHere: false,
    invitedByLeaderElsewhere: false,
  };
  const full = Array.from({ length: GAME_PLAYERS.max }, (_, i) => 10 + i);
  it.each([
    ['a new player', 'pending', {}, ok],
    ['into a running game', 'active', { playerId: LEADER }, r(409, M.gameRunning)],
    ['themself', 'pending', { playerId: LEADER }, r(400, M.inviteYourself)],
    ['no such account', 'pending', { inviteeName: null }, r(404, M.playerNotFound)],
    ['a participant', 'pending', { memberIds: [LEADER, PLAYER] }, r(409, VALIDATION.alreadyInGame)],
    ['twice', 'pending', { invitedHere: true }, r(409, VALIDATION.alreadyInvited)],
    [
      'someone invited to another game',
      'pending',
      { invitedByLeaderElsewhere: true },
      r(409, M.alreadyInvitedByYou),
    ],
    ['into a full line-up', 'pending', { memberIds: full }, r(409, VALIDATION.tooManyPlayers)],
    [
      'a name taken but for case',
      'pending',
      { takenNames: ['Leo', 'ANNA'] },
      r(409, NAME_REFUSALS.namesDifferOnlyInCase),
    ],
  ] as const)('mayInvite: %s', (_, status, change, verdict) => {
    expect(mayInvite(status, { ...facts, ...change })).toEqual(verdict);
  });

  const fullNames = Array.from({ length: GAME_PLAYERS.max }, (_, i) => `P${i}`);
  it.each([
    ['an open lobby', 'pending', [], ['Leo'], ok],
    ['a set-up game', 'configured', [], ['Leo'], ok],
    ['a running game', 'active', [], ['Leo'], r(409, M.gameRunning)],
    [
      'while in another lobby',
      'pending',
      [{ id: 9, mode: 'ranked', status: 'pending' }],
      ['Leo'],
      r(409, M.alreadyInOpenGame),
    ],
    [
      'with an unstarted fast set-up',
      'pending',
      [{ id: 9, mode: 'fast', status: 'configured' }],
      ['Leo'],
      ok,
    ],
    ['a full line-up', 'pending', [], fullNames, r(409, VALIDATION.tooManyPlayers)],
    [
      'a line-up with the name',
      'pending',
      [],
      ['anna'],
      r(409, NAME_REFUSALS.namesDifferOnlyInCase),
    ],
  ] as const)('mayJoin: %s', (_, status, open, names, verdict) => {
    expect(mayJoin(status, open, names, 'Anna')).toEqual(verdict);
  });

  it.each([
    ['nobody else', [], ok],
    ['other names', ['Bob', 'Cid'], ok],
    ['a name but for case', ['Bob', 'anna'], r(409, NAME_REFUSALS.namesDifferOnlyInCase)],
    ['the same name', ['Anna'], r(409, NAME_REFUSALS.namesDifferOnlyInCase)],
  ] as const)('mayRenameIn: %s', (_, others, verdict) => {
    expect(mayRenameIn('Anna', others)).toEqual(verdict);
  });
});

describe('one open game per player, both modes', () => {
  const ranked = (status: GameStatus): OpenGame => ({ id: 1, mode: 'ranked', status });
  const fast = (status: GameStatus): OpenGame => ({ id: 2, mode: 'fast', status });
  it.each([
    ['nothing open', [], ok, ok, []],
    ['a ranked lobby', [ranked('pending')], r(409, M.alreadyInOpenGame), 'same', []],
    ['a set-up ranked game', [ranked('configured')], r(409, M.alreadyInOpenGame), 'same', []],
    ['a running ranked game', [ranked('active')], r(409, M.alreadyInOpenGame), 'same', []],
    ['an unstarted fast set-up', [fast('configured')], ok, ok, [2]],
    [
      'a running fast game',
      [fast('active')],
      r(409, M.alreadyInOpenGame),
      r(409, REFUSALS.fastGameRunning),
      [],
    ],
    [
      'a fast set-up and a ranked lobby',
      [fast('configured'), ranked('pending')],
      r(409, M.alreadyInOpenGame),
      'same',
      [2],
    ],
    [
      'a running fast game and a ranked lobby',
      [fast('active'), ranked('pending')],
      r(409, M.alreadyInOpenGame),
      r(409, REFUSALS.fastGameRunning),
      [],
    ],
  ] as const)('%s: ranked %o, fast %o, replaced %o', (_, open, rankedVerdict, fastVerdict, ids) => {
    expect(mayOpenGame('ranked', open)).toEqual(rankedVerdict);
    expect(mayOpenGame('fast', open)).toEqual(fastVerdict === 'same' ? rankedVerdict : fastVerdict);
    expect(replacedByNewGame(open)).toEqual(ids);
  });
});

describe('fast games and scales', () => {
  it.each([
    ['no open game', undefined, r(404, ERRORS.noActiveFastGame)],
    ['another game', { id: 8, status: 'configured' }, r(404, ERRORS.noActiveFastGame)],
    ['a running one', { id: 7, status: 'active' }, r(404, ERRORS.noActiveFastGame)],
    ['the set-up one', { id: 7, status: 'configured' }, ok],
  ] as const)('mayStartFast: %s', (_, open, verdict) => {
    expect(mayStartFast(open, 7)).toEqual(verdict);
  });

  it.each([
    ['an unknown or ownerless scale', null, false, ok],
    ['the own scale', PLAYER, false, ok],
    ["another owner's scale", STRANGER, false, r(403, REFUSALS.foreignScale)],
    ["another owner's busy scale", STRANGER, true, r(403, REFUSALS.foreignScale)],
    ['a scale running another game', null, true, r(409, REFUSALS.scaleBusy)],
  ])('mayPlayOnScale: %s', (_, ownerId, runsAnotherGame, verdict) => {
    expect(mayPlayOnScale({ ownerId, runsAnotherGame }, PLAYER)).toEqual(verdict);
  });
});

describe('running games', () => {
  it.each([
    ['the leader of a running game', game('active'), LEADER, false, ok],
    [
      'the leader of a set-up game',
      game('configured'),
      LEADER,
      false,
      r(409, REFUSALS.gameNotRunning),
    ],
    ['a player', game('active'), PLAYER, true, r(403, M.leaderOnly)],
    ['a stranger', game('active'), STRANGER, false, r(404, M.gameNotFound)],
    ['a stranger of an ended game', game('completed'), STRANGER, false, r(404, M.gameNotFound)],
    ['no game', undefined, LEADER, false, r(404, M.gameNotFound)],
  ])('mayPlayAsLeader: %s', (_, g, userId, sees, verdict) => {
    expect(mayPlayAsLeader(g, userId, sees)).toEqual(verdict);
  });

  it.each([
    ['the leader', game('active'), LEADER, false, ok],
    ['a player', game('active'), PLAYER, true, ok],
    ['a player of an ended game', game('completed'), PLAYER, true, r(409, REFUSALS.gameNotRunning)],
    ['a stranger', game('active'), STRANGER, false, r(404, M.gameNotFound)],
    ['no game', undefined, PLAYER, true, r(404, M.gameNotFound)],
  ])('mayActIn: %s', (_, g, userId, sees, verdict) => {
    expect(mayActIn(g, userId, sees)).toEqual(verdict);
  });

  it.each([
    ['the leader for a guest', true, null, LEADER, ok],
    ['the acting player', false, PLAYER, PLAYER, ok],
    ['another player', false, STRANGER, PLAYER, r(403, RULE_MESSAGES.notTheCaller)],
    ['anyone for a guest', false, null, PLAYER, r(403, RULE_MESSAGES.notTheCaller)],
  ])('mayTakeTurn: %s', (_, leader, actor, userId, verdict) => {
    expect(mayTakeTurn(leader, actor, userId, RULE_MESSAGES.notTheCaller)).toEqual(verdict);
  });

  const owned = (ownerId: number | null, approved: boolean) => ({ ownerId, approved });
  it.each([
    ['a player', game('active'), PLAYER, null, ok],
    ['the approved scale owner', game('active'), STRANGER, owned(STRANGER, true), ok],
    [
      'an unapproved scale owner',
      game('active'),
      STRANGER,
      owned(STRANGER, false),
      r(404, M.gameNotFound),
    ],
    ['a stranger', game('active'), STRANGER, owned(PLAYER, true), r(404, M.gameNotFound)],
    ['no game', undefined, PLAYER, null, r(404, M.gameNotFound)],
  ])('mayReadGame: %s', (_, g, userId, scale, verdict) => {
    expect(mayReadGame(g, userId, [LEADER, PLAYER, null], scale)).toEqual(verdict);
  });

  it.each([
    ['a lobby', game('pending'), LEADER, false, r(409, WATCH_ERRORS.notOpen)],
    ['a set-up game', game('configured'), LEADER, false, ok],
    ['a running game', game('active'), LEADER, false, ok],
    ['an ended game', game('completed'), LEADER, false, r(409, WATCH_ERRORS.notOpen)],
    ['by a player', game('active'), PLAYER, true, r(403, M.leaderOnly)],
    ['by a stranger', game('pending'), STRANGER, false, r(404, M.gameNotFound)],
    ['of no game', undefined, LEADER, false, r(404, M.gameNotFound)],
  ])('mayShareWatchLink: %s', (_, g, userId, sees, verdict) => {
    expect(mayShareWatchLink(g, userId, sees)).toEqual(verdict);
  });
});

describe('ended ranked games and accounts', () => {
  const end = '2025-01-01T20:00:00.000Z';
  const window = RATING_RULES.reportWindowHours * 3_600_000;
  const at = (ms: number) => new Date(Date.parse(end) + ms);
  const ended = (
    mode: 'ranked' | 'fast',
    status: GameStatus,
    completed_at: string | null = end,
  ) => ({
    mode,
    status,
    completed_at,
  });
  it.each([
    ['a completed ranked game', ended('ranked', 'completed'), at(1), ok],
    ['at the end of the window', ended('ranked', 'completed'), at(window), ok],
    [
      'after the window',
      ended('ranked', 'completed'),
      at(window + 1),
      r(409, REPORT_REFUSALS.reportTooLate),
    ],
    ['a fast game', ended('fast', 'completed'), at(1), r(409, REPORT_REFUSALS.notReportable)],
    [
      'a running game',
      ended('ranked', 'active', null),
      at(1),
      r(409, REPORT_REFUSALS.notReportable),
    ],
    [
      'a cancelled game',
      ended('ranked', 'cancelled'),
      at(1),
      r(409, REPORT_REFUSALS.notReportable),
    ],
    ['a game the caller did not play', undefined, at(1), r(404, M.gameNotFound)],
  ])('mayReport: %s', (_, g, now, verdict) => {
    expect(mayReport(g, now)).toEqual(verdict);
  });

  it.each([
    ['a completed ranked game', { mode: 'ranked', status: 'completed', voided_at: null }, ok],
    [
      'one voided already',
      { mode: 'ranked', status: 'completed', voided_at: end },
      r(409, REPORT_REFUSALS.alreadyVoided),
    ],
    [
      'a fast game',
      { mode: 'fast', status: 'completed', voided_at: null },
      r(409, REPORT_REFUSALS.notVoidable),
    ],
    [
      'a running game',
      { mode: 'ranked', status: 'active', voided_at: null },
      r(409, REPORT_REFUSALS.notVoidable),
    ],
    ['no game', undefined, r(404, M.gameNotFound)],
  ] as const)('mayVoid: %s', (_, g, verdict) => {
    expect(mayVoid(g)).toEqual(verdict);
  });

  it.each([
    [[], ok],
    [[{ status: 'pending' }, { status: 'configured' }], ok],
    [[{ status: 'pending' }, { status: 'active' }], r(409, ACCOUNT_REFUSALS.runningGameFirst)],
  ] as const)('mayDeleteAccount with open games %o', (open, verdict) => {
    expect(mayDeleteAccount(open)).toEqual(verdict);
  });
});

describe("the leader's estimate for another player (issue 42)", () => {
  it('is allowed in a fast game and for a ranked player who is away, else 403', () => {
    expect(mayStandInForEstimate('fast', false)).toBe(ok);
    expect(mayStandInForEstimate('ranked', true)).toBe(ok);
    expect(mayStandInForEstimate('ranked', false)).toEqual(r(403, RULE_MESSAGES.estimateOwn));
  });
});
