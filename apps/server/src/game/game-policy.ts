import {
  OPEN_STATUSES,
  type GameCan,
  type GamePhase,
  type GameStatus,
} from '@beerscale/contract/game-state';
import { LOBBY_MESSAGES as M, type LobbyAbilities } from '@beerscale/contract/games';
import { ACCOUNT_REFUSALS } from '@beerscale/contract/account-messages';
import { GAME_PLAYERS, type GameMode } from '@beerscale/contract/limits';
import { ERRORS, REFUSALS, VALIDATION } from '@beerscale/contract/messages';
import { sameNameKey } from '@beerscale/contract/names';
import { leaderMayStandInForEstimate } from '@beerscale/contract/play';
import { RATING_RULES } from '@beerscale/contract/rating';
import { SEAT_REFUSALS } from '@beerscale/contract/seat-messages';
import { RULE_MESSAGES } from '@beerscale/contract/rule-messages';
import { NAME_REFUSALS, REPORT_REFUSALS } from '@beerscale/contract/refusal-messages';
import { WATCH_ERRORS } from '@beerscale/contract/watch';
import { HttpError } from '../http/http-error';

/**
 * Who may do what to a game, ranked or fast: one named predicate per decision. They take the
 * facts a service has already loaded (no queries here) and answer `'allowed'` or the refusal the
 * server sends, with its status and message exactly as the clients know them. Services load,
 * ask, then `enforce` the verdict; docs/ARCHITECTURE.md ("Rules and their homes") lists the
 * other rules' homes.
 */

export interface Refusal {
  readonly status: 400 | 403 | 404 | 409;
  readonly message: string;
}
export type Verdict = 'allowed' | Refusal;

export const ALLOWED: Verdict = 'allowed';
const refuse = (status: Refusal['status'], message: string): Refusal => ({ status, message });

/** Throws the refusal as the HTTP error the routes send (the message's code comes with it). */
export function enforce(verdict: Verdict): void {
  if (verdict !== 'allowed') throw new HttpError(verdict.status, verdict.message);
}

/** The first refusal of several rules asked in order, or allowed. */
export function firstRefusal(...verdicts: Verdict[]): Verdict {
  return verdicts.find((v) => v !== 'allowed') ?? ALLOWED;
}

/** The one refusal for a game the caller cannot see: the same as for an unknown id. */
export const GAME_NOT_FOUND = M.gameNotFound;
export const LEADER_ONLY = M.leaderOnly;
export const GAME_NOT_RUNNING = REFUSALS.gameNotRunning;
export const FOREIGN_SCALE = REFUSALS.foreignScale;
export const SCALE_BUSY = REFUSALS.scaleBusy;
export const FAST_GAME_RUNNING = REFUSALS.fastGameRunning;

export { OPEN_STATUSES };
/** Open games not started yet: their line-up plays under the names its players have now. */
export const UNSTARTED_STATUSES = ['pending', 'configured'] as const;
export const isOpen = (status: GameStatus): boolean =>
  (OPEN_STATUSES as readonly GameStatus[]).includes(status);

interface Led {
  creator_id: number;
}

// --- Seeing and leading ---------------------------------------------------------------------

/** Whether the caller leads the game (its creator); the leader never needs to be "seen". */
export const leads = (game: Led | null | undefined, userId: number): boolean =>
  game?.creator_id === userId;

/**
 * Reads any viewer may make. Participants and pending invitees see a game (the caller loads
 * that fact); for anyone else it does not exist: 404, as an unknown id, so ids cannot be probed.
 */
export function mayView(game: unknown, sees: boolean): Verdict {
  return game && sees ? ALLOWED : refuse(404, GAME_NOT_FOUND);
}

/**
 * The one leader check of the lobby, the running game and its watch link. A game the caller
 * cannot see does not exist for them (404); only a caller who sees it learns that they do not
 * lead it (403). `sees` is not asked of the leader (callers may skip loading it then).
 */
