import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeRankedGame, game, participants } from '@beerscale/contract/api/games';
import type { LobbyAbilities } from '@beerscale/contract/games';
import { pendingInvites } from '@beerscale/contract/api/invites';
import { gameState } from '@beerscale/contract/api/play';
import { rulePresets } from '@beerscale/contract/api/rules';
import { scales } from '@beerscale/contract/api/scales';
import { profile } from '@beerscale/contract/api/users';
import { RULE_PRESETS, RULE_PRESET_IDS } from '@beerscale/contract/rules';
import { refusal, serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper, TEST_USER } from '../../../testing/fake-session';
import { RankedLobby } from './ranked-lobby';

// Issue 40 item 3: the lobby offers what the reply's `can` says, whoever created the game.

const NOTHING: LobbyAbilities = {
  cancel: false,
  leave: false,
  invite: false,
  reorder: false,
  kick: [],
  setUp: false,
  start: false,
};
let can: LobbyAbilities | undefined;

beforeEach(() => {
  localStorage.clear();
  const gone = { error: 'Game not found', code: 'GAME_NOT_FOUND' };
  serve(gameState, () => refusal(gameState, 404, gone));
  serve(profile, () => refusal(profile, 404, gone));
  serve(activeRankedGame, () => ({
    activeGame: { gameId: 3, gameName: 'Derby', isLeader: true, status: 'pending' },
  }));
  // The reader created this lobby: only `can` decides what they are offered.
  serve(game, () => ({
    id: 3,
    name: 'Derby',
    creator_id: TEST_USER.id,
    status: 'pending',
    scale_mac: null,
    container_type: null,
    rounds_planned: 3,
    rules: RULE_PRESETS.classic,
    can,
  }));
  serve(participants, () => [
    { id: TEST_USER.id, playerName: 'Hops', currentElo: 1200, isLeader: true, position: 0 },
    { id: 8, playerName: 'Bob', currentElo: 1200, isLeader: false, position: 1 },
    { id: 9, playerName: 'Cid', currentElo: 1200, isLeader: false, position: 2 },
  ]);
  serve(pendingInvites, () => []);
  serve(scales, () => ({ scales: [] }));
  serve(rulePresets, () => RULE_PRESET_IDS.map((id) => ({ id, rules: RULE_PRESETS[id] })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (name: string) => screen.getByText(name).closest('li')!;
const renderLobby = () =>
  render(<RankedLobby />, { wrapper: sessionWrapper(new FakeSocket(), undefined, '/game') });

describe("the ranked lobby's actions", () => {
  it('offers the leader their actions when can says so, and removes only whom it names', async () => {
    can = { ...NOTHING, cancel: true, invite: true, reorder: true, kick: [9], setUp: true };
    renderLobby();
    expect(await screen.findByRole('button', { name: 'Cancel Game' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Setup Ranked Game' })).toBeTruthy();
    expect(screen.getByText('Invite players')).toBeTruthy();
    expect(within(row('Bob')).queryByRole('button', { name: 'Kick' })).toBeNull();
    expect(within(row('Cid')).getByRole('button', { name: 'Kick' })).toBeTruthy();
  });

  it('offers nothing of the leader when can allows nothing', async () => {
    can = NOTHING;
    renderLobby();
    const leave = (await screen.findByRole('button', { name: 'Leave Game' })) as HTMLButtonElement;
    expect(leave.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Cancel Game' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Setup Ranked Game' })).toBeNull();
    expect(screen.queryByText('Invite players')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Kick' })).toBeNull();
  });

  it('lets a player leave when can says so', async () => {
    can = { ...NOTHING, leave: true };
    renderLobby();
    const leave = (await screen.findByRole('button', { name: 'Leave Game' })) as HTMLButtonElement;
    expect(leave.disabled).toBe(false);
  });
});
