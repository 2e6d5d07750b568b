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
