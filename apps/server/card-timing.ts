// `npx tsx apps/server/card-timing.ts`: how long a game's first result card takes in a
// warmed-up server (what a request pays before the card is kept), and a cached one. Prints
// milliseconds; docs/PERFORMANCE.md records the numbers. Not a test: timings vary by machine.
import type { GameState } from '@beerscale/contract/game-state';
import { CLASSIC_RULES } from '@beerscale/contract/rules';
import { renderCard, warmUpCards } from './src/cards/result-card';

const player = (id: number, name: string, mean: number, rank: number) => ({
  id,
  userId: null,
  playerName: name,
  position: id,
  isLeader: id === 1,
  startWeight: 560,
  lastWeight: 300,
  differences: [mean, mean],
  meanDifference: mean,
  exactMatches: 0,
  bestDifference: mean,
  rank,
  eloBefore: null,
  eloAfter: null,
  typedRounds: [],
  sources: [],
  penalties: 0,
  penaltyLog: [],
  disqualified: false,
  team: null,
  estimate: null,
  score: mean,
  drink: { kind: 'beer' as const, abv: 5 },
  penaltyDrink: 'sip' as const,
  drankGrams: 260,
  alcoholGrams: 10.3,
  standardDrinks: 1,
  eveningLimit: null,
  eveningStandardDrinks: 1,
  limitReached: false,
});

const game = (id: number): GameState => ({
  id,
  name: `Freitagsrunde ${id}`,
  mode: 'fast',
  status: 'completed',
  phase: 'FINISHED',
  round: 2,
  roundsPlanned: 2,
  target: null,
  currentPlayerId: null,
  scaleAddress: null,
  containerType: 'BEER_BOTTLE',
  rated: null,
  rules: CLASSIC_RULES,
  caller: null,
  dice: null,
  scaleKind: null,
  bridgedBy: null,
  rating: null,
  voided: false,
  adultsConfirmed: false,
  players: ['Dieter', 'Anna', 'Björn', 'Eva', 'Jürgen', 'Ana'].map((n, i) =>
    player(i + 1, n, 3 + i * 2.5, i + 1),
  ),
  awards: [
    { id: 'sniper', playerId: 1, value: 2 },
    { id: 'closest', playerId: 1, value: 3 },
    { id: 'biggestMiss', playerId: 6, value: 41 },
    { id: 'steadiest', playerId: 2, value: 1.2 },
    { id: 'biggestSip', playerId: 3, value: 212 },
    { id: 'comeback', playerId: 4, value: 2 },
  ],
});

let started = performance.now();
await warmUpCards();
console.log(`warm-up (once per process): ${Math.round(performance.now() - started)} ms`);
const times: number[] = [];
for (let i = 1; i <= 10; i += 1) {
  started = performance.now();
  await renderCard(game(i), i % 2 ? 'de' : 'en');
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
console.log(
  `first card of a game, 10 games: median ${Math.round(times[5]!)} ms, max ${Math.round(times[9]!)} ms`,
);
