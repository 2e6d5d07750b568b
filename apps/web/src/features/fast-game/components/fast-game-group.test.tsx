import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeFastGame, createFastGame } from '@beerscale/contract/api/fast-games';
import { groupDetail, myGroups } from '@beerscale/contract/api/groups';
import { rulePresets } from '@beerscale/contract/api/rules';
import { scales } from '@beerscale/contract/api/scales';
import type { GroupDetail } from '@beerscale/contract/groups';
import { RULE_PRESETS, RULE_PRESET_IDS } from '@beerscale/contract/rules';
import { bodiesSent, serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { FastGameSetup } from './fast-game-setup';

// A group game's set-up: the group chosen, its members tapped in as chips ({ memberId }), typed
// names as passers-by, the form started from the group's last set-up.

const SEASON = { number: 1, name: null, startedAt: '2026-11-01T18:00:00.000Z', endedAt: null };
let lastSetup: GroupDetail['lastSetup'];

const group = (): GroupDetail => ({
  id: 5,
  name: 'Thursday Club',
  emoji: '🍻',
  memberId: 11,
  role: 'member',
  members: [
    { memberId: 10, userId: 3, name: 'Malt', role: 'captain' },
    { memberId: 11, userId: 7, name: 'Hops', role: 'member' },
    { memberId: 12, userId: null, name: 'Barley', role: 'guest' },
  ],
  season: SEASON,
  seasons: [{ ...SEASON, champion: null }],
  publicLinkOn: false,
  lastSetup,
  can: {
    invite: false,
    addGuest: true,
    claimLink: false,
    remove: false,
    newSeason: false,
    handOver: false,
    publicLink: false,
    setUpGames: true,
  },
});

beforeEach(() => {
  localStorage.clear();
  lastSetup = null;
  serve(scales, () => ({ scales: [] }));
  serve(activeFastGame, () => ({ activeGame: null }));
  serve(rulePresets, () => RULE_PRESET_IDS.map((id) => ({ id, rules: RULE_PRESETS[id] })));
  serve(createFastGame, () => ({ gameId: 9 }));
  serve(myGroups, () => [
    {
      id: 5,
      name: 'Thursday Club',
      emoji: '🍻',
      role: 'member' as const,
      members: 3,
      season: SEASON,
      place: 1,
    },
  ]);
  serve(groupDetail, () => group());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The line-up as the server parsed it: a member's id, else the name. */
function lineUp(body: { players: unknown }): (number | string)[] {
  const players = body.players as { name: string; memberId?: number }[];
  return players.map((player) => player.memberId ?? player.name);
}

async function renderAndChooseGroup() {
  render(<FastGameSetup />, { wrapper: sessionWrapper(new FakeSocket(), undefined, '/game') });
  fireEvent.change(screen.getByLabelText('Scale MAC Address'), {
    target: { value: 'AABBCCDDEEFF' },
  });
  fireEvent.change(await screen.findByLabelText('Group'), { target: { value: '5' } });
  await screen.findByRole('button', { name: /Barley/ });
}

describe('a group fast game', () => {
  it('sends the leader and tapped members by membership, typed names as passers-by', async () => {
    await renderAndChooseGroup();
    // The caller's own membership is the locked first slot, not a chip.
    expect(screen.queryByRole('button', { name: 'Hops' })).toBeNull();
    const barley = screen.getByRole('button', { name: /Barley/ });
    fireEvent.click(barley);
    expect(barley.getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByLabelText('Player 2'), { target: { value: 'Stranger' } });
    fireEvent.click(screen.getByRole('button', { name: 'Setup Fast Game' }));
    await waitFor(() => expect(bodiesSent(createFastGame)).toHaveLength(1));
    const body = bodiesSent(createFastGame)[0]!;
    expect(body.groupId).toBe(5);
    expect(lineUp(body)).toEqual([11, 12, 'Stranger']);
  });

  it("starts from the group's last line-up, container and rounds", async () => {
    lastSetup = {
      memberIds: [11, 10],
      guestNames: ['Passer'],
      rules: null,
      containerType: 'BEER_CAN',
      rounds: 5,
    };
    await renderAndChooseGroup();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Malt/ }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Player 2').value).toBe('Passer');
    fireEvent.click(screen.getByRole('button', { name: 'Setup Fast Game' }));
    await waitFor(() => expect(bodiesSent(createFastGame)).toHaveLength(1));
    const body = bodiesSent(createFastGame)[0]!;
    expect(lineUp(body)).toEqual([11, 10, 'Passer']);
    expect(body.containerType).toBe('BEER_CAN');
    expect(body.rounds).toBe(5);
  });

  it('sends no group when none is chosen', async () => {
    render(<FastGameSetup />, { wrapper: sessionWrapper(new FakeSocket(), undefined, '/game') });
    fireEvent.change(screen.getByLabelText('Scale MAC Address'), {
      target: { value: 'AABBCCDDEEFF' },
    });
    await screen.findByLabelText('Group');
    fireEvent.change(screen.getByLabelText('Player 2'), { target: { value: 'Bob' } });
    fireEvent.click(screen.getByRole('button', { name: 'Setup Fast Game' }));
    await waitFor(() => expect(bodiesSent(createFastGame)).toHaveLength(1));
    expect(bodiesSent(createFastGame)[0]!.groupId).toBeUndefined();
    expect(lineUp(bodiesSent(createFastGame)[0]!)).toEqual(['Hops', 'Bob']);
  });
});
