import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameState } from '@beerscale/contract/game-state';
import { activate } from '../../i18n/i18n';
import { testGame, testPlayer } from '../../testing/game-state';
import { AwardsList } from '../awards-list';
import { PenaltyMarks } from './penalty-marks';
import { PenaltyNews } from './penalty-news';

// Penalties are named in what the penalised player drinks for them (docs/RULES.md, "Drinks and
// responsible play"): Schnaps, or a sip of their own drink for a player on water or
// alcohol-free, who never gets a Schnaps. The most penalties award follows the game's drinks.

afterEach(async () => {
  cleanup();
  await activate('en');
});

const anna = (penalties = 0) =>
  testPlayer(1, {
    playerName: 'Anna',
    penaltyDrink: 'spirit',
    penalties,
    penaltyLog: Array.from({ length: penalties }, () => ({
      round: 1,
      reason: 'farthest' as const,
    })),
  });
const cleo = (penalties = 0) =>
  testPlayer(2, {
    playerName: 'Cleo',
    drink: { kind: 'water', abv: 0 },
    penaltyDrink: 'sip',
    penalties,
    penaltyLog: Array.from({ length: penalties }, () => ({
      round: 1,
      reason: 'farthest' as const,
    })),
  });

describe('penalty toasts', () => {
  it.each([
    ['en', ['Anna: Schnaps – farthest off', 'Cleo: a sip – farthest off']],
    ['de', ['Anna: Schnaps – am weitesten daneben', 'Cleo: ein Schluck – am weitesten daneben']],
  ] as const)('name each player’s own penalty drink in %s', async (language, toasts) => {
    await activate(language);
    const before = testGame({ players: [anna(), cleo()] });
    const { rerender } = render(<PenaltyNews game={before} />);
    expect(screen.queryAllByTestId('penalty-toast')).toHaveLength(0);
    act(() => rerender(<PenaltyNews game={{ ...before, players: [anna(1), cleo(1)] }} />));
    expect(screen.getAllByTestId('penalty-toast').map((toast) => toast.textContent)).toEqual(
      toasts,
    );
  });
});

describe('the tally beside a name', () => {
  it.each([
    ['en', '2 Schnaps: farthest off (R1), farthest off (R1)', '1 sip: farthest off (R1)'],
    [
      'de',
      '2 Schnäpse: am weitesten daneben (R1), am weitesten daneben (R1)',
      '1 Schluck: am weitesten daneben (R1)',
    ],
  ] as const)('counts in the player’s drink in %s', async (language, spirits, sips) => {
    await activate(language);
    const players = [anna(2), cleo(1)];
    render(
      <>
        <PenaltyMarks player={players[0]!} players={players} />
        <PenaltyMarks player={players[1]!} players={players} />
      </>,
    );
    expect(screen.getAllByTestId('penalty-marks').map((m) => m.getAttribute('aria-label'))).toEqual(
      [spirits, sips],
    );
  });
});

describe('the most penalties award', () => {
  const finished = (players: GameState['players']): GameState =>
    testGame({
      status: 'completed',
      phase: null,
      players,
      awards: [{ id: 'mostPenalties', playerId: players[0]!.id, value: 3 }],
    });
  const award = () =>
    screen.getByText((_, el) => el?.getAttribute('data-award') === 'mostPenalties');

  it.each([
    // A game played for sips says sips.
    ['en', [cleo(3), testPlayer(3, { penaltyDrink: 'sip' })], 'Most sips', '3 sips'],
    ['de', [cleo(3), testPlayer(3, { penaltyDrink: 'sip' })], 'Meiste Schlucke', '3 Schlucke'],
    // Some drink Schnaps, some sips: neutral.
    ['en', [anna(3), cleo()], 'Most penalties', '3 penalties'],
    ['de', [anna(3), cleo()], 'Meiste Strafen', '3 Strafen'],
    // Everyone drinks Schnaps: counted as the tally counts, under a title that does not celebrate it.
    ['en', [anna(3), testPlayer(3, { penaltyDrink: 'spirit' })], 'Most penalties', '3 Schnaps'],
    ['de', [anna(3), testPlayer(3, { penaltyDrink: 'spirit' })], 'Meiste Strafen', '3 Schnäpse'],
  ] as const)('in %s for %j: %s, %s', async (language, players, title, value) => {
    await activate(language);
    render(<AwardsList game={finished([...players])} />);
    expect(award().textContent).toContain(title);
    expect(award().textContent).toContain(value);
    expect(award().textContent).not.toMatch(/Meiste Schnäpse|Most Schnaps/);
  });
});
