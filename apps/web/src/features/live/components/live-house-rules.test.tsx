import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Switch } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GamePlayerState, GameState } from '@beerscale/contract/game-state';
import { callTarget, estimateEmpty, gameState, givePenalty } from '@beerscale/contract/api/play';
import { myInvites } from '@beerscale/contract/api/invites';
import { RULE_PRESETS } from '@beerscale/contract/rules';
import { bodiesSent, serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper, TEST_USER } from '../../../testing/fake-session';
import { testGame, testPlayer } from '../../../testing/game-state';
import { testCan } from '../../../testing/game-abilities';
import { LiveView } from './live-view';

// /live under house rules: the rules in one line, the caller's prompt, the give-a-penalty
// picker, the finale's estimates (each for the right person only), penalties as they happen,
// disqualified players struck through, and the results' scoring column with reasons.

const player = (n: number, extra: Partial<GamePlayerState> = {}): GamePlayerState =>
  testPlayer(n, {
    userId: n === 1 ? TEST_USER.id : 100 + n,
    playerName: ['Hops', 'Bob', 'Anna'][n - 1]!,
    startWeight: 560,
    lastWeight: 500,
    ...extra,
  });

const game = (overrides: Partial<GameState> = {}): GameState =>
  testGame({
    target: 450,
    currentPlayerId: 2,
    containerType: 'BEER_CAN',
    rules: RULE_PRESETS.strichliste,
    players: [player(1), player(2), player(3)],
    ...overrides,
  });

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
    </Switch>,
    { wrapper: sessionWrapper(socket, queryClient, '/live', { realtime: true }) },
  );
}

