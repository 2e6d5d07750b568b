// The product's business constants and the numbers of the rules of play (docs/RULES.md). Every
// other package reads them from here so that the UI, the server and the simulator can never
// disagree.

export const PLAYER_NAME_MAX = 10;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 200;
/** The longest e-mail address a username may be (RFC 5321's path limit less the brackets). */
export const EMAIL_MAX = 254;
export const MAC_LENGTH = 12;
/** The largest id the tables hold (PostgreSQL integer); a bigger one names nothing. */
export const ID_MAX = 2_147_483_647;

export const FAST_PLAYER_SLOTS = 10;
export const FAST_PLAYERS_MIN = 2;
export const SUGGESTED_PLAYERS = { min: 2, max: 4 } as const;

export const LEADERBOARD_LIMIT = 50;
export const PLAYER_SEARCH_LIMIT = 5;
export const SEARCH_DEBOUNCE_MS = 300;
export const SOCKET_RECONNECT_MS = 5_000;
export const REDIRECT_AFTER_REGISTER_MS = 2_000;
export const REDIRECT_AFTER_FAST_START_MS = 1_500;

export const TOAST_CANCEL_MS = 3_000;
export const TOAST_DEFAULT_MS = 5_000;

export const DEFAULT_ELO = 1200;
export const PENDING_INVITEE_ELO = 1000;

export const CONTAINER_TYPES = ['BEER_BOTTLE', 'BEER_CAN'] as const;
export type ContainerType = (typeof CONTAINER_TYPES)[number];
export const GAME_MODES = ['fast', 'ranked'] as const;
export type GameMode = (typeof GAME_MODES)[number];

export const WIFI_SSID_MAX = 32;
export const WIFI_PASSWORD_MIN = 8;
export const WIFI_PASSWORD_MAX = 63;
export const DEVICE_NAME_MAX = 50;
export const SLEEP_TIMEOUT = { min: 1, max: 60, default: 5 } as const;
export const LED_BRIGHTNESS = { min: 0, max: 100, default: 50 } as const;
export const CALIBRATION = { step: 0.1, default: 0, min: -1000, max: 1000 } as const;
/**
 * The load cell's counts per gram (an HX711 at gain 128 with a 5 kg cell reads a few hundred);
 * negative when the cell is mounted the other way round. Empty: the scale keeps its own. Below
 * `minMagnitude` either way no cell of a drinks scale reads (a 50 kg cell still gives about 40):
 * such a factor, the scale's own or typed, would turn every reading into nonsense (issue 42).
 */
export const CALIBRATION_FACTOR = { min: -1_000_000, max: 1_000_000, minMagnitude: 10 } as const;
export const AUTO_TARE_DEFAULT = true;

export const ROUNDS = { min: 1, max: 10, default: 5 } as const;
/** A game is played by 2 to 10 players, fast or ranked. */
export const GAME_PLAYERS = { min: 2, max: 10 } as const;
export const GAME_NAME_MAX = 60;

/** Presence turns offline only once the last socket has been gone this long: a reload stays. */
export const PRESENCE_GRACE_MS = 10_000;
/** A browser socket silent for this long is dropped: a vanished phone must not stay online. */
export const SOCKET_IDLE_MS = 60_000;
/** The biggest socket message accepted, browser and device alike (README.md, Limits). */
export const SOCKET_MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * Abuse limits (README.md, Limits: defaults, the server's configuration may change them). Sign-in
 * attempts are counted per account-and-address, so nobody elsewhere can lock an account.
 */
export const AUTH_LIMITS = {
  /** Sign-in attempts for one account from one address per window. */
  loginAttemptsPerAccount: 10,
  /** Sign-in attempts from one address, whatever the account, per window. */
  loginAttemptsPerAddress: 50,
  /** Successful sign-ins from one address per window (each leaves a session). */
  loginsPerAddress: 30,
  loginWindowMs: 15 * 60_000,
  /** Registrations from one address per window (a party behind one NAT registers together). */
  registrationsPerAddress: 20,
  registrationWindowMs: 60 * 60_000,
} as const;
export type AuthLimits = { [K in keyof typeof AUTH_LIMITS]: number };
