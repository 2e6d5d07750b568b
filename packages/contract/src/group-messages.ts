// Refusals of the groups' calls (docs/ARCHITECTURE.md, Groups). Each has a code (error-codes.ts)
// and a German text in the web's catalogue, so every reader sees them in their language.

export const GROUP_REFUSALS = {
  groupNameLength: 'A group name must be 3 to 40 characters',
  groupNameHiddenCharacters: 'A group name may not contain invisible or control characters',
  groupEmoji: 'The emoji must be one emoji',
  captainOnly: 'Only the captain can do that',
  invalidGroupLink: 'This link is not valid or has already been used',
  alreadyMember: 'You are already a member of this group',
  guestNameTaken: 'Someone in this group already has that name',
  notAGuest: 'Only a guest can be claimed',
  captainCannotLeave: 'Hand the captain role to another member before leaving',
  notAMemberOfGroup: 'That player is not a member of this group',
  memberInLineUpTwice: 'A member can play only once in a game',
  leaderNotInLineUp:
    'The first player of a group game is the member who sets it up: they lead it and play in it',
  unknownSeason: 'This group has no such season',
  sameMember: 'Pick two different members',
  newCaptainMustBeMember: 'The new captain must be a member with an account',
} as const;

/** Tournament night's refusals (tournaments.ts). */
export const TOURNAMENT_REFUSALS = {
  tournamentNameLength: 'A tournament name must be 3 to 40 characters',
  unknownFormat: "The format must be 'grand-prix' or 'heats'",
  gamesRange: 'A grand prix has 1 to 10 games',
  heatSizeRange: 'A heat has 2 to 10 players',
  qualifyRange: 'The players who qualify from a heat must be fewer than the heat size',
  secondChanceRange: 'The second chance sends 0 to 10 players to the final',
  pointsList: 'Points are 1 to 10 whole numbers from 0 to 100, best place first',
  playersCount: 'A tournament needs 2 to 40 players',
  grandPrixTable: 'A grand prix is played at one table: at most 10 players',
  heatsNeedMorePlayers: 'Heats need more players than one heat holds',
  playerTwice: 'A player can enter a tournament only once',
  tournamentOver: 'This tournament is over',
  nothingToSetUp: 'No game of this tournament is ready to be set up',
  heatNeedsAnAccount:
    'A game of the tournament is led by one of its players with an account: this one has none',
  notInTournament: 'That player is not in this tournament',
} as const;
