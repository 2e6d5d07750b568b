import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setGameDrink } from '@beerscale/contract/api/drinks';
import { DRINK_MESSAGES } from '@beerscale/contract/drinks';
import { bodiesSent, callsTo, refusal, serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { LobbyDrink } from './lobby-drink';

// A ranked player's own drink in the lobby: PUT /api/games/{id}/drink until the game starts.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show() {
  render(<LobbyDrink gameId={3} initial={{ kind: 'beer', abv: 5 }} />, {
    wrapper: sessionWrapper(new FakeSocket()),
  });
}

const picker = () => screen.getByRole('combobox', { name: 'My drink in this game' });

describe('the own drink in the ranked lobby', () => {
  it('starts with the drink given, sends a change and shows the drink the server keeps', async () => {
    serve(setGameDrink, () => ({ drink: { kind: 'water' as const, abv: 0 } }));
    show();
    expect((picker() as HTMLSelectElement).value).toBe('beer');
    expect(screen.getByRole('img', { name: 'Beer 5.0 %' })).toBeTruthy();
    fireEvent.change(picker(), { target: { value: 'water' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('img', { name: 'Water 0.0 %' });
    expect(callsTo(setGameDrink)[0]!.params).toEqual({ id: 3 });
    expect(bodiesSent(setGameDrink)).toEqual([{ drink: { kind: 'water', abv: 0 } }]);
  });

  it('refuses another drink without its strength before sending', () => {
    show();
    fireEvent.change(picker(), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe(DRINK_MESSAGES.otherNeedsAbv);
    expect(callsTo(setGameDrink)).toHaveLength(0);
  });

  it("shows the server's refusal once the game has started", async () => {
    serve(setGameDrink, () =>
      refusal(setGameDrink, 409, {
        error: DRINK_MESSAGES.drinkAfterStart,
        code: 'DRINK_AFTER_START',
      }),
    );
    show();
    fireEvent.change(picker(), { target: { value: 'alcohol-free' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(DRINK_MESSAGES.drinkAfterStart),
    );
    expect(screen.getByRole('img', { name: 'Beer 5.0 %' })).toBeTruthy();
  });
});
