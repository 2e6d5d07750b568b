import { cleanup, render, screen, within } from '@testing-library/react';
import { RouterAt } from '../../../testing/router-at';
import { afterEach, describe, expect, it } from 'vitest';
import { RULE_PRESETS } from '@beerscale/contract/rules';
import { HouseRules } from './house-rules';

// The instructions explain every preset, and first the rules of the game a link came from.

afterEach(cleanup);

const renderAt = (url: string) =>
  render(
    <RouterAt url={url}>
      <HouseRules />
    </RouterAt>,
  );

describe('house rules on the instructions page', () => {
  it('explains every preset', () => {
    renderAt('/game/instructions');
    for (const name of [
      'Classic',
      'Bundeswiega',
      'Strichliste',
      'Strichliste Hardcore',
      'Golf',
      'Points',
    ]) {
      expect(screen.getByRole('heading', { name, level: 3 })).toBeTruthy();
    }
    expect(screen.queryByRole('group', { name: "This game's rules" })).toBeNull();
    expect(
      screen.getAllByText(
        'Schnapszahl: a reading whose digits are all the same (11, 222, 1111) costs a penalty.',
      ),
    ).toHaveLength(1);
  });

  it("shows the chosen game's rules first, custom ones included", () => {
    const rules = { ...RULE_PRESETS.golf, preset: 'custom', teams: 2 } as const;
    renderAt(`/game/instructions?rules=${encodeURIComponent(JSON.stringify(rules))}#rules`);
    const chosen = screen.getByRole('group', { name: "This game's rules" });
    expect(within(chosen).getByRole('heading', { level: 3 }).textContent).toBe('Custom');
    expect(within(chosen).getByText(/^2 teams: a team's difference/)).toBeTruthy();
  });

  it('ignores rules a link garbled', () => {
    renderAt('/game/instructions?rules=%7Bnot-json');
    expect(screen.queryByRole('group', { name: "This game's rules" })).toBeNull();
  });
});
