import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Route, Switch } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFastGame, startFastGame } from '@beerscale/contract/api/fast-games';
import { createGame, startRanked } from '@beerscale/contract/api/games';
import { invitePlayer } from '@beerscale/contract/api/invites';
import { gameState } from '@beerscale/contract/api/play';
import type { GameState } from '@beerscale/contract/game-state';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { LiveView } from './live-view';
import { bodiesSent, callsTo, serve } from '../../../testing/contract-server';
import { testGame, testPlayer } from '../../../testing/game-state';
import { RUNNING_LEADER, testCan } from '../../../testing/game-abilities';

// /live as a table sees it: the target and the name on turn in large type, an empty platform
// instead of a negative figure, the leader's Start before the game and Play again after it.

type Status = GameState['status'];

function game(status: Status, overrides: Partial<GameState> = {}): GameState {
  const player = (n: number) =>
    testPlayer(n, {
      userId: n === 1 ? 7 : null,
      playerName: ['Hops', 'Bob', 'Anna'][n - 1]!,
      differences: status === 'completed' ? [n] : [],
      meanDifference: status === 'completed' ? n : null,
      rank: status === 'completed' ? n : null,
    });
  return testGame({
    status,
    phase: status === 'configured' ? null : status === 'completed' ? 'FINISHED' : 'SCORING',
    round: status === 'configured' ? 0 : 1,
    target: status === 'active' ? 412 : null,
    currentPlayerId: status === 'active' ? 2 : null,
    containerType: 'BEER_CAN',
    // Listed out of turn order: Play again must keep the order by position.
    players: [player(2), player(1), player(3)],
    // What the server's policy gives the leader at each status (game-abilities.test.ts).
    can: testCan(
      status === 'active'
        ? RUNNING_LEADER
        : status === 'configured'
          ? { start: true, shareWatchLink: true, seats: true }
          : { playAgain: true },
    ),
    ...overrides,
  });
}

let current: GameState;
const socket = new FakeSocket();

function renderLive() {
  localStorage.setItem('currentGameId', '1');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <Switch>
      <Route path="/live">
        <LiveView />
      </Route>
      <Route path="/game">
        <p>Game page</p>
      </Route>
    </Switch>,
    { wrapper: sessionWrapper(socket, queryClient, '/live') },
  );
}

