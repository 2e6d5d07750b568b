import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeFastGame } from '@beerscale/contract/api/fast-games';
import { myGroups } from '@beerscale/contract/api/groups';
import { rulePresets } from '@beerscale/contract/api/rules';
import { scales } from '@beerscale/contract/api/scales';
import type { ActiveFastGameReply } from '@beerscale/contract/fast-games';
import { RULE_PRESETS, RULE_PRESET_IDS } from '@beerscale/contract/rules';
import { serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { FastGameSetup } from './fast-game-setup';

// Issue 40 item 3: the fast set-up's Start and Save follow the reply's `can`, not its status.

let can: { start: boolean; update: boolean };

beforeEach(() => {
  localStorage.clear();
  serve(scales, () => ({ scales: [] }));
  serve(activeFastGame, (): ActiveFastGameReply => ({
    activeGame: {
      gameId: 9,
      status: 'configured',
      players: ['Hops', 'Bob'],
      scaleAddress: 'AABBCCDDEEFF',
      containerType: 'BEER_BOTTLE',
      rounds: 3,
      rules: RULE_PRESETS.classic,
      can,
    },
  }));
  serve(myGroups, () => []);
  serve(rulePresets, () => RULE_PRESET_IDS.map((id) => ({ id, rules: RULE_PRESETS[id] })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const button = async (name: string) =>
  (await screen.findByRole('button', { name })) as HTMLButtonElement;
const renderSetup = () =>
  render(<FastGameSetup />, { wrapper: sessionWrapper(new FakeSocket(), undefined, '/game') });

describe("the fast set-up's actions", () => {
  it('offers Start and Save changes when can allows them', async () => {
    can = { start: true, update: true };
    renderSetup();
    expect((await button('Start Remote Game')).disabled).toBe(false);
    expect((await button('Save changes')).disabled).toBe(false);
  });

  it('offers neither when can allows neither, whatever the status says', async () => {
    can = { start: false, update: false };
    renderSetup();
    expect((await button('Start Remote Game')).disabled).toBe(true);
    expect((await button('Save changes')).disabled).toBe(true);
    expect((screen.getByLabelText('Scale MAC Address') as HTMLInputElement).readOnly).toBe(true);
  });
});
