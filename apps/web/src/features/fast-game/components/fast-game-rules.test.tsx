import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeFastGame, createFastGame } from '@beerscale/contract/api/fast-games';
import { myGroups } from '@beerscale/contract/api/groups';
import { rulePresets } from '@beerscale/contract/api/rules';
import { scales } from '@beerscale/contract/api/scales';
import type { ActiveFastGameReply } from '@beerscale/contract/fast-games';
import { RULE_PRESETS, RULE_PRESET_IDS, resolveRules } from '@beerscale/contract/rules';
import { bodiesSent, serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { FastGameSetup } from './fast-game-setup';

// The fast set-up's house rules: classic unless chosen, a preset card sends its name, the
// Customise panel's toggles and tapped teams go into the body as the server will play them.

let active: ActiveFastGameReply['activeGame'];

beforeEach(() => {
  localStorage.clear();
  active = null;
  serve(scales, () => ({ scales: [] }));
  serve(activeFastGame, () => ({ activeGame: active }));
  serve(myGroups, () => []);
  serve(rulePresets, () => RULE_PRESET_IDS.map((id) => ({ id, rules: RULE_PRESETS[id] })));
  serve(createFastGame, () => ({ gameId: 5 }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function fillAndRender() {
  render(<FastGameSetup />, { wrapper: sessionWrapper(new FakeSocket(), undefined, '/game') });
  fireEvent.change(screen.getByLabelText('Scale MAC Address'), {
    target: { value: 'AABBCCDDEEFF' },
  });
  fireEvent.change(screen.getByLabelText('Player 2'), { target: { value: 'Bob' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add player' }));
  fireEvent.change(screen.getByLabelText('Player 3'), { target: { value: 'Anna' } });
  await screen.findByText('Closest on average wins. No penalties.');
}

describe('house rules at the fast set-up', () => {
  it('offers the six presets as cards, classic chosen, and sends no rules for classic', async () => {
    await fillAndRender();
    const cards = screen.getAllByRole('radio').filter((r) => r.closest('[role=radiogroup]'));
    expect((screen.getByRole('radio', { name: /Classic/ }) as HTMLInputElement).checked).toBe(true);
    expect(
      (screen.getByRole('radio', { name: /Strichliste Hardcore/ }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(cards.length).toBeGreaterThanOrEqual(6);
    fireEvent.click(screen.getByRole('button', { name: 'Setup Fast Game' }));
    await waitFor(() => expect(bodiesSent(createFastGame)).toHaveLength(1));
    expect(bodiesSent(createFastGame)[0]!.rules).toBeUndefined();
  });

  it('sends a chosen preset by its name', async () => {
    await fillAndRender();
    fireEvent.click(screen.getByRole('radio', { name: /^Strichliste The farthest/ }));
    // Strichliste's penalties are Schnaps: the set-up waits for the 18+ confirmation.
    fireEvent.click(screen.getByRole('button', { name: 'Setup Fast Game' }));
    expect(await screen.findByText(/everyone playing is 18 or older/)).toBeTruthy();
    expect(bodiesSent(createFastGame)).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: /Everyone playing is 18 or older/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Setup Fast Game' }));
    await waitFor(() => expect(bodiesSent(createFastGame)).toHaveLength(1));
    expect(bodiesSent(createFastGame)[0]!.rules).toEqual({ preset: 'strichliste' });
    expect(bodiesSent(createFastGame)[0]!.adultsConfirmed).toBe(true);
  });

  it('sends customised toggles and tapped teams whole, as the server resolves them', async () => {
    await fillAndRender();
    fireEvent.click(screen.getByRole('radio', { name: /^Golf/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Customise' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Wiegezwillinge/ }));
    fireEvent.change(screen.getByLabelText('Teams'), { target: { value: '2' } });
    // Alternating: Hops 1, Bob 2, Anna 1; a tap moves Anna to team 2.
    fireEvent.click(screen.getByRole('button', { name: 'Anna: team 1' }));
    screen.getByRole('button', { name: 'Anna: team 2' });
    screen.getByText(/Your own mix/);
    fireEvent.click(screen.getByRole('button', { name: 'Setup Fast Game' }));
    await waitFor(() => expect(bodiesSent(createFastGame)).toHaveLength(1));
    const sent = bodiesSent(createFastGame)[0]!.rules;
    expect(resolveRules(sent, 3)).toEqual({
      ok: true,
      rules: {
        ...RULE_PRESETS.golf,
        preset: 'custom',
        penalties: { ...RULE_PRESETS.golf.penalties, twins: true },
        teams: 2,
        teamOf: [1, 2, 2],
      },
    });
  });

  it('refuses a team left empty before sending anything', async () => {
    await fillAndRender();
    fireEvent.click(screen.getByRole('button', { name: 'Customise' }));
    fireEvent.change(screen.getByLabelText('Teams'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bob: team 2' }));
    expect(screen.getByRole('alert').textContent).toContain('each team needs at least one');
    fireEvent.click(screen.getByRole('button', { name: 'Setup Fast Game' }));
    await screen.findAllByText(/each team needs at least one/);
    expect(bodiesSent(createFastGame)).toHaveLength(0);
  });

  // The button saves every change of the set-up, the rules too: "Update Players" hid them.
  it('keeps the rules of a game already set up when the set-up is updated', async () => {
    active = {
      gameId: 9,
      status: 'configured',
      players: ['Hops', 'Bob'],
      scaleAddress: 'AABBCCDDEEFF',
      containerType: 'BEER_BOTTLE',
      rounds: 3,
      rules: RULE_PRESETS.points,
      can: { start: true, update: true },
    };
    render(<FastGameSetup />, { wrapper: sessionWrapper(new FakeSocket(), undefined, '/game') });
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: /^Points/ }) as HTMLInputElement).checked).toBe(
        true,
      ),
    );
    // The line-up is restored by an effect after the render that shows the rules: a click
    // between the two (a loaded machine) would send the form without its players.
    await waitFor(() =>
      expect((screen.getByLabelText('Player 2') as HTMLInputElement).value).toBe('Bob'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodiesSent(createFastGame)).toHaveLength(1));
    expect(bodiesSent(createFastGame)[0]!.rules).toEqual({ preset: 'points' });
  });
});
