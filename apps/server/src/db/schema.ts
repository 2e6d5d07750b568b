import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { GameStatus } from '@beerscale/contract/game-state';
import type { ContainerType, GameMode } from '@beerscale/contract/limits';
import type { DrinkKind } from '@beerscale/contract/drinks';
import type { Language } from '@beerscale/contract/profile';
import type { UserStatus } from '@beerscale/contract/users';

// Table types for Kysely. Timestamps are ISO-8601 UTC strings and flags are 0/1 integers, so
// that the same rows and the same queries work on SQLite and PostgreSQL alike. Enum-like text
// columns carry the contract's unions: what the database holds is what the API says.

export type Flag = 0 | 1;
/** An invitation's life: answered by the invitee, or lapsed with its lobby. */
export type InviteStatus = 'pending' | 'accepted' | 'declined' | 'cancelled';
/**
 * Weighed by a WiFi scale paired by code, weighed by a Bluetooth scale bridged by a player's
 * browser, or typed by the leader (the API says 'typed').
 */
export type ReadingSource = 'scale' | 'bluetooth' | 'manual';
/** The scale a game ran on (migration 0024). */
export type ScaleKind = 'wifi' | 'bluetooth';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  username_key: string;
  player_name: string;
  password_hash: string;
  is_admin: Generated<Flag>;
  status: Generated<UserStatus>;
  current_elo: Generated<number>;
  peak_elo: Generated<number>;
  games_played: Generated<number>;
  games_won: Generated<number>;
  ranked_games_played: Generated<number>;
  total_exact_matches: Generated<number>;
  best_mean_difference: number | null;
  average_mean_difference: number | null;
  created_at: string;
  /** Migration 0012. */
  language: Generated<Language>;
  /** Migration 0016: penalties drunk in counted games (house rules). */
  total_penalties: Generated<number>;
  /** Migration 0020: set while an administrator has disabled the account. */
  disabled_at: string | null;
  /** Migration 0040: the drink a ranked game starts the account with; strength in tenths of %. */
  default_drink_kind: Generated<DrinkKind>;
  default_drink_abv_tenths: Generated<number>;
  /** Migration 0040: the account's limit for an evening in standard drinks. */
  evening_limit: number | null;
  /** Migration 0040: when the registration form confirmed an age of at least 16. */
  age_confirmed_at: string | null;
}

export interface SessionsTable {
  jti: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** Migration 0020: the browser's User-Agent at sign-in (shortened when shown). */
  user_agent: string | null;
  /** Migration 0020: when the session was last used (written at most every few minutes). */
  last_seen_at: string | null;
}

/** An administrator's one-time password reset link (migration 0020). */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

export interface ScalesTable {
  mac: string;
  owner_id: number | null;
  approved: Generated<Flag>;
  requested_by: number | null;
  device_key_hash: string | null;
  scale_name: string | null;
  model_name: string | null;
  firmware: string | null;
  last_seen_at: string | null;
  /** The device socket holding the scale (`instance.n`), null while none does. */
  connection_id: string | null;
  created_at: string;
  /** 1: a Bluetooth scale bridged by a browser (no WiFi, no device settings); 0: a device. */
  bridged: Generated<Flag>;
  /** Protocol 1.1: the SSID the scale reported it could not join; null when none (0028). */
  wifi_failed_ssid: Generated<string | null>;
}

/** Each account that registered with a scale's address (the administrator's candidates). */
export interface ScaleRegistrationsTable {
  mac: string;
  user_id: number;
  created_at: string;
}

export interface ScaleSettingsTable {
  mac: string;
  key: string;
  value: string;
}

