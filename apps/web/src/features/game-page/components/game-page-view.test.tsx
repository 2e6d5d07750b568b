import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gameCard } from '@beerscale/contract/api/cards';
import { gameState } from '@beerscale/contract/api/play';
import type { GameState } from '@beerscale/contract/game-state';
import { RULE_PRESETS } from '@beerscale/contract/rules';
import { serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { testGame, testPlayer } from '../../../testing/game-state';
import { GamePageView } from './game-page-view';

// The morning after: a finished game's page from its snapshot alone.

const finished: GameState = testGame({
  id: 44,
  name: 'Bundeswiega',
  status: 'completed',
  phase: 'FINISHED',
  roundsPlanned: 2,
  rules: RULE_PRESETS.bundeswiega,
  completedAt: '2026-11-27T23:10:00Z',
  players: [
    testPlayer(1, {
      playerName: 'Lena',
      rank: 1,
      startWeight: 560,
      weights: [560, 480, 400],
      differences: [2, 0],
      meanDifference: 1,
      exactMatches: 1,
      score: 1,
    }),
    testPlayer(2, {
      playerName: 'Tim',
      rank: 2,
      startWeight: 555,
      weights: [555, 430],
      differences: [67],
      meanDifference: 67,
      penalties: 2,
      penaltyLog: [
        { round: 1, reason: 'farthest' },
        { round: 1, reason: 'given', fromPlayerId: 1 },
      ],
      disqualified: true,
      score: 69,
    }),
  ],
  awards: [{ id: 'sniper', playerId: 1, value: 1 }],
});

beforeEach(() => {
  serve(
    gameCard,
    () =>
      new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(game: GameState) {
  serve(gameState, () => ({ game }));
  render(<GamePageView id={game.id} />, { wrapper: sessionWrapper(new FakeSocket()) });
}

describe('a finished game’s page', () => {
  it('shows the players in their places, every round’s reading and how far off it was', async () => {
    show(finished);
    expect(await screen.findByRole('heading', { name: 'Bundeswiega' })).toBeTruthy();
    const players = screen.getByRole('region', { name: 'Players' });
    const rows = within(players).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Lena',
      'Timout',
    ]);
    const rounds = screen.getByRole('region', { name: 'Rounds and readings' });
    const round2 = within(rounds).getByRole('rowheader', { name: 'Round 2' }).closest('tr')!;
    expect(round2.textContent).toContain('400 g');
    expect(round2.textContent).toContain('0 g off');
    // Tim was out after round 1: nothing weighed for him in round 2.
    expect(round2.textContent).toContain('–');
  });

  it('says each penalty with its round and reason, who gave it, and the awards', async () => {
    show(finished);
    const penalties = await screen.findByRole('region', { name: 'Penalties and why' });
    expect(within(penalties).getByText('Round 1: farthest off')).toBeTruthy();
    expect(within(penalties).getByText('Round 1: given by Lena')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Awards' })).toBeTruthy();
  });

  it('shows the result card with the way to share it', async () => {
    show(finished);
    const card = await screen.findByRole('img', { name: 'The result card of Bundeswiega' });
    // A data: address: the app's CSP allows no blob: images.
    expect(card.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByRole('button', { name: 'Share result' })).toBeTruthy();
  });

  it('says a game is not over yet instead of a card', async () => {
    show({ ...finished, status: 'active', completedAt: null, awards: [] });
    expect(await screen.findByText('This game is not over yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Follow it live' }).getAttribute('href')).toBe('/live');
    expect(screen.queryByRole('region', { name: 'Result card' })).toBeNull();
  });
});