beforeEach(() => {
  localStorage.clear();
  for (const entry of [gameState, callTarget, givePenalty, estimateEmpty]) {
    serve(entry, () => ({ game: current }));
  }
  // The realtime shell asks for the player's invitations.
  serve(myInvites, () => []);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('/live under house rules', () => {
  it('says the rules in one line and links to their explanation', async () => {
    current = game({ rules: RULE_PRESETS.bundeswiega });
    renderLive();
    const line = await screen.findByTestId('rules-line');
    expect(line.textContent).toBe(
      'Bundeswiega · Mean + penalties · Ansager · penalties: farthest off, Schnapszahl, Wiegezwillinge, exact hit drinks · out above 50 g · Leerwiegen finale',
    );
    const link = screen.getByRole('link', { name: 'Rules explained' });
    expect(decodeURIComponent(link.getAttribute('href')!)).toContain('"preset":"bundeswiega"');
  });

  it("lets the leader name the caller's amount, and refuses one out of range unsent", async () => {
    current = game({
      rules: RULE_PRESETS.bundeswiega,
      phase: 'CALLING',
      caller: 2,
      target: null,
      currentPlayerId: null,
      can: testCan({ finish: true, call: true }, { call: [2] }),
    });
    renderLive();
    expect((await screen.findByTestId('rules-caller')).textContent).toBe(
      'Bob names the amount to drink',
    );
    // Nobody weighs while the amount is called: no typed reading, no "your turn".
    expect(screen.queryByRole('button', { name: 'Record' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Finish game' })).toBeTruthy();
    const input = screen.getByLabelText('Amount to drink for Bob (g)');
    fireEvent.change(input, { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Call it' }));
    await screen.findByText('The amount must be a whole number of grams between 10 and 100');
    expect(bodiesSent(callTarget)).toEqual([]);
    fireEvent.change(input, { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Call it' }));
    await waitFor(() => expect(bodiesSent(callTarget)).toEqual([{ amount: 40 }]));
  });

  it('offers the amount only to the caller and the leader', async () => {
    current = game({
      rules: RULE_PRESETS.bundeswiega,
      phase: 'CALLING',
      caller: 2,
      target: null,
      // Hops (this user) is not the leader here.
      players: [player(1, { isLeader: false }), player(2, { isLeader: true }), player(3)],
      can: testCan({ finish: true, call: true }, { call: [2] }),
    });
    renderLive();
    await screen.findByTestId('rules-caller');
    expect(screen.queryByRole('button', { name: 'Call it' })).toBeNull();
  });

  it("offers the amount to a player exactly when the snapshot's can names them", async () => {
    const calling = {
      rules: RULE_PRESETS.bundeswiega,
      phase: 'CALLING' as const,
      caller: 1,
      target: null,
      players: [player(1, { isLeader: false }), player(2, { isLeader: true }), player(3)],
    };
    // Hops calls this round, but the server names nobody: nothing is offered.
    current = game({ ...calling, can: testCan({ call: true }) });
    renderLive();
    await screen.findByTestId('rules-caller');
    expect(screen.queryByRole('button', { name: 'Call it' })).toBeNull();
    cleanup();
    current = game({ ...calling, can: testCan({ call: true }, { call: [1] }) });
    renderLive();
    expect(await screen.findByRole('button', { name: 'Call it' })).toBeTruthy();
    // A leader the snapshot gives no call is not offered it either.
    cleanup();
    current = game({ ...calling, players: [player(1), player(2), player(3)], can: testCan() });
    renderLive();
    await screen.findByTestId('rules-caller');
    expect(screen.queryByRole('button', { name: 'Call it' })).toBeNull();
  });

  it("gives the exact hitter's penalty to the player tapped, never to the giver", async () => {
    current = game({
      phase: 'GIVING',
      currentPlayerId: 1,
      can: testCan({ finish: true, give: true }, { give: [1] }),
    });
    renderLive();
    const picker = await screen.findByRole('region', { name: 'Giving a penalty' });
    expect(within(picker).queryByRole('button', { name: 'Give to Hops' })).toBeNull();
    fireEvent.click(within(picker).getByRole('button', { name: 'Give to Anna' }));
    await waitFor(() => expect(bodiesSent(givePenalty)).toEqual([{ toPlayerId: 3 }]));
  });

  it('takes the estimates of the players still to estimate, for the leader', async () => {
    current = game({
      rules: RULE_PRESETS.bundeswiega,
      phase: 'ESTIMATING',
      currentPlayerId: null,
      players: [player(1, { estimate: 16 }), player(2), player(3, { disqualified: true })],
      can: testCan({ finish: true, estimateFor: [1, 2] }, { estimate: [1, 2] }),
    });
    renderLive();
    const entries = await screen.findByRole('region', { name: 'Estimating' });
    expect(within(entries).queryByLabelText("Hops's estimate (g)")).toBeNull();
    expect(within(entries).queryByLabelText("Anna's estimate (g)")).toBeNull();
    fireEvent.change(within(entries).getByLabelText("Bob's estimate (g)"), {
      target: { value: '18' },
    });
    fireEvent.click(within(entries).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesSent(estimateEmpty)).toEqual([{ playerId: 2, grams: 18 }]));
  });

  it('offers the leader of a ranked game only their own estimate, as the server allows (issue 42)', async () => {
    current = game({
      mode: 'ranked',
      rules: RULE_PRESETS.bundeswiega,
      phase: 'ESTIMATING',
      currentPlayerId: null,
      players: [player(1), player(2), player(3)],
      // Bob and Anna are here: the server leaves their estimates to them.
      can: testCan({ finish: true, estimateFor: [1] }, { estimate: [1, 2, 3] }),
    });
    renderLive();
    const entries = await screen.findByRole('region', { name: 'Estimating' });
    expect(within(entries).queryByLabelText("Bob's estimate (g)")).toBeNull();
    expect(within(entries).queryByLabelText("Anna's estimate (g)")).toBeNull();
    fireEvent.change(within(entries).getByLabelText("Hops's estimate (g)"), {
      target: { value: '21' },
    });
    fireEvent.click(within(entries).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesSent(estimateEmpty)).toEqual([{ playerId: 1, grams: 21 }]));
  });

  it("offers the leader an away ranked player's estimate when the snapshot's can names it (issue 42)", async () => {
    current = game({
      mode: 'ranked',
      rules: RULE_PRESETS.bundeswiega,
      phase: 'ESTIMATING',
      currentPlayerId: null,
      players: [player(1, { estimate: 16 }), player(2), player(3)],
      // Anna is away: the leader may stand in for her; Bob is here.
      can: testCan({ finish: true, estimateFor: [1, 3] }, { estimate: [1, 2, 3] }),
    });
    renderLive();
    const entries = await screen.findByRole('region', { name: 'Estimating' });
    expect(within(entries).queryByLabelText("Bob's estimate (g)")).toBeNull();
    fireEvent.change(within(entries).getByLabelText("Anna's estimate (g)"), {
      target: { value: '19' },
    });
    fireEvent.click(within(entries).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesSent(estimateEmpty)).toEqual([{ playerId: 3, grams: 19 }]));
  });

  it('offers no estimate box to the leader of a ranked game once their own is in', async () => {
    current = game({
      mode: 'ranked',
      rules: RULE_PRESETS.bundeswiega,
      phase: 'ESTIMATING',
      currentPlayerId: null,
      players: [player(1, { estimate: 16 }), player(2), player(3)],
    });
    renderLive();
    expect((await screen.findAllByText('Hops')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('region', { name: 'Estimating' })).toBeNull();
    expect(screen.queryByLabelText(/estimate \(g\)/)).toBeNull();
  });

  it('announces penalties as they happen and marks them beside the name', async () => {
    current = game();
    renderLive();
    await screen.findByTestId('rules-line');
    expect(screen.queryByTestId('penalty-toast')).toBeNull();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    act(() =>
      socket.emit({
        type: 'GAME_STATE',
        game: game({
          round: 2,
          players: [
            player(1),
            // Each toast names the player's own penalty drink: Bob's Schnaps, Anna's sip.
            player(2, {
              penaltyDrink: 'spirit',
              penalties: 1,
              penaltyLog: [{ round: 1, reason: 'farthest' }],
            }),
            player(3, {
              penaltyDrink: 'sip',
              penalties: 1,
              penaltyLog: [{ round: 1, reason: 'given', fromPlayerId: 1 }],
            }),
          ],
        }),
      }),
    );
    const toasts = (await screen.findAllByTestId('penalty-toast')).map((t) => t.textContent);
    expect(toasts).toEqual(['Bob: Schnaps – farthest off', 'Anna: a sip – given by Hops']);
    const marks = screen.getAllByTestId('penalty-marks');
    expect(marks.map((m) => m.getAttribute('aria-label'))).toEqual([
      '1 Schnaps: farthest off (R1)',
      '1 sip: given by Hops (R1)',
    ]);
    // The toasts go after a while; the marks stay.
    act(() => vi.advanceTimersByTime(9000));
    await waitFor(() => expect(screen.queryByTestId('penalty-toast')).toBeNull());
    expect(screen.getAllByTestId('penalty-marks')).toHaveLength(2);
  });

  it('strikes a disqualified player through', async () => {
    current = game({ players: [player(1), player(2, { disqualified: true }), player(3)] });
    renderLive();
    const scores = await screen.findByRole('region', { name: 'Scores' });
    const bob = within(scores).getByText('Bob');
    expect(bob.className).toContain('line-through');
    expect(within(bob.closest('td')!).getByText('out')).toBeTruthy();
  });

  it("shows the results by the scoring's column, with every penalty's reason", async () => {
    const done = { status: 'completed', phase: 'FINISHED', currentPlayerId: null } as const;
    current = game({
      ...done,
      players: [
        player(1, { rank: 1, score: 0, meanDifference: 3 }),
        player(2, {
          rank: 2,
          score: 2,
          meanDifference: 9,
          penalties: 2,
          penaltyLog: [
            { round: 1, reason: 'farthest' },
            { round: 2, reason: 'given', fromPlayerId: 1 },
          ],
        }),
        player(3, { rank: 3, score: 3, meanDifference: 12, disqualified: true }),
      ],
    });
    renderLive();
    const results = await screen.findByRole('region', { name: 'Results' });
    expect(
      within(results)
        .getAllByTestId('result-score')
        .map((s) => s.textContent),
    ).toEqual(['0Marks', '2Marks', '3Marks']);
    expect(within(results).getByTestId('result-penalties').textContent).toBe(
      '2 sips: farthest off (R1), given by Hops (R2)',
    );
  });
});