export function mayLead(game: Led | null | undefined, userId: number, sees: boolean): Verdict {
  if (!game) return refuse(404, GAME_NOT_FOUND);
  if (game.creator_id === userId) return ALLOWED;
  if (!sees) return refuse(404, GAME_NOT_FOUND);
  return refuse(403, LEADER_ONLY);
}

// --- The ranked lobby -----------------------------------------------------------------------

/** Why a game no longer takes changes: it runs, was cancelled, or is over. */
export function closedMessage(status: GameStatus): string {
  if (status === 'active') return M.gameRunning;
  if (status === 'cancelled') return M.gameCancelled;
  return M.gameOver;
}

/** Membership, order and set-up change only before the game starts. */
export function mayChangeLineup(status: GameStatus): Verdict {
  if (status === 'pending' || status === 'configured') return ALLOWED;
  return refuse(409, closedMessage(status));
}

/** The leader ends the lobby, or a running game without results; an ended game stays ended. */
export function mayCancel(status: GameStatus): Verdict {
  return isOpen(status) ? ALLOWED : refuse(409, closedMessage(status));
}

export const isFull = (players: number): boolean => players >= GAME_PLAYERS.max;

/** The leader removes a participant other than themself, before the start. */
export function mayKick(
  game: { status: GameStatus },
  leaderId: number,
  playerId: number,
  memberIds: readonly number[],
): Verdict {
  return firstRefusal(
    mayChangeLineup(game.status),
    playerId === leaderId ? refuse(400, M.leaderCannotKick) : ALLOWED,
    memberIds.includes(playerId) ? ALLOWED : refuse(404, M.notAParticipant),
  );
}

/** A participant other than the leader leaves before the start (the leader cancels instead). */
export function mayLeave(
  game: Led & { status: GameStatus },
  userId: number,
  memberIds: readonly number[],
): Verdict {
  if (!memberIds.includes(userId)) return refuse(404, GAME_NOT_FOUND);
  if (game.creator_id === userId) return refuse(409, M.leaderCannotLeave);
  return mayChangeLineup(game.status);
}

/** A new turn order holds exactly the participants, each once. */
export function mayReorder(
  status: GameStatus,
  memberIds: readonly number[],
  wanted: readonly number[],
): Verdict {
  const same =
    wanted.length === memberIds.length &&
    new Set(wanted).size === wanted.length &&
    memberIds.every((id) => wanted.includes(id));
  return firstRefusal(mayChangeLineup(status), same ? ALLOWED : refuse(400, M.orderMismatch));
}

/** The leader sets up scale, container and rounds once someone besides them plays. */
export function maySetUp(status: GameStatus, players: number): Verdict {
  return firstRefusal(
    mayChangeLineup(status),
    players < GAME_PLAYERS.min ? refuse(400, VALIDATION.inviteAtLeastOne) : ALLOWED,
  );
}

/** A ranked game starts from its set-up, once. */
export function mayStartRanked(status: GameStatus): Verdict {
  if (status === 'pending') return refuse(400, VALIDATION.setupFirst);
  if (status !== 'configured') return refuse(409, closedMessage(status));
  return ALLOWED;
}

/**
 * Ratings must come from hardware that weighs: an unpaired address or a switched-off scale
 * would leave only typed readings, and the leaderboard could be farmed with them.
 */
export function mayRateOnScale(scale: { paired: boolean; online: boolean }): Verdict {
  if (!scale.paired) return refuse(409, M.rankedScaleNotPaired);
  if (!scale.online) return refuse(409, M.rankedScaleNotConnected);
  return ALLOWED;
}

/** What the leader's invitation of `playerId` depends on, loaded under the game's lock. */
export interface InviteFacts {
  leaderId: number;
  playerId: number;
  /** The invitee's player name, or null when no such account exists. */
  inviteeName: string | null;
  memberIds: readonly number[];
  /** Names of the line-up and of those invited to it already. */
  takenNames: readonly string[];
  invitedHere: boolean;
  invitedByLeaderElsewhere: boolean;
}

/**
 * One pending invitation per game and invitee, and per inviter and invitee whatever the game;
 * nobody at the table could tell "Anna" from "anna" on the scale's display or the results.
 */
