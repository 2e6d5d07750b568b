import { act, cleanup, render, screen, within } from '@testing-library/react';
import { RouterAt } from '../../../testing/router-at';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GamePlayerState, GameState } from '@beerscale/contract/game-state';
import type { ServerToBrowser } from '@beerscale/contract/browser-socket';
import { watchState } from '@beerscale/contract/api/watch';
import { RULE_PRESETS } from '@beerscale/contract/rules';
import type { SocketLike } from '../../../lib/socket-client';
import { serve } from '../../../testing/contract-server';
import { testGame, testPlayer } from '../../../testing/game-state';
import { WatchView } from './watch-view';

// A watch link under house rules: the rules in one line, the dice and the caller, penalties as
// toasts and marks, disqualified players struck through, the scoring's number in the standings.

const TOKEN = 'abcdefghijklmnopqrstuv';

const player = (id: number, extra: Partial<GamePlayerState> = {}): GamePlayerState =>
  testPlayer(id, {
    playerName: ['Anna', 'Bob', 'Cleo'][id - 1]!,
    startWeight: 560,
    lastWeight: 400,
    differences: [5],
    meanDifference: 5,
    bestDifference: 5,
    ...extra,
  });

const game = (overrides: Partial<GameState> = {}): GameState =>
  testGame({
    id: 5,
    name: 'Friday table',
    target: 321,
    currentPlayerId: 2,
    rules: { ...RULE_PRESETS.strichliste, target: 'dice', preset: 'custom' },
    dice: [6, 3],
    players: [player(1), player(2), player(3)],
    ...overrides,
  });

class FakeWatchSocket implements SocketLike {
  static last: FakeWatchSocket | null = null;
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeWatchSocket.last = this;
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  push(message: ServerToBrowser) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
}

let current: GameState;

beforeEach(() => {
  FakeWatchSocket.last = null;
  serve(watchState, () => ({ game: current }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWatch() {
  return render(
    <RouterAt url="/">
      <WatchView token={TOKEN} createSocket={(url) => new FakeWatchSocket(url)} />
    </RouterAt>,
  );
}

describe('a watch link under house rules', () => {
  it('shows the rules, the dice and the marks; a new penalty is announced', async () => {
    current = game();
    renderWatch();
    expect((await screen.findByTestId('rules-line')).textContent).toBe(
      'Custom · Marks · dice · penalties: farthest off, exact hit gives',
    );
    expect(screen.getByTestId('rules-dice').textContent).toBe('Dice: 6 and 3 · Drink 63 g');
    await vi.waitFor(() => expect(FakeWatchSocket.last).not.toBeNull());
    act(() =>
      FakeWatchSocket.last!.push({
        type: 'GAME_STATE',
        game: game({
          players: [
            player(1),
            // On water: the table screen announces a sip of it, never a Schnaps.
            player(2, {
              drink: { kind: 'water', abv: 0 },
              penaltyDrink: 'sip',
              penalties: 1,
              penaltyLog: [{ round: 1, reason: 'farthest' }],
              disqualified: true,
            }),
            player(3),
          ],
        }),
      }),
    );
    expect((await screen.findByTestId('penalty-toast')).textContent).toBe(
      'Bob: a sip – farthest off',
    );
    const standings = screen.getByRole('region', { name: 'Standings' });
    const bob = within(standings).getByText('Bob');
    expect(bob.className).toContain('line-through');
    expect(within(standings).getByTestId('penalty-marks').textContent).toBe('|');
  });

  it('names the caller while the game waits for the amount', async () => {
    current = game({
      rules: RULE_PRESETS.bundeswiega,
      dice: null,
      phase: 'CALLING',
      caller: 3,
      target: null,
    });
    renderWatch();
    expect((await screen.findByTestId('rules-caller')).textContent).toBe(
      'Cleo names the amount to drink',
    );
  });

  it("ranks the standings by the scoring's number", async () => {
    current = game({
      rules: RULE_PRESETS.points,
      dice: null,
      players: [player(1, { score: 3 }), player(2, { score: 5 }), player(3, { score: 1 })],
    });
    renderWatch();
    const standings = await screen.findByRole('region', { name: 'Standings' });
    const rows = within(standings)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows[0]).toBe('1Bob0 exact5'); // rank, name, no exact match, 5 points
    expect(rows[2]).toContain('Cleo');
    // The scoring's name stands once over the figures, not beside each of them.
    expect(within(standings).getByTestId('standings-scoring').textContent).toBe('Points');
    expect(rows.join('')).not.toContain('Points');
  });
});

describe('the finale on a watch link', () => {
  it("shows everyone's estimate while the empty containers are weighed", async () => {
    current = game({
      rules: RULE_PRESETS.bundeswiega,
      dice: null,
      phase: 'FINALE',
      round: 4,
      players: [player(1, { estimate: 210 }), player(2, { estimate: 195 }), player(3)],
    });
    renderWatch();
    expect((await screen.findByTestId('rules-estimates')).textContent).toBe(
      'Anna estimated 210 gBob estimated 195 g',
    );
    // The finale counts as a round after the last: no "round 4 of 3".
    expect(screen.queryByText(/Round 4/)).toBeNull();
  });

  it('marks an estimate the leader entered for a player who was away (issue 42)', async () => {
    current = game({
      rules: RULE_PRESETS.bundeswiega,
      dice: null,
      phase: 'FINALE',
      round: 4,
      players: [
        player(1, { estimate: 210 }),
        player(2, { estimate: 195, estimateStandIn: true }),
        player(3),
      ],
    });
    renderWatch();
    expect((await screen.findByTestId('rules-estimates')).textContent).toBe(
      'Anna estimated 210 gBob estimated 195 g (entered by the leader)',
    );
  });
});
