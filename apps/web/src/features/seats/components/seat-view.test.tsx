import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { joinInfo, mySeat, seatAction, takeSeat } from '@beerscale/contract/api/seats';
import type { GameState } from '@beerscale/contract/game-state';
import { RULE_PRESETS } from '@beerscale/contract/rules';
import { SEAT_REFUSALS } from '@beerscale/contract/seat-messages';
import { t } from '../../../i18n/use-t';
import { bodiesSent, callsTo, refusal, serve, unreachable } from '../../../testing/contract-server';
import { testGame, testPlayer } from '../../../testing/game-state';
import { readSeat, writeSeat, type StoredSeat } from '../seat-store';
import { JoinView } from './join-view';
import { SeatView } from './seat-view';

const TOKEN = 'S'.repeat(22);
const SEAT: StoredSeat = { token: TOKEN, gameId: 1, playerId: 2, code: 'ABCD' };

/** Bundeswiega, round 2, waiting for player 2 (Bob, this seat) to call. */
const calling = (): GameState =>
  testGame({
    rules: RULE_PRESETS.bundeswiega,
    phase: 'CALLING',
    round: 2,
    caller: 2,
    players: [
      testPlayer(1, { playerName: 'Ann', userId: 7 }),
      testPlayer(2, { playerName: 'Bob', penalties: 1 }),
      testPlayer(3, { playerName: 'Cid' }),
    ],
  });
const drinking = (): GameState => ({ ...calling(), phase: 'DRINKING', target: 490, caller: 2 });

function renderWith(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe('SeatView', () => {
  it("asks the caller for the amount and sends it with the seat's token and an action id", async () => {
    let game = calling();
    serve(mySeat, () => ({ gameId: 1, playerId: 2, game }));
    serve(seatAction, () => {
      game = drinking();
      return { game };
    });
    renderWith(<SeatView seat={SEAT} onEnded={() => {}} />);
    expect(await screen.findByText(t('seats.youCall'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('seats.grams', { grams: 40 }) }));
    expect(await screen.findByText(t('seats.drink'))).toBeTruthy();
    const [sent] = bodiesSent(seatAction);
    expect(sent).toMatchObject({ kind: 'call', amount: 40 });
    expect(sent!.actionId).toMatch(/^[0-9a-f]{24}$/);
    expect(callsTo(seatAction)[0]!.headers.get('authorization')).toBe(`Seat ${TOKEN}`);
    // Confirmed: nothing waits on the phone any more.
    expect(readSeat()?.pending).toBeNull();
  });

  it('keeps an action through a lost connection and sends it again under the same id', async () => {
    writeSeat(SEAT);
    let game = calling();
    let attempts = 0;
    serve(mySeat, () => ({ gameId: 1, playerId: 2, game }));
    serve(seatAction, () => {
      attempts += 1;
      if (attempts === 1) return unreachable();
      game = drinking();
      return { game };
    });
    renderWith(<SeatView seat={SEAT} onEnded={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: t('seats.grams', { grams: 30 }) }));
    // Until the server confirms it, the action waits on this phone (a reload sends it again).
    expect(readSeat()?.pending).toMatchObject({ kind: 'call', amount: 30 });
    await waitFor(() => expect(attempts).toBe(2), { timeout: 5_000 });
    const [first, second] = bodiesSent(seatAction);
    expect(second!.actionId).toBe(first!.actionId);
    await waitFor(() => expect(readSeat()?.pending).toBeNull());
  });

  it('says when the seat was released and offers to pick one again', async () => {
    serve(mySeat, () =>
      refusal(mySeat, 401, { error: SEAT_REFUSALS.seatEnded, code: 'SEAT_ENDED' }),
    );
    let ended = false;
    renderWith(<SeatView seat={SEAT} onEnded={() => (ended = true)} />);
    fireEvent.click(await screen.findByRole('button', { name: t('seats.joinAgain') }));
    expect(ended).toBe(true);
  });
});

describe('JoinView', () => {
  it('lists the seats, takes a free one and keeps its token on this phone', async () => {
    serve(joinInfo, () => ({
      gameId: 1,
      name: 'Friday',
      mode: 'fast' as const,
      seats: [
        { playerId: 1, name: 'Ann', position: 0, taken: false, heldBy: null, account: true },
        { playerId: 2, name: 'Bob', position: 1, taken: false, heldBy: null, account: false },
        {
          playerId: 3,
          name: 'Cid',
          position: 2,
          taken: true,
          heldBy: 'Chrome 131 on Android',
          account: false,
        },
      ],
    }));
    serve(takeSeat, () => ({ seatToken: TOKEN, playerId: 2, gameId: 1 }));
    serve(mySeat, () => ({ gameId: 1, playerId: 2, game: calling() }));
    renderWith(<JoinView code="abcd" />);
    expect(
      await screen.findByText(t('seats.heldBy', { device: 'Chrome 131 on Android' })),
    ).toBeTruthy();
    expect(screen.getByText(t('seats.ownPhone'))).toBeTruthy();
    // Only the free seat without an account is a button.
    expect(screen.queryByRole('button', { name: /Ann/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Bob/ }));
    expect(await screen.findByText(t('seats.youCall'))).toBeTruthy();
    expect(bodiesSent(takeSeat)).toEqual([{ playerId: 2 }]);
    expect(readSeat()).toMatchObject({ token: TOKEN, gameId: 1, playerId: 2, code: 'ABCD' });
  });
});