export function mayInvite(status: GameStatus, f: InviteFacts): Verdict {
  const changeable = mayChangeLineup(status);
  if (changeable !== ALLOWED) return changeable;
  if (f.playerId === f.leaderId) return refuse(400, M.inviteYourself);
  if (f.inviteeName === null) return refuse(404, M.playerNotFound);
  if (f.memberIds.includes(f.playerId)) return refuse(409, VALIDATION.alreadyInGame);
  if (f.invitedHere) return refuse(409, VALIDATION.alreadyInvited);
  if (f.invitedByLeaderElsewhere) return refuse(409, M.alreadyInvitedByYou);
  if (isFull(f.memberIds.length)) return refuse(409, VALIDATION.tooManyPlayers);
  return nameFree(f.inviteeName, f.takenNames);
}

/**
 * The invitee accepts: the game still takes changes, the player has no other open game, the
 * line-up has room, and their name (which may have changed since) is not taken.
 */
export function mayJoin(
  status: GameStatus,
  open: readonly OpenGame[],
  memberNames: readonly string[],
  playerName: string,
): Verdict {
  return firstRefusal(
    mayChangeLineup(status),
    mayOpenGame('ranked', open),
    isFull(memberNames.length) ? refuse(409, VALIDATION.tooManyPlayers) : ALLOWED,
    nameFree(playerName, memberNames),
  );
}

/**
 * A player renames themselves while in a game not started yet (it will be played under the new
 * name): no one else in it may have the same name but for case, as when joining.
 */
export function mayRenameIn(newName: string, otherNames: readonly string[]): Verdict {
  return nameFree(newName, otherNames);
}

function nameFree(name: string, taken: readonly string[]): Verdict {
  const key = sameNameKey(name);
  return taken.some((t) => sameNameKey(t) === key)
    ? refuse(409, NAME_REFUSALS.namesDifferOnlyInCase)
    : ALLOWED;
}

// --- One open game per player, both modes ---------------------------------------------------

export interface OpenGame {
  id: number;
  mode: GameMode;
  status: GameStatus;
}

/** A fast set-up that never started: the player's next game closes it instead of waiting. */
export const isUnstartedFast = (g: OpenGame): boolean =>
  g.mode === 'fast' && g.status === 'configured';

/**
 * A player takes part in one open game at most, of either mode. Only a fast set-up that never
 * started does not count: the new game (a ranked lobby, an accepted invitation, another fast
 * set-up) replaces it, since nothing else would let the player get rid of one. A fast game that
 * runs refuses a new fast set-up with its own message.
 */
export function mayOpenGame(mode: GameMode, open: readonly OpenGame[]): Verdict {
  if (mode === 'fast' && open.some((g) => g.mode === 'fast' && g.status === 'active')) {
    return refuse(409, FAST_GAME_RUNNING);
  }
  if (open.some((g) => !isUnstartedFast(g))) return refuse(409, M.alreadyInOpenGame);
  return ALLOWED;
}

/** The open games a new game of the player closes (see mayOpenGame). */
export const replacedByNewGame = (open: readonly OpenGame[]): number[] =>
  open.filter(isUnstartedFast).map((g) => g.id);

// --- Fast games -----------------------------------------------------------------------------

/** Only the creator's own set-up fast game starts, and only once. */
export function mayStartFast(
  open: { id: number; status: GameStatus } | null | undefined,
  gameId: number,
): Verdict {
  if (!open || open.id !== gameId || open.status !== 'configured') {
    return refuse(404, ERRORS.noActiveFastGame);
  }
  return ALLOWED;
}

// --- Scales ---------------------------------------------------------------------------------

/**
 * A game may use a scale that is the player's own (assigned and approved) or not assigned to
 * anyone; another owner's scale is refused, but in a group's game a scale of any of its members
 * is the group's (docs/ARCHITECTURE.md, Groups). Unknown addresses are fine: the scale row is
 * created when the device first says hello. One scale runs one game at a time.
 */