export interface GamesTable {
  id: Generated<number>;
  name: string;
  mode: GameMode;
  creator_id: number;
  status: GameStatus;
  scale_mac: string | null;
  container_type: ContainerType | null;
  rounds_planned: Generated<number>;
  rng_seed: number;
  engine_state: string | null;
  /** Migration 0016: the house rules as JSON; null is classic. */
  rules: string | null;
  results_applied: Generated<Flag>;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  /** Migration 0024: fixed at the start; a bridged scale's bridging player's name. */
  scale_kind: ScaleKind | null;
  bridged_by: string | null;
  /** Migration 0025: a ranked game's rating once it ended; reasons are comma-separated codes. */
  rating_status: 'rated' | 'unrated' | null;
  rating_reasons: string | null;
  voided_at: string | null;
  /** Migration 0040: the leader confirmed that everyone playing is 18 or older. */
  adults_confirmed: Generated<Flag>;
  /** Migration 0035: the join code of `/join/{code}`, unique among open games (seats/). */
  join_code: Generated<string | null>;
  /** Migration 0030: the group whose game it is; null for a game of no group. */
  group_id: Generated<number | null>;
}

/** A player of a game held by one phone (migration 0036); the token is kept as SHA-256. */
export interface SeatsTable {
  player_id: number;
  game_id: number;
  token_hash: string;
  device: string;
  taken_at: string;
}

/** An action id a seat had applied (migration 0036): a retry is answered, not applied again. */
export interface SeatActionsTable {
  game_id: number;
  action_id: string;
  player_id: number;
  applied_at: string;
}

/** Two accounts (lower id first) that moved each other's rating in a game (migration 0025). */
export interface RatedPairsTable {
  game_id: number;
  user_low: number;
  user_high: number;
  rated_at: string;
}

/** A participant's report of a completed ranked game (migration 0025). */
export interface GameReportsTable {
  game_id: number;
  user_id: number;
  reason: string;
  created_at: string;
}

/** The game's current watch link (migration 0011). */
export interface WatchLinksTable {
  game_id: number;
  token: string;
  created_at: string;
  /** 1: the link moves to its leader's next game; 0 once the leader ended the evening (0050). */
  follows: Generated<Flag>;
}

export interface GamePlayersTable {
  id: Generated<number>;
  game_id: number;
  user_id: number | null;
  player_name: string;
  position: number;
  is_leader: Generated<Flag>;
  start_weight: number | null;
  last_weight: number | null;
  rank: number | null;
  mean_difference: number | null;
  exact_matches: Generated<number>;
  best_difference: number | null;
  elo_before: number | null;
  elo_after: number | null;
  joined_at: string;
  /** Migration 0040: what the player drinks; strength in tenths of a percent. */
  drink_kind: Generated<DrinkKind>;
  drink_abv_tenths: Generated<number>;
  /** Migration 0030: a group fast game's member in this seat (ranked: found by account). */
  group_member_id: Generated<number | null>;
  /** Migration 0030: penalties drunk in this completed game (house rules); null before. */
  penalties: Generated<number | null>;
  /** Migration 0045: the finale estimate was the leader's, standing in for a player away. */
  estimate_stand_in: Generated<Flag>;
}

export interface InvitesTable {
  id: Generated<number>;
  game_id: number;
  inviter_id: number;
  invitee_id: number;
  status: InviteStatus;
  created_at: string;
  responded_at: string | null;
}

export interface RoundsTable {
  id: Generated<number>;
  game_id: number;
  number: number;
  target_g: number;
  created_at: string;
}

export interface MeasurementsTable {
  id: Generated<number>;
  game_id: number;
  round: number;
  game_player_id: number;
  grams: number;
  difference_g: number | null;
  source: ReadingSource;
  recorded_at: string;
}

export interface EloHistoryTable {
  id: Generated<number>;
  user_id: number;
  game_id: number;
  elo_before: number;
  elo_after: number;
  recorded_at: string;
}

/** One row per running instance; `heartbeat_at` tells the living from the dead. */
export interface InstancesTable {
  id: string;
  heartbeat_at: string;
}

