import type { GroupDetail } from '@beerscale/contract/groups';
import type { TournamentReply, TournamentStanding } from '@beerscale/contract/tournaments';

// The tournament tests' data: a grand prix of Hops (the reader, member 11), Malt and a passer-by.

export const standing = (
  entryId: number,
  name: string,
  place: number,
  points: number,
  overrides: Partial<TournamentStanding> = {},
): TournamentStanding => ({
  entryId,
  memberId: entryId === 3 ? null : 10 + entryId,
  name,
  place,
  points,
  lastChange: 0,
  games: 1,
  meanDifference: 12.5,
  exactHits: 0,
  stage: 'game',
  left: false,
  ...overrides,
});

export function grandPrix(overrides: Partial<TournamentReply> = {}): TournamentReply {
  return {
    id: 9,
    groupId: 5,
    name: 'Cup night',
    format: 'grand-prix',
    status: 'running',
    startedAt: '2026-11-27T19:00:00.000Z',
    finishedAt: null,
    now: '2026-11-27T20:05:09.000Z',
    standings: [
      standing(2, 'Malt', 1, 10, { lastChange: 10 }),
      standing(1, 'Hops', 2, 7, { lastChange: 7 }),
      standing(3, 'Gast', 3, 5, { lastChange: 5 }),
    ],
    schedule: [
      {
        stage: 'game',
        heat: 1,
        players: [
          { entryId: 1, name: 'Hops' },
          { entryId: 2, name: 'Malt' },
          { entryId: 3, name: 'Gast' },
        ],
        gameId: 41,
        scaleAddress: 'AABBCCDDEEFF',
        status: 'completed',
      },
      {
        stage: 'game',
        heat: 2,
        players: [
          { entryId: 1, name: 'Hops' },
          { entryId: 2, name: 'Malt' },
          { entryId: 3, name: 'Gast' },
        ],
        gameId: null,
        scaleAddress: null,
        status: 'ready',
      },
    ],
    next: 1,
    awards: [],
    watchPath: '/t/abcdefghijklmnopqrstuv',
    can: { next: true, finish: false, leave: true },
    ...overrides,
  };
}

export function group(role: GroupDetail['role'] = 'member'): GroupDetail {
  return {
    id: 5,
    name: 'Thursday Club',
    emoji: null,
    memberId: 11,
    role,
    members: [
      { memberId: 11, userId: 7, name: 'Hops', role: role === 'captain' ? 'captain' : 'member' },
      { memberId: 12, userId: 8, name: 'Malt', role: role === 'captain' ? 'member' : 'captain' },
      { memberId: 13, userId: null, name: 'Barley', role: 'guest' },
    ],
    season: { number: 1, name: null, startedAt: '2026-11-01T18:00:00.000Z', endedAt: null },
    seasons: [],
    publicLinkOn: false,
    lastSetup: null,
    can: {
      invite: role === 'captain',
      addGuest: true,
      claimLink: role === 'captain',
      remove: role === 'captain',
      newSeason: role === 'captain',
      handOver: role === 'captain',
      publicLink: role === 'captain',
      setUpGames: true,
    },
  };
}