export function mayPlayOnScale(
  scale: { ownerId: number | null; runsAnotherGame: boolean; ownerInGameGroup?: boolean },
  userId: number,
): Verdict {
  if (scale.ownerId !== null && scale.ownerId !== userId && !scale.ownerInGameGroup)
    return refuse(403, FOREIGN_SCALE);
  if (scale.runsAnotherGame) return refuse(409, SCALE_BUSY);
  return ALLOWED;
}

// --- Running games --------------------------------------------------------------------------

/** Typed readings and finishing are the leader's, while the game runs. */
export function mayPlayAsLeader(
  game: (Led & { status: GameStatus }) | null | undefined,
  userId: number,
  sees: boolean,
): Verdict {
  const lead = mayLead(game, userId, sees);
  if (lead !== ALLOWED || !game) return lead;
  return game.status === 'active' ? ALLOWED : refuse(409, GAME_NOT_RUNNING);
}

/**
 * A house-rules action (call, give, estimate) is judged first on the game: who cannot see it
 * gets 404, a game that does not run 409. The turn is judged by `mayTakeTurn`.
 */
export function mayActIn(
  game: (Led & { status: GameStatus }) | null | undefined,
  userId: number,
  sees: boolean,
): Verdict {
  if (!game || !(leads(game, userId) || sees)) return refuse(404, GAME_NOT_FOUND);
  return game.status === 'active' ? ALLOWED : refuse(409, GAME_NOT_RUNNING);
}

/**
 * The action on turn is the acting player's account's, or the leader's for anyone (a guest of
 * the table has no account); anyone else gets 403 with the action's own message.
 */
export function mayTakeTurn(
  leader: boolean,
  actorAccount: number | null,
  userId: number,
  notYours: string,
): Verdict {
  if (leader || (actorAccount !== null && actorAccount === userId)) return ALLOWED;
  return refuse(403, notYours);
}

/**
 * Issue 42: a ranked game's finale estimate is its player's own. The leader enters one for
 * another account's player only in a ranked game when that player is away (no device of theirs
 * connected), and such an estimate is a stand-in, marked and counted like a typed reading; in a
 * fast game the leader enters everyone's (its players are names at one phone).
 */
export function mayStandInForEstimate(mode: GameMode, away: boolean): Verdict {
  // The rule is the contract's, so that /live offers what the server allows.
  return leaderMayStandInForEstimate(mode, away) ? ALLOWED : refuse(403, RULE_MESSAGES.estimateOwn);
}

// --- Seats on phones (seats/) ---------------------------------------------------------------

/**
 * A free seat is taken with the game's code: a player of the game without an account (a player
 * with an account plays from their own signed-in phone) whom no other phone holds.
 */
export function mayTakeSeat(
  player: { user_id: number | null } | undefined,
  held: boolean,
): Verdict {
  if (!player) return refuse(404, SEAT_REFUSALS.notASeat);
  if (player.user_id !== null) return refuse(409, SEAT_REFUSALS.accountSeat);
  return held ? refuse(409, SEAT_REFUSALS.seatTaken) : ALLOWED;
}

/** A seat acts while its game runs (as mayActIn judges a session's action). */
export function maySeatActIn(game: { status: GameStatus } | undefined): Verdict {
  if (!game) return refuse(404, GAME_NOT_FOUND);
  return game.status === 'active' ? ALLOWED : refuse(409, GAME_NOT_RUNNING);
}

/**
 * A seat does what its own player may and nothing more: name the amount when its player calls,
 * give when its player gives, state its player's estimate; another player's turn is 403 with the
 * action's own message. (The leader still acts for anyone, through mayTakeTurn.)
 */
export function maySeatTakeTurn(
  seatPlayerId: number,
  actorPlayerId: number | null,
  notYours: string,
): Verdict {
  return actorPlayerId === seatPlayerId ? ALLOWED : refuse(403, notYours);
}

/**
 * The join page offers to watch a game once there is something to watch (set up or running, as
 * for the leader's watch link): whoever holds the code may take a seat, so watching is no more.
 */
export const joinOffersWatching = (game: { status: GameStatus }): boolean =>
  game.status === 'configured' || game.status === 'active';

