import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  activeRankedGame,
  game,
  participants,
  setupRanked,
  startRanked,
} from '@beerscale/contract/api/games';
import { pendingInvites } from '@beerscale/contract/api/invites';
import { rulePresets } from '@beerscale/contract/api/rules';
import { scales } from '@beerscale/contract/api/scales';
import { RULE_PRESETS, RULE_PRESET_IDS } from '@beerscale/contract/rules';
import { gameState } from '@beerscale/contract/api/play';
import { profile } from '@beerscale/contract/api/users';
import { bodiesSent, refusal, serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper, TEST_USER } from '../../../testing/fake-session';
import { RankedLobby } from './ranked-lobby';

// The ranked set-up's house rules: a preset chosen goes into the set-up, and a lobby set up
// with rules starts with those rules, also after the page was opened again (the lobby's
// summary carries them).

let status: 'pending' | 'configured';

beforeEach(() => {
  localStorage.clear();
  status = 'pending';
  // The own drink's card (lobby-drink.test.tsx) waits for a drink: none here.
  const gone = { error: 'Game not found', code: 'GAME_NOT_FOUND' };
  serve(gameState, () => refusal(gameState, 404, gone));
  serve(profile, () => refusal(profile, 404, gone));
  serve(activeRankedGame, () => ({
    activeGame: { gameId: 3, gameName: 'Derby', isLeader: true, status },
  }));
  serve(game, () => ({
    id: 3,
    name: 'Derby',
    creator_id: TEST_USER.id,
    status,
    scale_mac: status === 'configured' ? 'AABBCCDDEEFF' : null,
    container_type: status === 'configured' ? ('BEER_BOTTLE' as const) : null,
    rounds_planned: 3,
    rules: status === 'configured' ? RULE_PRESETS.golf : RULE_PRESETS.classic,
    // The leader's lobby, as the server's policy sends it.
    can: {
      cancel: true,
      leave: false,
      invite: true,
      reorder: true,
      kick: [8],
      setUp: true,
      start: status === 'configured',
    },
  }));
  serve(participants, () => [
    { id: TEST_USER.id, playerName: 'Hops', currentElo: 1200, isLeader: true, position: 0 },
    { id: 8, playerName: 'Bob', currentElo: 1200, isLeader: false, position: 1 },
  ]);
  serve(pendingInvites, () => []);
  serve(scales, () => ({ scales: [] }));
  serve(rulePresets, () => RULE_PRESET_IDS.map((id) => ({ id, rules: RULE_PRESETS[id] })));
  serve(setupRanked, () => ({ message: 'ok' }));
  serve(startRanked, () => ({ message: 'ok' }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderLobby = () =>
  render(<RankedLobby />, { wrapper: sessionWrapper(new FakeSocket(), undefined, '/game') });

describe('house rules in the ranked lobby', () => {
  it('sets the lobby up with the preset chosen', async () => {
    renderLobby();
    fireEvent.change(await screen.findByLabelText('Scale MAC Address'), {
      target: { value: 'AABBCCDDEEFF' },
    });
    fireEvent.click(await screen.findByText('Points', { exact: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Setup Ranked Game' }));
    await waitFor(() => expect(bodiesSent(setupRanked)).toHaveLength(1));
    expect(bodiesSent(setupRanked)[0]!.rules).toEqual({ preset: 'points' });
  });

  /** What "Play again" left on the device for lobby `gameId`: a can, 7 rounds, golf. */
  const carriedFor = (gameId: number) =>
    localStorage.setItem(
      'carriedSetup',
      JSON.stringify({ gameId, containerType: 'BEER_CAN', rounds: 7, rules: RULE_PRESETS.golf }),
    );
  /** The leader names the scale and sets the lobby up: the body sent. */
  async function setUpLobby() {
    fireEvent.change(await screen.findByLabelText('Scale MAC Address'), {
      target: { value: 'AABBCCDDEEFF' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Setup Ranked Game' }));
    await waitFor(() => expect(bodiesSent(setupRanked)).toHaveLength(1));
    return bodiesSent(setupRanked)[0]!;
  }

  it("sets up a lobby opened by Play again with the last game's container, rounds and rules", async () => {
    carriedFor(3);
    renderLobby();
    const golf = (await screen.findByRole('radio', { name: /^Golf/ })) as HTMLInputElement;
    expect(golf.checked).toBe(true);
    expect(await setUpLobby()).toMatchObject({
      containerType: 'BEER_CAN',
      rounds: 7,
      rules: { preset: 'golf' },
    });
  });

  it("ignores another lobby's carried set-up", async () => {
    carriedFor(4);
    renderLobby();
    const body = await setUpLobby();
    expect(body).toMatchObject({ containerType: 'BEER_BOTTLE', rounds: 3 });
    expect(body.rules).toBeUndefined(); // classic, the default, goes unsent
  });

  it('starts a set-up lobby with the rules it was set up with', async () => {
    status = 'configured';
    renderLobby();
    // The summary says which rules the lobby plays, for everyone in it.
    await screen.findByText('Golf', { selector: 'dd' });
    const golf = screen.getByRole('radio', { name: /^Golf/ }) as HTMLInputElement;
    expect(golf.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Start Game' }));
    await waitFor(() => expect(bodiesSent(startRanked)).toHaveLength(1));
    expect(bodiesSent(startRanked)[0]!.rules).toEqual({ preset: 'golf' });
  });
});
