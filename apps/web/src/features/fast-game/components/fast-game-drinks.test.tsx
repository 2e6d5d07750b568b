import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeFastGame, createFastGame } from '@beerscale/contract/api/fast-games';
import { myGroups } from '@beerscale/contract/api/groups';
import { rulePresets } from '@beerscale/contract/api/rules';
import { scales } from '@beerscale/contract/api/scales';
import { DRINK_MESSAGES } from '@beerscale/contract/drinks';
import { RULE_PRESETS, RULE_PRESET_IDS } from '@beerscale/contract/rules';
import { bodiesSent, serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { FastGameSetup } from './fast-game-setup';

// Responsible play at the fast set-up: a drink beside every name (beer 5.0 % unless picked),
// sent as { name, drink }; another drink needs its strength.

beforeEach(() => {
  localStorage.clear();
  serve(scales, () => ({ scales: [] }));
  serve(activeFastGame, () => ({ activeGame: null }));
  serve(myGroups, () => []);
  serve(rulePresets, () => RULE_PRESET_IDS.map((id) => ({ id, rules: RULE_PRESETS[id] })));
  serve(createFastGame, () => ({ gameId: 5 }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function fillFour() {
  render(<FastGameSetup />, { wrapper: sessionWrapper(new FakeSocket(), undefined, '/game') });
  fireEvent.change(screen.getByLabelText('Scale MAC Address'), {
    target: { value: 'AABBCCDDEEFF' },
  });
  for (const [slot, name] of [
    [2, 'Bob'],
    [3, 'Anna'],
    [4, 'Cleo'],
  ] as const) {
    if (slot > 2) fireEvent.click(screen.getByRole('button', { name: 'Add player' }));
    fireEvent.change(screen.getByLabelText(`Player ${slot}`), { target: { value: name } });
  }
  await screen.findByText('Closest on average wins. No penalties.');
}

const drinkOf = (slot: number) =>
  screen.getByRole('combobox', { name: `Drink of player ${slot}` }) as HTMLSelectElement;
const pick = (slot: number, kind: string) =>
  fireEvent.change(drinkOf(slot), { target: { value: kind } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Setup Fast Game' }));

describe('drinks at the fast set-up', () => {
  it('offers beer 5.0 % beside every name and sends each player as { name, drink }', async () => {
    await fillFour();
    expect([1, 2, 3, 4].map((slot) => drinkOf(slot).value)).toEqual([
      'beer',
      'beer',
      'beer',
      'beer',
    ]);
    expect([...drinkOf(2).options].map((option) => option.textContent)).toEqual([
      'Beer 5.0 %',
      'Alcohol-free 0.5 %',
      'Water',
      'Other drink',
    ]);
    expect(screen.queryByLabelText('Alcohol in % of player 4')).toBeNull();
    pick(2, 'alcohol-free');
    pick(3, 'water');
    pick(4, 'other');
    fireEvent.change(screen.getByLabelText('Alcohol in % of player 4'), {
      target: { value: '12,5' },
    });
    submit();
    await waitFor(() => expect(bodiesSent(createFastGame)).toHaveLength(1));
    expect(bodiesSent(createFastGame)[0]!.players).toEqual([
      { name: 'Hops', drink: { kind: 'beer', abv: 5 } },
      { name: 'Bob', drink: { kind: 'alcohol-free', abv: 0.5 } },
      { name: 'Anna', drink: { kind: 'water', abv: 0 } },
      { name: 'Cleo', drink: { kind: 'other', abv: 12.5 } },
    ]);
  });

  it('refuses another drink without a strength, or out of range, and sends nothing', async () => {
    await fillFour();
    pick(3, 'other');
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain(DRINK_MESSAGES.otherNeedsAbv);
    fireEvent.change(screen.getByLabelText('Alcohol in % of player 3'), {
      target: { value: '40' },
    });
    submit();
    await screen.findByText(DRINK_MESSAGES.abvInvalid);
    expect(bodiesSent(createFastGame)).toHaveLength(0);
  });

  it('keeps each drink with its name when a row above is removed', async () => {
    await fillFour();
    pick(3, 'water');
    pick(4, 'alcohol-free');
    fireEvent.click(screen.getByRole('button', { name: 'Remove player 3' }));
    expect(drinkOf(3).value).toBe('alcohol-free');
    submit();
    await waitFor(() => expect(bodiesSent(createFastGame)).toHaveLength(1));
    expect(bodiesSent(createFastGame)[0]!.players).toEqual([
      { name: 'Hops', drink: { kind: 'beer', abv: 5 } },
      { name: 'Bob', drink: { kind: 'beer', abv: 5 } },
      { name: 'Cleo', drink: { kind: 'alcohol-free', abv: 0.5 } },
    ]);
  });
});
