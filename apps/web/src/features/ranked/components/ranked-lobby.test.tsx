import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeRankedGame, game, participants } from '@beerscale/contract/api/games';
import { pendingInvites } from '@beerscale/contract/api/invites';
import { gameState } from '@beerscale/contract/api/play';
import { rulePresets } from '@beerscale/contract/api/rules';
import { CLASSIC_RULES } from '@beerscale/contract/rules';
import { scales } from '@beerscale/contract/api/scales';
import { profile } from '@beerscale/contract/api/users';
import { refusal, serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { RankedLobby } from './ranked-lobby';

// A lobby whose players cannot be fetched used to stay a skeleton for good.

const busy = { error: 'The game is busy; try again', code: 'GAME_BUSY' };

beforeEach(() => {
  serve(activeRankedGame, () => ({
    activeGame: { gameId: 3, gameName: 'Derby', isLeader: true, status: 'pending' },
  }));
  serve(game, () => ({
    id: 3,
    name: 'Derby',
    creator_id: 7,
    status: 'pending',
    scale_mac: null,
    container_type: null,
    rounds_planned: 1,
    rules: CLASSIC_RULES,
  }));
  for (const entry of [participants, pendingInvites, scales, rulePresets, gameState, profile]) {
    serve(entry, () => refusal(entry, 503, busy));
  }
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('RankedLobby', () => {
  it('shows why when the players cannot be fetched, not a skeleton', async () => {
    render(<RankedLobby />, { wrapper: sessionWrapper(new FakeSocket()) });
    expect((await screen.findByRole('alert')).textContent).toContain('The game is busy; try again');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