beforeEach(() => {
  localStorage.clear();
  serve(gameState, () => ({ game: current }));
  serve(startFastGame, () => ({ gameId: 1, status: 'active' as const }));
  serve(startRanked, () => ({ message: 'ok' }));
  serve(createFastGame, () => ({ gameId: 2 }));
  serve(createGame, () => ({ gameId: 2 }));
  serve(invitePlayer, ({ body }) => ({ id: Number(body.playerId) }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/live at the table', () => {
  it('shows the target and the name on turn in large type', async () => {
    current = game('active');
    renderLive();
    expect((await screen.findByTestId('live-target')).textContent).toBe('412g');
    expect(screen.getByTestId('live-target').className).toMatch(/clamp\(5rem/);
    expect(screen.getByTestId('live-on-turn').textContent).toBe('Bob');
    expect(screen.getByTestId('live-on-turn').className).toMatch(/text-4xl/);
  });

  it('shows an empty platform, never a negative weight', async () => {
    current = game('active');
    renderLive();
    await screen.findByTestId('live-target');
    const weight = screen.getByTestId('live-weight');
    act(() =>
      socket.emit({
        type: 'SCALE_DATA',
        macAddress: 'AABBCCDDEEFF',
        grams: -49,
        stable: false,
        ts: 1,
      }),
    );
    expect(weight.textContent).toBe('Empty');
    act(() =>
      socket.emit({
        type: 'SCALE_DATA',
        macAddress: 'AABBCCDDEEFF',
        grams: 358.4,
        stable: true,
        ts: 2,
      }),
    );
    expect(weight.textContent).toBe('358g');
  });

  it("names the player on turn in the leader's typed-reading field", async () => {
    current = game('active');
    renderLive();
    expect(await screen.findByPlaceholderText("Bob's reading (g)")).toBeTruthy();
  });

  it('offers the leader Start before the game and starts it', async () => {
    current = game('configured');
    renderLive();
    expect(await screen.findByText('Start the game when everyone is at the table')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Start game' }));
    await waitFor(() => expect(callsTo(startFastGame).map((c) => c.params)).toEqual([{ id: 1 }]));
  });

  it('starts a ranked game with its own set-up', async () => {
    current = game('configured', { mode: 'ranked' });
    renderLive();
    fireEvent.click(await screen.findByRole('button', { name: 'Start game' }));
    await waitFor(() =>
      expect(callsTo(startRanked).map((c) => [c.params, c.body])).toEqual([
        [
          { id: 1 },
          {
            scaleAddress: 'AABBCCDDEEFF',
            containerType: 'BEER_CAN',
            rounds: 3,
          },
        ],
      ]),
    );
  });

  it('offers Start to nobody but the leader', async () => {
    current = game('configured');
    current.players = current.players.map((p) => ({ ...p, isLeader: p.userId === null }));
    renderLive();
    await screen.findByText('Waiting for the leader to start the game');
    expect(screen.queryByRole('button', { name: 'Start game' })).toBeNull();
  });

  it("offers the leader's actions only as the snapshot's can says", async () => {
    // The leader's own snapshot, but the server allows no start and no typed reading.
    current = game('configured', { can: testCan({ seats: true }) });
    renderLive();
    await screen.findByText('Waiting for the leader to start the game');
    expect(screen.queryByRole('button', { name: 'Start game' })).toBeNull();
    cleanup();
    current = game('active', { can: testCan({ finish: true }) });
    renderLive();
    await screen.findByRole('button', { name: 'Finish game' });
    expect(screen.queryByPlaceholderText("Bob's reading (g)")).toBeNull();
    cleanup();
    current = game('completed', { can: testCan() });
    renderLive();
    expect((await screen.findAllByText('Hops')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Play again' })).toBeNull();
  });

  it('plays again with the same players, in turn order, on the same scale', async () => {
    current = game('completed');
    renderLive();
    fireEvent.click(await screen.findByRole('button', { name: 'Play again' }));
    await waitFor(() =>
      expect(bodiesSent(createFastGame)).toEqual([
        {
          // As the server reads them: plain names are players without a drink named (beer).
          players: [{ name: 'Hops' }, { name: 'Bob' }, { name: 'Anna' }],
          scaleAddress: 'AABBCCDDEEFF',
          containerType: 'BEER_CAN',
          rounds: 3,
        },
      ]),
    );
    await waitFor(() => expect(localStorage.getItem('currentGameId')).toBe('2'));
  });

  it('invites the same players again after a ranked game', async () => {
    current = game('completed', { mode: 'ranked' });
    current.players = current.players.map((p) => ({ ...p, userId: p.id + 6 }));
    renderLive();
    fireEvent.click(await screen.findByRole('button', { name: 'Play again' }));
    expect(await screen.findByText('Game page')).toBeTruthy();
    expect(bodiesSent(createGame)).toEqual([{ gameName: 'Friday' }]);
    expect(callsTo(invitePlayer).map((c) => [c.params, c.body])).toEqual([
      [{ id: 2 }, { playerId: 8 }],
      [{ id: 2 }, { playerId: 9 }],
    ]);
    // The new lobby's set-up form starts from this game's container, rounds and rules.
    expect(JSON.parse(localStorage.getItem('carriedSetup')!)).toEqual({
      gameId: 2,
      containerType: 'BEER_CAN',
      rounds: 3,
      rules: current.rules,
    });
  });

  it('offers Play again after a game the leader finished before any round was scored', async () => {
    current = game('cancelled', { phase: null });
    renderLive();
    expect(await screen.findByRole('button', { name: 'Play again' })).toBeTruthy();
  });

  it('shows the awards and Share result once the game is completed', async () => {
    current = game('completed', {
      awards: [
        { id: 'sniper', playerId: 1, value: 2 },
        { id: 'comeback', playerId: 2, value: 1 },
      ],
    });
    renderLive();
    const awards = await screen.findByRole('region', { name: 'Awards' });
    expect([...awards.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'SniperHops2 exact matches',
      'ComebackBobUp 1 place',
    ]);
    expect(screen.getByRole('button', { name: 'Share result' })).toBeTruthy();
  });

  it('says Reconnecting and dims the game while the socket is down, then caught up', async () => {
    current = game('active');
    renderLive();
    const target = await screen.findByText('Hops');
    expect(screen.getByTestId('connection-banner').textContent).toBe('');
    act(() => socket.setStatus('reconnecting'));
    expect(screen.getByTestId('connection-banner').textContent).toContain('Reconnecting…');
    expect(target.closest('.opacity-40')).not.toBeNull();
    act(() => socket.setStatus('offline'));
    expect(screen.getByTestId('connection-banner').textContent).toContain('Offline');
    act(() => socket.setStatus('open'));
    expect(screen.getByTestId('connection-banner').textContent).toContain('caught up');
    expect(target.closest('.opacity-40')).toBeNull();
  });
});