/** Players of an open game see its code and seats; the leader releases a seat (a dead phone). */
export function mayReleaseSeat(
  game: (Led & { status: GameStatus }) | null | undefined,
  userId: number,
  sees: boolean,
  isPlayer: boolean,
): Verdict {
  const lead = mayLead(game, userId, sees);
  if (lead !== ALLOWED) return lead;
  return isPlayer ? ALLOWED : refuse(404, SEAT_REFUSALS.notASeat);
}

/**
 * Players of the game and the approved owner of its scale may read its snapshot; for anyone
 * else it does not exist (the same 404 as the leader's calls).
 */
export function mayReadGame(
  game: unknown,
  userId: number,
  playerAccounts: readonly (number | null)[],
  scale: { ownerId: number | null; approved: boolean } | null,
  /** A completed game of a group the reader belongs to: the group's history is its members'. */
  groupMember = false,
): Verdict {
  if (!game) return refuse(404, GAME_NOT_FOUND);
  if (playerAccounts.includes(userId)) return ALLOWED;
  if (scale && scale.ownerId === userId && scale.approved) return ALLOWED;
  if (groupMember) return ALLOWED;
  return refuse(404, GAME_NOT_FOUND);
}

/** The leader shares a watch link of a set-up or running game (not of a lobby or an ended one). */
export function mayShareWatchLink(
  game: (Led & { status: GameStatus }) | null | undefined,
  userId: number,
  sees: boolean,
): Verdict {
  const lead = mayLead(game, userId, sees);
  if (lead !== ALLOWED || !game) return lead;
  return game.status === 'configured' || game.status === 'active'
    ? ALLOWED
    : refuse(409, WATCH_ERRORS.notOpen);
}

// --- What a reader may do: the replies' `can` (issue 40) -----------------------------------

const allows = (verdict: Verdict): boolean => verdict === ALLOWED;

/** The house rules' waits have nobody on turn: a typed reading would belong to no one. */
export function mayTypeIn(phase: GamePhase | null): Verdict {
  return phase === 'CALLING' || phase === 'GIVING' || phase === 'ESTIMATING'
    ? refuse(409, RULE_MESSAGES.nobodyOnTurn)
    : ALLOWED;
}

/** "Play again" is offered to the leader of an ended game (the new game is judged on its own). */
export const mayOfferPlayAgain = (status: GameStatus): boolean => !isOpen(status);

/** What a snapshot's abilities are computed from: the game as the snapshot shows it. */
export interface AbilityFacts {
  /** The leader's account (the game's creator). */
  leaderUserId: number;
  mode: GameMode;
  status: GameStatus;
  phase: GamePhase | null;
  /** The round's caller (players[].id) while the game waits for the amount. */
  caller: number | null;
  /** The player on turn: the exact hitter while the game waits for the penalty to give. */
  currentPlayerId: number | null;
  players: readonly {
    id: number;
    userId: number | null;
    isLeader: boolean;
    disqualified: boolean;
  }[];
  /** Accounts away (none of their browsers connected): the leader may stand in for them. */
  away: ReadonlySet<number>;
}

/**
 * A snapshot's `can` by role (GAME_STATE is one payload for every socket of the game): the
 * leader's, and per house-rules action the players whose own account or seat may take it. Each
 * answer is the verdict of the rule the server enforces on that call.
 */
