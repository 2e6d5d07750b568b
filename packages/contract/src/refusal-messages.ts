// The refusal texts of the lobby, pairing, watch links and the Bluetooth bridge, in a module of
// their own without schemas: error-codes.ts maps every text to a code and is loaded by the web's
// first pages, which must not pull in the schemas of the game, its socket and the watch page.

/** Lobby refusals that have no fixed wording in messages.ts, shown by the web app as they come. */
export const LOBBY_MESSAGES = {
  gameNotFound: 'Game not found',
  playerNotFound: 'Player not found',
  inviteNotFound: 'Invitation not found',
  leaderOnly: 'Only the game leader can do this',
  alreadyInOpenGame: 'You are already in an open game. Leave or finish it first.',
  inviteYourself: 'You cannot invite yourself',
  inviteClosed: 'This invitation is no longer open',
  gameRunning: 'This game has already started',
  gameOver: 'This game is already over',
  gameCancelled: 'This game has been cancelled',
  leaderCannotLeave: 'The leader cannot leave the game; cancel it instead',
  leaderCannotKick: 'The leader cannot kick themselves',
  notAParticipant: 'Player is not in this game',
  orderMismatch: 'The new order must list exactly the players of the game',
  // A ranked game counts on the leaderboard: it needs hardware that weighs, not typed numbers.
  rankedScaleNotPaired:
    'A ranked game needs a paired scale: have its owner or an administrator pair it first',
  rankedScaleNotConnected:
    'A ranked game needs its scale connected: switch the scale on, wait for it to connect, then start',
  tooManyInvites: 'Too many invitations for this game; wait a minute before inviting again',
  tooManyInvitesSent: 'You sent too many invitations in the last hour; wait before inviting again',
  alreadyInvitedByYou: 'You have already invited this player to a game; wait for their answer',
} as const;

/**
 * POST /api/scale-settings/scales/{mac}/pair and /api/admin/scales/{mac}/pair
 * (docs/DEVICE-PROTOCOL.md, Pairing).
 */
export const PAIRING_MESSAGES = {
  codeFormat: 'Enter the 6-digit code shown on the scale',
  notWaiting: 'This scale is not waiting to be paired: connect it to show a code',
  wrongCode: 'Wrong code: enter the 6 digits shown on the scale',
  tooManyWrong:
    'Too many wrong codes: the pairing was dropped; reconnect the scale to show a new code',
} as const;

export const WATCH_ERRORS = {
  invalidLink: 'This watch link is not valid or has expired',
  tooManyWatchers: 'Too many people are watching this game. Try again later.',
  revoked: 'The leader replaced this watch link',
  notOpen: 'Only a game that is set up or running can be shared',
  readOnly: 'Watching is read-only',
} as const;

/** Refusals of BRIDGE_OPEN (an ERROR to the bridging socket). */
export const BRIDGE_REFUSALS = {
  foreign: 'This Bluetooth scale belongs to another player',
} as const;

/** POST /api/games/{id}/report and POST /api/admin/games/{id}/void. */
export const REPORT_REFUSALS = {
  notReportable: 'Only a completed ranked game can be reported',
  reportTooLate: 'A game can be reported for 24 hours after it ended',
  alreadyReported: 'You have already reported this game',
  notVoidable: 'Only a completed ranked game can be voided',
  alreadyVoided: 'This game is already voided',
} as const;

/** Names within one game. */
export const NAME_REFUSALS = {
  namesDifferOnlyInCase:
    'Every player in a game needs a name of their own: names must differ in more than upper and lower case',
} as const;
