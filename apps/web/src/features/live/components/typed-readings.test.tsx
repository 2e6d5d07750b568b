import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GAME_STATE_MESSAGES as T, type GameState } from '@beerscale/contract/game-state';
import { ResultsPodium } from './results-podium';
import { Scoreboard } from './scoreboard';
import { testGame, testPlayer } from '../../../testing/game-state';

// Typed readings are marked where they are shown, and a ranked game nobody weighed says why it
// moved no rating.

function rankedGame(rated: boolean | null, typed: number[][]): GameState {
  return testGame({
    id: 3,
    mode: 'ranked',
    status: 'completed',
    phase: 'FINISHED',
    roundsPlanned: 1,
    rated,
    scaleKind: 'wifi',
    players: typed.map((typedRounds, i) =>
      testPlayer(i + 1, {
        userId: i + 10,
        startWeight: 560,
        lastWeight: 300 + i,
        differences: [i * 5],
        meanDifference: i * 5,
        exactMatches: i === 0 ? 1 : 0,
        bestDifference: i * 5,
        rank: i + 1,
        eloBefore: rated ? 1200 : null,
        eloAfter: rated ? 1200 + (i === 0 ? 16 : -16) : null,
        typedRounds,
      }),
    ),
  });
}

afterEach(cleanup);

describe('typed readings', () => {
  it('marks exactly the typed readings on the scoreboard', () => {
    render(<Scoreboard game={rankedGame(true, [[1], []])} />);
    const rows = screen.getAllByRole('row');
    // Header, then Player 1 (round 1 typed), then Player 2 (all weighed). Once in the round's
    // column, once in the phone's rounds under the name.
    expect(within(rows[1]!).getAllByTitle(T.typedTitle)).toHaveLength(2);
    expect(within(rows[2]!).queryAllByTitle(T.typedTitle)).toHaveLength(0);
  });

  it('marks a typed full container on phones and wide screens alike', () => {
    render(<Scoreboard game={rankedGame(true, [[0], []])} />);
    const rows = screen.getAllByRole('row');
    // Once in the phone line under the name, once in the Start column.
    expect(within(rows[1]!).getAllByTitle(T.typedTitle)).toHaveLength(2);
  });

  it('says a ranked game was not rated when every reading was typed', () => {
    render(
      <ResultsPodium
        game={rankedGame(false, [
          [0, 1],
          [0, 1],
        ])}
      />,
    );
    expect(screen.getByRole('note').textContent).toBe(T.notRated);
    expect(screen.queryByText('+16')).toBeNull();
  });

  it('shows the rating changes of a rated game, without the note', () => {
    render(<ResultsPodium game={rankedGame(true, [[1], []])} />);
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByText('+16')).toBeTruthy();
  });
});
