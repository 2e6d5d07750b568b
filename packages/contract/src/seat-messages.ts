// Seats on phones (docs/ARCHITECTURE.md, Seats): the join code's alphabet and the refusals of
// the join page and of a seat's calls, zod-free so the join page's first load stays small.

/** No look-alikes: no I, O, 0 or 1 (read off a screen across a table, typed on a phone). */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 4;
/** The page a join code opens; its QR code holds this path on the server's own address. */
export const joinPagePath = (code: string) => `/join/${code}`;

/** Seat tokens: 128 random bits, base64url without padding (22 characters). */
export const SEAT_TOKEN_BYTES = 16;
export const SEAT_TOKEN_LENGTH = 22;
/** `Authorization: Seat <token>`: how a seat's calls name their seat. */
export const SEAT_SCHEME = 'Seat';

/** What a seat asks the server to do carries an id of its own, so a retry is applied once. */
export const ACTION_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export const SEAT_REFUSALS = {
  joinCodeNotFound: 'No open game has this code',
  invalidJoinCode: 'A join code is 4 letters and digits',
  seatTaken: 'This seat is already taken on another phone',
  notASeat: 'This player is not in the game',
  accountSeat: 'This player plays from their own signed-in phone: sign in as them to play',
  seatEnded: 'This seat is no longer yours: join the game again',
  invalidActionId: 'An action id is 8 to 64 letters, digits, - or _',
  tooManyJoins: 'Too many join attempts from this address; wait a minute',
  /** The watch socket opened without a link's token takes SEAT first (docs/asyncapi.json). */
  seatFirst: "Name the seat first: this socket's first message is SEAT with the seat's token",
} as const;
