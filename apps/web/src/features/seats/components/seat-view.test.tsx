import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { joinInfo, mySeat, seatAction, takeSeat } from '@beerscale/contract/api/seats';
import type { ServerToBrowser } from '@beerscale/contract/browser-socket';
import type { GameState } from '@beerscale/contract/game-state';
import { RULE_PRESETS } from '@beerscale/contract/rules';
import { SEAT_REFUSALS } from '@beerscale/contract/seat-messages';
import { t } from '../../../i18n/use-t';
import type { SocketLike } from '../../../lib/socket-client';
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

/** The watch socket as the seat's socket client sees it; the test plays the server. */
class FakeSeatSocket implements SocketLike {
  static made: FakeSeatSocket[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  readonly sent: unknown[] = [];
  constructor(readonly url: string) {
    FakeSeatSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    act(() => {
      this.readyState = 1;
      this.onopen?.(new Event('open'));
    });
  }
  push(message: ServerToBrowser) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) })));
  }
  /** The server closes it (1008: policy, e.g. the seat was released). */
  closedByServer(code: number) {
    act(() => {
      this.readyState = 3;
      this.onclose?.({ code } as CloseEvent);
    });
  }
}
const createSocket = (url: string) => new FakeSeatSocket(url);
/** The newest socket the seat opened, once it did. */
const socket = () =>
  waitFor(() => {
    const last = FakeSeatSocket.made.at(-1);
    if (!last || last.readyState === 3) throw new Error('no open socket yet');
    return last;
  });

