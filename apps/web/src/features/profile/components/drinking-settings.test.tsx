import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateProfile } from '@beerscale/contract/api/users';
import { DRINK_MESSAGES } from '@beerscale/contract/drinks';
import type { ProfileReply } from '@beerscale/contract/profile';
import { bodiesSent, entriesCalled, serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { DrinkingSettings } from './drinking-settings';

// The profile's responsible play: the default drink, the evening limit and the figures by month.

type Drinking = Pick<ProfileReply, 'defaultDrink' | 'eveningLimit' | 'drinking'>;

const saved: Drinking = {
  defaultDrink: { kind: 'other', abv: 7.5 },
  eveningLimit: 4,
  drinking: {
    totals: { drankGrams: 1500, alcoholGrams: 59.2, standardDrinks: 5.9 },
    months: [
      { month: '2026-11', drankGrams: 1000, alcoholGrams: 39.5, standardDrinks: 3.9 },
      { month: '2026-10', drankGrams: 500, alcoholGrams: 19.7, standardDrinks: 2 },
    ],
  },
};

function show(p: Drinking = saved) {
  render(<DrinkingSettings p={p} />, { wrapper: sessionWrapper(new FakeSocket()) });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('drinks and limit on the profile', () => {
  it('shows the saved drink and limit, and the figures by month and in all', () => {
    show();
    const drink = screen.getByRole('combobox', { name: 'My drink in ranked games' });
    expect((drink as HTMLSelectElement).value).toBe('other');
    expect((screen.getByLabelText('Alcohol in % of my drink') as HTMLInputElement).value).toBe(
      '7.5',
    );
    expect((screen.getByLabelText(/My limit for an evening/) as HTMLInputElement).value).toBe('4');
    const rows = [...screen.getByTestId('drinking-months').querySelectorAll('tbody tr')].map(
      (row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['November 2026', '1,000 g', '39.5 g', '3.9'],
      ['October 2026', '500 g', '19.7 g', '2.0'],
      ['All games', '1,500 g', '59.2 g', '5.9'],
    ]);
  });

  it('saves a new drink and no limit', async () => {
    serve(updateProfile, () => ({
      id: 1,
      username: 'hopfen',
      playerName: 'Hops',
      isAdmin: false,
      currentElo: 1200,
      peakElo: 1200,
      verifiedGames: 0,
      ratedGames: 0,
      ratedOpponents: 0,
      independentOpponents: 0,
      provisional: true,
      scales: [],
      ...saved,
      defaultDrink: { kind: 'alcohol-free' as const, abv: 0.5 },
      eveningLimit: null,
    }));
    show();
    fireEvent.change(screen.getByRole('combobox', { name: 'My drink in ranked games' }), {
      target: { value: 'alcohol-free' },
    });
    fireEvent.change(screen.getByLabelText(/My limit for an evening/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save drink and limit' }));
    await waitFor(() => expect(bodiesSent(updateProfile)).toHaveLength(1));
    expect(bodiesSent(updateProfile)[0]).toEqual({
      defaultDrink: { kind: 'alcohol-free', abv: 0.5 },
      eveningLimit: null,
    });
  });

  it('refuses a limit that is no whole number from 1 to 30, and sends nothing', () => {
    show();
    for (const typed of ['0', '2.5', '31', 'viel']) {
      fireEvent.change(screen.getByLabelText(/My limit for an evening/), {
        target: { value: typed },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Save drink and limit' }));
      expect(screen.getByRole('alert').textContent).toBe(DRINK_MESSAGES.eveningLimitInvalid);
    }
    expect(entriesCalled()).toEqual([]);
  });
});
