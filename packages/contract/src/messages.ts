// Every fixed user-facing text (field rules, fallbacks, notices), word for word: English is the
// product's wording (docs/ARCHITECTURE.md, Timings and texts). The server answers with these and
// the web app shows them; neither retypes them.

export const VALIDATION = {
  usernameRequired: 'Username is required.',
  passwordRequired: 'Password is required.',
  passwordsDoNotMatch: 'Passwords do not match.',
  invalidEmail: 'Please enter a valid email address.',
  usernameLength: 'Username must be between 3 and 30 characters.',
  usernameCharacters: 'Username can only contain letters, numbers, dots, hyphens, and underscores.',
  playerNameRequired: 'Player name is required.',
  playerNameLength: 'Player name must be 10 characters or less.',
  passwordLength: 'Password must be at least 6 characters.',
  passwordTooLong: 'Password must be at most 200 characters.',
  macRequired: 'Scale MAC address is required.',
  invalidMac: 'Please enter a valid MAC address (12 hexadecimal characters)',
  atLeastOneMorePlayer: 'Please enter at least one additional player name',
  tooManyPlayers: 'A game can have at most 10 players',
  gameNameRequired: 'Please enter a game name',
  createGameFirst: 'Please create a game first',
  inviteAtLeastOne: 'Please invite at least one other player',
  alreadyInvited: 'Player already invited to this game',
  alreadyInGame: 'Player already in this game',
  setupFirst: 'Please setup the ranked game first',
  ssidRequired: 'WiFi network name (SSID) is required',
  ssidLength: 'WiFi network name must be 32 characters or less',
  wifiPasswordRequired: 'WiFi password is required',
  wifiPasswordLength: 'WiFi password must be at least 8 characters',
  deviceNameLength: 'Device name must be 50 characters or less',
  calibrationInvalid: 'Calibration offset must be a number between -1000 and 1000',
  calibrationFactorInvalid:
    'Calibration factor must be a number of counts per gram between 10 and 1000000, or between -1000000 and -10 for a reversed load cell, or empty',
  sleepTimeoutRange: 'Sleep timeout must be between 1 and 60 minutes',
  ledBrightnessRange: 'LED brightness must be between 0 and 100',
  autoTareInvalid: 'Auto-tare must be true or false',
  invalidStatus: "Status must be 'searching' or 'logged_in'",
  textCharacters: 'Text must not contain NUL characters or broken Unicode',
  usernameHiddenCharacters:
    'Username must not contain control, invisible or text-direction characters.',
  usernameMixedScripts:
    'Username must not mix letters of different alphabets (such as Latin and Cyrillic).',
  playerNameHiddenCharacters:
    'Player name must not contain control, invisible or text-direction characters.',
  gameNameHiddenCharacters:
    'Game name must not contain control, invisible or text-direction characters.',
  deviceNameHiddenCharacters:
    'Device name must not contain control, invisible or text-direction characters.',
} as const;

export const ERRORS = {
  loginStatus: (status: number) => `Login failed with status: ${status}`,
  loginUnexpected: 'An unexpected error occurred during login.',
  invalidCredentials: 'Invalid username or password',
  /** The wait is the rest of the window, rounded up to whole minutes. */
  tooManyLogins: (waitMs: number) =>
    `Too many sign-in attempts. Try again in ${minutesToWait(waitMs)}.`,
  tooManyRegistrations: (waitMs: number) =>
    `Too many accounts were registered from this address. Try again in ${minutesToWait(waitMs)}.`,
  registrationFailed: 'Registration failed',
  registrationStatus: (statusText: string) => `Registration failed: ${statusText}`,
  networkError: 'Network error: Cannot connect to server. Please check your connection.',
  invalidServerData: 'Server response error: Invalid data received from server.',
  registrationUnexpected: 'An unexpected error occurred during registration.',
  usernameTaken: 'Username is already taken',
  fetchLeaderboard: 'Failed to fetch leaderboard',
  createFastGame: 'Failed to create fast game',
  startRemoteGame: 'Failed to start remote game',
  noActiveFastGame: 'No active fast game found to start',
  cancelGame: 'Failed to cancel game',
  leaveGame: 'Failed to leave game',
  kickPlayer: 'Failed to kick player',
  cancelInvitation: 'Failed to cancel invitation',
  respondInvitation: 'Failed to respond to invitation',
  fetchHome: 'Failed to fetch home data',
  fetchScales: 'Failed to fetch scales',
  fetchScaleSettings: 'Failed to fetch scale settings',
  updateWifi: 'Failed to update WiFi settings',
  updateSettings: 'Failed to update settings',
  logout: 'Failed to logout properly',
  // Server-side refusals with no screen fallback of their own.
  unauthorized: 'Authentication required',
  invalidToken: 'Invalid or expired token',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  invalidJson: 'Request body is not valid JSON',
  bodyTooLarge: 'Request body is too large',
  tooManyRequests: 'Too many requests. Please slow down.',
  unavailable: 'Service temporarily unavailable. Please try again shortly.',
  internal: 'Something went wrong on our side. Please try again.',
  statusOfOthers: 'You can only change your own status',
  badUrl: 'The address is not a valid URL',
  tooManySocketsForUser:
    'Too many open live connections for this account. Close other tabs or devices and reload.',
  tooManySocketsFromAddress: 'Too many open live connections from this network. Try again later.',
  urlTooLong: 'The address is too long',
} as const;

/** Server refusals beyond the screens' texts, here so each has a stable code (error-codes.ts). */
export const REFUSALS = {
  gameNotRunning: 'This game is not running',
  gameBusy: 'The game is busy; try again',
  foreignScale: 'This scale belongs to another player',
  scaleBusy: 'This scale is already in use by another game',
  fastGameRunning: 'You already have a game running. Finish it before setting up another.',
  scaleNotFound: 'Scale not found',
  bridgedScaleNoWifi:
    'This is a Bluetooth scale: it has no WiFi, it reaches the server through the browser that bridges it',
  bridgedScaleNoKey:
    'This is a Bluetooth scale: it has no pairing key, it reaches the server through the browser that bridges it',
  bridgedScaleDeviceSettings:
    'This is a Bluetooth scale: of its settings only the name can be changed',
  noSuchUser: 'No such user',
  webSocketOnly: 'This address takes WebSocket connections only',
  invalidRequest: 'Invalid request',
  jsonOnly: 'Content-Type must be application/json',
  badRequest: 'Bad request',
} as const;

/** "1 minute", "14 minutes": never less than a minute, so the user never sees "0 minutes". */
function minutesToWait(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export const TOASTS = {
  rankedStarted: 'Ranked game started!',
  wifiUpdated: 'WiFi settings updated successfully!',
  settingsUpdated: 'Settings updated successfully!',
  leftGame: 'Left the game successfully',
  rankedSetup: 'Ranked game setup successfully! Device has been configured with player data.',
  invitationAnswered: 'Invitation accepted or declined',
  invitationResponse: (player: string, status: string) =>
    `${player} has ${status} the game invitation`,
  invitationCancelled: 'Game invitation has been cancelled',
  gameCancelledByLeader: (name: string) => `Game "${name}" has been cancelled by the leader`,
  playerKicked: (player: string) => `${player} has been kicked from the game`,
  rankedHasStarted: 'Ranked game has been started!',
  youWereKicked: 'You have been kicked from the game',
  gameCompleted: (name: string) =>
    `Game "${name}" completed! Check your updated ELO on the leaderboard.`,
} as const;