/** How many browser sockets an instance holds for a user, and when it last claimed them. */
export interface PresenceClaimsTable {
  instance_id: string;
  user_id: number;
  sockets: number;
  claimed_at: string;
}

/** The home page's newest games per player (migration 0007), kept at game completion. */
export interface RecentGamesTable {
  user_id: number;
  game_id: number;
  game_name: string;
  rank: number | null;
  finished_at: string;
  mean_difference: number | null;
}

/** Migration 0030: the friends who play together (docs/ARCHITECTURE.md, Groups). */
export interface GroupsTable {
  id: Generated<number>;
  name: string;
  emoji: string | null;
  created_at: string;
  /** JSON: the last set-up of its games (line-up, rules, container, rounds). */
  last_setup: string | null;
  /** Migration 0051: moved by triggers on every change the group's table is computed from. */
  table_version: Generated<number>;
}

export type GroupRole = 'captain' | 'member' | 'guest';

export interface GroupMembersTable {
  id: Generated<number>;
  group_id: number;
  /** Null for a guest (and for a deleted account's member: "Deleted player"). */
  user_id: number | null;
  name: string;
  role: GroupRole;
  joined_at: string;
  left_at: string | null;
}

export interface GroupSeasonsTable {
  group_id: number;
  number: number;
  name: string | null;
  started_at: string;
  ended_at: string | null;
}

export type GroupLinkKind = 'invite' | 'claim' | 'public';

export interface GroupLinksTable {
  token_hash: string;
  kind: GroupLinkKind;
  group_id: number;
  /** A claim link's guest. */
  member_id: number | null;
  created_at: string;
  used_at: string | null;
}

/** Migration 0031: tournament night (docs/ARCHITECTURE.md, Tournaments). */
export interface TournamentsTable {
  id: Generated<number>;
  group_id: number;
  name: string;
  format: 'grand-prix' | 'heats';
  status: 'running' | 'finished';
  /** JSON: rules, container, rounds, games, points, heat size, qualify, second chance. */
  settings: string;
  watch_token: string;
  started_at: string;
  finished_at: string | null;
}

export interface TournamentEntriesTable {
  id: Generated<number>;
  tournament_id: number;
  position: number;
  member_id: number | null;
  name: string;
  /** JSON: the drink named for the night, if any. */
  drink: string | null;
  left_at: string | null;
}

export interface TournamentGamesTable {
  id: Generated<number>;
  tournament_id: number;
  position: number;
  stage: 'game' | 'heat' | 'second-chance' | 'final';
  heat: number;
  /** JSON entry ids: who was seeded into a grand prix game or a heat. */
  planned: string | null;
  /** JSON entry ids in seat order, once the game is set up. */
  line_up: string | null;
  game_id: number | null;
  scale_mac: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  app_secrets: AppSecretsTable;
  scales: ScalesTable;
  scale_registrations: ScaleRegistrationsTable;
  scale_settings: ScaleSettingsTable;
  games: GamesTable;
  game_players: GamePlayersTable;
  invites: InvitesTable;
  rounds: RoundsTable;
  measurements: MeasurementsTable;
  elo_history: EloHistoryTable;
  instances: InstancesTable;
  presence_claims: PresenceClaimsTable;
  recent_games: RecentGamesTable;
  watch_links: WatchLinksTable;
  rated_pairs: RatedPairsTable;
  game_reports: GameReportsTable;
  password_resets: PasswordResetsTable;
  seats: SeatsTable;
  seat_actions: SeatActionsTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  group_seasons: GroupSeasonsTable;
  group_links: GroupLinksTable;
  tournaments: TournamentsTable;
  tournament_entries: TournamentEntriesTable;
  tournament_games: TournamentGamesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ScaleRow = Selectable<ScalesTable>;
export type GameRow = Selectable<GamesTable>;
export type GamePlayerRow = Selectable<GamePlayersTable>;
export type InviteRow = Selectable<InvitesTable>;
