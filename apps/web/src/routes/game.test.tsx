import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeFastGame } from '@beerscale/contract/api/fast-games';
import { myGroups } from '@beerscale/contract/api/groups';
import { activeRankedGame, game, participants } from '@beerscale/contract/api/games';
import { pendingInvites } from '@beerscale/contract/api/invites';
import { rulePresets } from '@beerscale/contract/api/rules';
import { scales } from '@beerscale/contract/api/scales';
import { RULE_PRESETS, RULE_PRESET_IDS } from '@beerscale/contract/rules';
import { serve } from '../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../testing/fake-session';
import Game from './game';

let openRanked: number | null;

beforeEach(() => {
  localStorage.clear();
  openRanked = null;
  serve(activeRankedGame, () => ({
    activeGame:
      openRanked === null
        ? null
        : { gameId: openRanked, gameName: 'Derby', isLeader: true, status: 'pending' },
  }));
  serve(activeFastGame, () => ({ activeGame: null }));
  serve(myGroups, () => []);
  // What the open tab shows beside its mode: an empty lobby, no scales, the presets.
  serve(game, ({ params }) => ({
    id: Number(params.id),
    name: 'Derby',
    creator_id: 7,
    status: 'pending',
    scale_mac: null,
    container_type: null,
    rounds_planned: 3,
    rules: RULE_PRESETS.classic,
  }));
  serve(participants, () => []);
  serve(pendingInvites, () => []);
  serve(scales, () => ({ scales: [] }));
  serve(rulePresets, () => RULE_PRESET_IDS.map((id) => ({ id, rules: RULE_PRESETS[id] })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderGame = () => render(<Game />, { wrapper: sessionWrapper(new FakeSocket()) });
const selected = (name: string) =>
  screen.findByRole('tab', { name, selected: true }).then((tab) => tab.textContent);

describe('/game', () => {
  it('opens on the ranked lobby a player has open, on a device that never chose a mode', async () => {
    openRanked = 7;
    renderGame();
    expect(await selected('Ranked')).toContain('Ranked');
  });

  it('opens on Casual without an open ranked game, and on the mode this device chose', async () => {
    renderGame();
    expect(await selected('Casual')).toContain('Casual');
    cleanup();
    openRanked = 7;
    localStorage.setItem('selectedGameMode', 'fast');
    renderGame();
    expect(await selected('Casual')).toContain('Casual');
  });
});