function renderWith(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

beforeEach(() => {
  localStorage.clear();
  FakeSeatSocket.made = [];
});
afterEach(() => cleanup());

describe('SeatView', () => {
  it("asks the caller for the amount and sends it with the seat's token and an action id", async () => {
    let game = calling();
    serve(mySeat, () => ({ gameId: 1, playerId: 2, game }));
    serve(seatAction, () => {
      game = drinking();
      return { game };
    });
    renderWith(<SeatView seat={SEAT} onEnded={() => {}} createSocket={createSocket} />);
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
    renderWith(<SeatView seat={SEAT} onEnded={() => {}} createSocket={createSocket} />);
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
    renderWith(<SeatView seat={SEAT} onEnded={() => (ended = true)} createSocket={createSocket} />);
    fireEvent.click(await screen.findByRole('button', { name: t('seats.joinAgain') }));
    expect(ended).toBe(true);
  });
});

describe('SeatView on its socket', () => {
  it('opens the watch socket without the token in the address and names its seat first', async () => {
    serve(mySeat, () => ({ gameId: 1, playerId: 2, game: calling() }));
    renderWith(<SeatView seat={SEAT} onEnded={() => {}} createSocket={createSocket} />);
    expect(await screen.findByText(t('seats.youCall'))).toBeTruthy();
    const ws = await socket();
    expect(ws.url).toMatch(/\/ws\/watch$/);
    expect(ws.url).not.toContain(TOKEN);
    ws.open();
    expect(ws.sent[0]).toEqual({ type: 'SEAT', token: TOKEN });
  });

  it('follows the game from the socket: a new snapshot and the weight show without asking', async () => {
    // The server's GET keeps answering the calling phase: whatever else shows came by socket.
    serve(mySeat, () => ({ gameId: 1, playerId: 2, game: calling() }));
    renderWith(<SeatView seat={SEAT} onEnded={() => {}} createSocket={createSocket} />);
    expect(await screen.findByText(t('seats.youCall'))).toBeTruthy();
    const ws = await socket();
    ws.open();
    const asked = callsTo(mySeat).length;
    ws.push({
      type: 'GAME_STATE',
      game: { ...calling(), phase: 'SCORING', target: 490, currentPlayerId: 2, caller: 2 },
    });
    expect(await screen.findByText(t('seats.placeBottle'))).toBeTruthy();
    ws.push({ type: 'SCALE_DATA', macAddress: '', grams: 512, stable: true, ts: 1 });
    expect(await screen.findByText(t('seats.onScale', { grams: '512' }))).toBeTruthy();
    expect(callsTo(mySeat).length).toBe(asked);
  });

  it("says 'Reconnecting' while the socket is down and 'Back' once it is open again", async () => {
    serve(mySeat, () => ({ gameId: 1, playerId: 2, game: calling() }));
    renderWith(<SeatView seat={SEAT} onEnded={() => {}} createSocket={createSocket} />);
    const first = await socket();
    first.open();
    expect(await screen.findByText(t('seats.youCall'))).toBeTruthy();
    expect(screen.queryByTestId('seat-connection')).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByTestId('seat-connection').textContent).toBe(t('connection.reconnecting'));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    // Still down until the new socket is open: no 'Back' for a mere attempt.
    expect(screen.getByTestId('seat-connection').textContent).toBe(t('connection.reconnecting'));
    const second = await socket();
    expect(second).not.toBe(first);
    second.open();
    expect(second.sent[0]).toEqual({ type: 'SEAT', token: TOKEN });
    await waitFor(() =>
      expect(screen.getByTestId('seat-connection').textContent).toBe(t('seats.back')),
    );
  });

  it('a release closes the socket: the server is asked and the seat ends', async () => {
    let released = false;
    serve(mySeat, () =>
      released
        ? refusal(mySeat, 401, { error: SEAT_REFUSALS.seatEnded, code: 'SEAT_ENDED' })
        : { gameId: 1, playerId: 2, game: calling() },
    );
    renderWith(<SeatView seat={SEAT} onEnded={() => {}} createSocket={createSocket} />);
    const ws = await socket();
    ws.open();
    expect(await screen.findByText(t('seats.youCall'))).toBeTruthy();
    released = true;
    ws.push({ type: 'ERROR', message: SEAT_REFUSALS.seatEnded });
    ws.closedByServer(1008);
    expect(await screen.findByRole('button', { name: t('seats.joinAgain') })).toBeTruthy();
    expect(readSeat()).toBeNull();
  });

  it("shows a calm notice suggesting water once the seat's player reached their evening limit", async () => {
    const limited = () => ({
      ...calling(),
      players: calling().players.map((p) =>
        p.id === 2 ? { ...p, eveningLimit: 4, eveningStandardDrinks: 4.2, limitReached: true } : p,
      ),
    });
    serve(mySeat, () => ({ gameId: 1, playerId: 2, game: calling() }));
    renderWith(<SeatView seat={SEAT} onEnded={() => {}} createSocket={createSocket} />);
    expect(await screen.findByText(t('seats.youCall'))).toBeTruthy();
    expect(screen.queryByTestId('seat-limit-notice')).toBeNull();
    const ws = await socket();
    ws.open();
    ws.push({ type: 'GAME_STATE', game: limited() });
    const notice = await screen.findByTestId('seat-limit-notice');
    expect(notice.textContent).toBe(t('seats.limitReached'));
    // Another player's limit is theirs: this seat says nothing of it.
    ws.push({
      type: 'GAME_STATE',
      game: {
        ...calling(),
        players: calling().players.map((p) => (p.id === 3 ? { ...p, limitReached: true } : p)),
      },
    });
    await waitFor(() => expect(screen.queryByTestId('seat-limit-notice')).toBeNull());
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
    renderWith(<JoinView code="abcd" createSocket={createSocket} />);
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

  it('offers to watch the game, the way in when every seat is taken', async () => {
    const seats = [
      { playerId: 1, name: 'Ann', position: 0, taken: false, heldBy: null, account: true },
      { playerId: 2, name: 'Bob', position: 1, taken: true, heldBy: 'Firefox', account: false },
    ];
    serve(joinInfo, () => ({
      gameId: 1,
      name: 'Friday',
      mode: 'fast' as const,
      seats,
      watchPath: '/watch/abcdefghijklmnopqrstuv',
    }));
    renderWith(<JoinView code="abcd" createSocket={createSocket} />);
    expect(await screen.findByText(t('seats.noFreeSeatWatch'))).toBeTruthy();
    const watch = screen.getByRole('link', { name: t('seats.watch') });
    expect(watch.getAttribute('href')).toBe('/watch/abcdefghijklmnopqrstuv');
    expect(screen.queryByRole('button', { name: /Bob/ })).toBeNull();
  });

  it('without a watch page yet (a lobby not set up) says only that the seats are taken', async () => {
    serve(joinInfo, () => ({
      gameId: 1,
      name: 'Friday',
      mode: 'ranked' as const,
      seats: [{ playerId: 1, name: 'Ann', position: 0, taken: false, heldBy: null, account: true }],
      watchPath: null,
    }));
    renderWith(<JoinView code="abcd" createSocket={createSocket} />);
    expect(await screen.findByText(t('seats.noFreeSeat'))).toBeTruthy();
    expect(screen.queryByRole('link', { name: t('seats.watch') })).toBeNull();
  });
});