export function gameAbilities(f: AbilityFacts): GameCan {
  const lead = f.leaderUserId;
  const game = { creator_id: lead, status: f.status };
  const running = allows(mayActIn(game, lead, true));
  const calling = running && f.phase === 'CALLING' && f.caller !== null ? [f.caller] : [];
  const giving =
    running && f.phase === 'GIVING' && f.currentPlayerId !== null ? [f.currentPlayerId] : [];
  const estimating =
    running && f.phase === 'ESTIMATING' ? f.players.filter((p) => !p.disqualified) : [];
  const start =
    f.mode === 'ranked'
      ? allows(mayStartRanked(f.status))
      : allows(mayStartFast({ id: 0, status: f.status }, 0));
  return {
    leader: {
      start,
      type: allows(firstRefusal(mayPlayAsLeader(game, lead, true), mayTypeIn(f.phase))),
      finish: allows(mayPlayAsLeader(game, lead, true)),
      call: calling.length > 0 && allows(mayTakeTurn(true, null, lead, '')),
      give: giving.length > 0 && allows(mayTakeTurn(true, null, lead, '')),
      estimateFor: estimating
        .filter(
          (p) =>
            p.userId === null ||
            p.userId === lead ||
            allows(mayStandInForEstimate(f.mode, f.away.has(p.userId))),
        )
        .map((p) => p.id),
      shareWatchLink: allows(mayShareWatchLink(game, lead, true)),
      seats: isOpen(f.status),
      playAgain: mayOfferPlayAgain(f.status),
    },
    // A player's own reader acts on their own turn only (mayTakeTurn, maySeatTakeTurn).
    players: { call: calling, give: giving, estimate: estimating.map((p) => p.id) },
  };
}

/**
 * The lobby's `can` for `userId`: the leader cancels, invites, orders, removes, sets up and
 * starts; a participant leaves; each only while the rule the call enforces allows it.
 */
export function lobbyAbilities(
  game: Led & { status: GameStatus },
  userId: number,
  memberIds: readonly number[],
): LobbyAbilities {
  const leader = leads(game, userId);
  const changeable = leader && allows(mayChangeLineup(game.status));
  return {
    cancel: leader && allows(mayCancel(game.status)),
    leave: allows(mayLeave(game, userId, memberIds)),
    // Whom to invite is judged per invitee by mayInvite on the call (a full lobby says so).
    invite: changeable,
    reorder: changeable,
    kick: leader ? memberIds.filter((id) => allows(mayKick(game, userId, id, memberIds))) : [],
    // The form shows while the lobby takes changes; maySetUp refuses it until someone joined.
    setUp: changeable,
    start: leader && allows(mayStartRanked(game.status)),
  };
}

/** The fast set-up's `can` for its creator: start it once; set it up again until it runs. */
export function fastSetUpAbilities(open: OpenGame): { start: boolean; update: boolean } {
  return {
    start: allows(mayStartFast(open, open.id)),
    update: allows(mayOpenGame('fast', [open])),
  };
}

// --- Ended ranked games: reports and voids --------------------------------------------------

interface Ended {
  mode: GameMode;
  status: GameStatus;
}

/**
 * A participant reports a completed ranked game within RATING_RULES.reportWindowHours of its
 * end. A game the caller did not play in does not exist for them (the caller loads only those).
 */
export function mayReport(
  game: (Ended & { completed_at: string | null }) | null | undefined,
  now: Date,
): Verdict {
  if (!game) return refuse(404, GAME_NOT_FOUND);
  if (game.mode !== 'ranked' || game.status !== 'completed' || !game.completed_at) {
    return refuse(409, REPORT_REFUSALS.notReportable);
  }
  const deadline =
    new Date(game.completed_at).getTime() + RATING_RULES.reportWindowHours * 3_600_000;
  return now.getTime() > deadline ? refuse(409, REPORT_REFUSALS.reportTooLate) : ALLOWED;
}

/** An administrator voids a completed ranked game, once. */
export function mayVoid(game: (Ended & { voided_at: string | null }) | null | undefined): Verdict {
  if (!game) return refuse(404, GAME_NOT_FOUND);
  if (game.mode !== 'ranked' || game.status !== 'completed') {
    return refuse(409, REPORT_REFUSALS.notVoidable);
  }
  return game.voided_at === null ? ALLOWED : refuse(409, REPORT_REFUSALS.alreadyVoided);
}

// --- Accounts -------------------------------------------------------------------------------

/**
 * An account leaves its open games when it is deleted (lobbies as a player leaves them, its
 * own lobby cancelled, its fast set-up closed); a running game must end first, since nobody can
 * take a player's turns.
 */
export function mayDeleteAccount(open: readonly { status: GameStatus }[]): Verdict {
  return open.some((g) => g.status === 'active')
    ? refuse(409, ACCOUNT_REFUSALS.runningGameFirst)
    : ALLOWED;
}
