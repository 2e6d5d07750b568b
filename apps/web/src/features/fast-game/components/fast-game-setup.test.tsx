import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeFastGame } from '@beerscale/contract/api/fast-games';
import { myGroups } from '@beerscale/contract/api/groups';
import { rulePresets } from '@beerscale/contract/api/rules';
import { scales as scaleList } from '@beerscale/contract/api/scales';
import { RULE_PRESETS, RULE_PRESET_IDS } from '@beerscale/contract/rules';
import type { ScaleSummary } from '@beerscale/contract/scales';
import { serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { FastGameSetup } from './fast-game-setup';

// /game's MAC field: filled with the player's only approved scale, and their scales offered.

const scale = (mac: string, name: string): ScaleSummary => ({
  mac_address: mac,
  scale_name: name,
  model_name: null,
  connection_status: 'connected',
  pairing_requested: false,
  bridged: false,
});
let scales: ScaleSummary[];

beforeEach(() => {
  localStorage.clear();
  serve(scaleList, () => ({ scales }));
  serve(activeFastGame, () => ({ activeGame: null }));
  serve(myGroups, () => []);
  serve(rulePresets, () => RULE_PRESET_IDS.map((id) => ({ id, rules: RULE_PRESETS[id] })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderSetup = () =>
  render(<FastGameSetup />, { wrapper: sessionWrapper(new FakeSocket(), undefined, '/game') });

describe('FastGameSetup scale field', () => {
  it("fills in the player's only scale", async () => {
    scales = [scale('A1B2C3D4E5F6', 'Kitchen')];
    renderSetup();
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Scale MAC Address').value).toBe(
        'A1B2C3D4E5F6',
      ),
    );
  });

  it('offers several scales to pick and fills in none of them', async () => {
    scales = [scale('A1B2C3D4E5F6', 'Kitchen'), scale('0011223344AA', 'Garden')];
    renderSetup();
    const group = await screen.findByRole('group', { name: 'Your scales' });
    const field = screen.getByLabelText<HTMLInputElement>('Scale MAC Address');
    expect(field.value).toBe('');
    fireEvent.click(within(group).getByRole('button', { name: /Garden/ }));
    expect(field.value).toBe('0011223344AA');
    expect(
      within(group)
        .getByRole('button', { name: /Garden/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('keeps the scale this browser used last', async () => {
    localStorage.setItem('activeScale', '0011223344AA');
    scales = [scale('A1B2C3D4E5F6', 'Kitchen')];
    renderSetup();
    await screen.findByRole('group', { name: 'Your scales' });
    expect(screen.getByLabelText<HTMLInputElement>('Scale MAC Address').value).toBe('0011223344AA');
  });
});

describe('FastGameSetup capacity warning', () => {
  const BRIDGED = '0EAABBCCDDEE';
  const renderBridged = (capacity: number) =>
    render(<FastGameSetup suggestedMac={BRIDGED} suggestedCapacityGrams={capacity} />, {
      wrapper: sessionWrapper(new FakeSocket(), undefined, '/game'),
    });

  it('warns before the game when a full container is above 90 % of the bridged scale’s maximum', async () => {
    scales = [];
    renderBridged(500); // an Acaia Pyxis
    const warning = await screen.findByTestId('capacity-warning');
    expect(warning.textContent).toBe(
      'A full bottle weighs about 710 g: more than 90 % of the most this Bluetooth scale weighs (500 g). It may show an overload instead of the start weight: use a scale that weighs more, or play with cans.',
    );
    // A full can (520 g) is still above 450 g.
    fireEvent.click(screen.getByLabelText('Can'));
    expect(screen.getByTestId('capacity-warning').textContent).toMatch(
      /^A full can weighs about 520 g/,
    );
  });

  it('says nothing for a scale that weighs enough, or when another scale is chosen', async () => {
    scales = [];
    renderBridged(2000);
    await screen.findByDisplayValue(BRIDGED);
    expect(screen.queryByTestId('capacity-warning')).toBeNull();
    cleanup();
    renderBridged(500);
    await screen.findByTestId('capacity-warning');
    fireEvent.change(screen.getByLabelText('Scale MAC Address'), {
      target: { value: 'A1B2C3D4E5F6' },
    });
    expect(screen.queryByTestId('capacity-warning')).toBeNull();
  });
});

describe('FastGameSetup player names', () => {
  it('keeps the names typed when /game is opened again', async () => {
    scales = [];
    const first = renderSetup();
    const second = await screen.findByLabelText<HTMLInputElement>('Player 2');
    fireEvent.change(second, { target: { value: 'Bärbel' } });
    first.unmount();

    renderSetup();
    expect((await screen.findByLabelText<HTMLInputElement>('Player 2')).value).toBe('Bärbel');
  });
});
