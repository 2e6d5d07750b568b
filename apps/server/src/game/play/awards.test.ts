import { describe, expect, it } from 'vitest';
import { RULE_PRESETS } from '@beerscale/contract/rules';
import { computeAwards, type AwardPlayer } from './awards';

const player = (
  id: number,
  differences: number[],
  weights: (number | null)[] = [],
  penalties?: number,
): AwardPlayer => ({
  id,
  differences,
  weights,
  ...(penalties === undefined ? {} : { penalties }),
});

const of = (awards: ReturnType<typeof computeAwards>, id: string) =>
  awards.filter((a) => a.id === id).map((a) => [a.playerId, a.value]);

describe('computeAwards', () => {
  it('hands out every award someone earned, to the best player', () => {
    const awards = computeAwards([
      // Anna: steady and close; Ben: two exact matches but one wild miss; Cleo: climbs.
      player(1, [4, 5, 6], [500, 450, 400, 350]),
      player(2, [0, 0, 40], [500, 300, 250, 200], 1),
      player(3, [30, 2, 1], [480, 460, 440, 420], 3),
    ]);
    expect(of(awards, 'sniper')).toEqual([[2, 2]]);
    expect(of(awards, 'closest')).toEqual([[1, 5]]);
    expect(of(awards, 'biggestMiss')).toEqual([[2, 40]]);
    expect(of(awards, 'steadiest')).toEqual([[1, 0.8]]);
    expect(of(awards, 'biggestSip')).toEqual([[2, 200]]);
    expect(of(awards, 'mostPenalties')).toEqual([[3, 3]]);
    // After round 1: Ben 1st, Anna 2nd, Cleo 3rd; at the end Anna 1st, Cleo 2nd (11 vs 13.3).
    expect(of(awards, 'comeback')).toEqual([
      [1, 1],
      [3, 1],
    ]);
  });

  it('shares an award between tied players', () => {
    const awards = computeAwards([player(1, [0, 10]), player(2, [10, 0]), player(3, [5, 5])]);
    expect(of(awards, 'sniper')).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(of(awards, 'closest')).toEqual([
      [1, 5],
      [2, 5],
      [3, 5],
    ]);
    expect(of(awards, 'biggestMiss')).toEqual([
      [1, 10],
      [2, 10],
    ]);
  });

  it('shows only awards that someone earned', () => {
    // One round, nobody exact, no readings, no penalties: no sniper, spread, sip, penalty or comeback.
    const awards = computeAwards([player(1, [3]), player(2, [7])]);
    expect(awards.map((a) => a.id).sort()).toEqual(['biggestMiss', 'closest']);
    expect(of(awards, 'closest')).toEqual([[1, 3]]);
  });

  it('gives no penalty award when penalties are absent or zero, and counts them when given', () => {
    expect(of(computeAwards([player(1, [1]), player(2, [2])]), 'mostPenalties')).toEqual([]);
    expect(
      of(computeAwards([player(1, [1], [], 0), player(2, [2], [], 0)]), 'mostPenalties'),
    ).toEqual([]);
    expect(
      of(computeAwards([player(1, [1], [], 2), player(2, [2], [], 2)]), 'mostPenalties'),
    ).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });

  it('counts a sip only over rounds that were scored and readings that are known', () => {
    // Round 2 was not scored (finished early): its 300 g drop is not a sip of this game.
    const awards = computeAwards([player(1, [5], [500, 420, 120]), player(2, [6], [500, null])]);
    expect(of(awards, 'biggestSip')).toEqual([[1, 80]]);
  });

  it('gives nothing for a game without a scored round', () => {
    expect(computeAwards([player(1, []), player(2, [])])).toEqual([]);
  });

  it("ranks places gained by the game's own scoring: teams, penalties", () => {
    // Teams 1 (Anna, Ben) and 2 (Cleo, Dan). After round 1 team 2 leads (20 g to 40 g); at the
    // end team 1 wins (a mean of 20 g to 40 g): Anna and Ben both gained a place. Alone by the
    // classic mean Anna stayed first and only Ben climbed (4th to 2nd).
    const teamed = (id: number, differences: number[], team: number) => ({
      ...player(id, differences),
      team,
    });
    const lineUp = [
      teamed(1, [0, 0], 1),
      teamed(2, [40, 0], 1),
      teamed(3, [10, 30], 2),
      teamed(4, [10, 30], 2),
    ];
    expect(of(computeAwards(lineUp), 'comeback')).toEqual([[2, 2]]);
    expect(of(computeAwards(lineUp, { ...RULE_PRESETS.classic, teams: 2 }), 'comeback')).toEqual([
      [1, 1],
      [2, 1],
    ]);

    // Mean plus penalties: Ben leads after round 1 (4 g) and takes two penalties in round 2, so
    // Anna (5 g) finishes first: she gained a place. By the classic mean Ben stays first.
    const penalised = [
      { ...player(1, [5, 5], [], 0), penaltyRounds: [] },
      { ...player(2, [4, 4], [], 2), penaltyRounds: [2, 2] },
      { ...player(3, [6, 6], [], 0), penaltyRounds: [] },
    ];
    const withPenalties = { ...RULE_PRESETS.classic, scoring: 'mean-penalties' as const };
    expect(of(computeAwards(penalised, withPenalties), 'comeback')).toEqual([[1, 1]]);
    expect(of(computeAwards(penalised), 'comeback')).toEqual([]);
  });
});
