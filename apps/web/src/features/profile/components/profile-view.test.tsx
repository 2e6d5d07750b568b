import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileReply } from '@beerscale/contract/profile';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { ProvisionalReasons } from './profile-view';

// The profile says in words why a rating is still provisional (README.md, The rating rules).

type Standing = Pick<ProfileReply, 'ratedGames' | 'independentOpponents'>;

// Alice after the farming attack: 18 rated games, none against an independent opponent.
const reply = (standing: Partial<Standing>): Standing => ({
  ratedGames: 18,
  independentOpponents: 0,
  ...standing,
});

function show(standing: Partial<Standing>) {
  render(<ProvisionalReasons p={reply(standing)} />, {
    wrapper: sessionWrapper(new FakeSocket()),
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a provisional rating on the profile', () => {
  it('says which condition is missing: opponents who also play others', async () => {
    show({});
    const reasons = await screen.findByTestId('provisional-reasons');
    expect(reasons.textContent).toContain('Your rating is provisional');
    expect(reasons.textContent).toContain('Rated games: 5 of 5.');
    expect(reasons.textContent).toContain('Opponents who also play others: 0 of 3.');
    expect(reasons.textContent).toContain('at least 2 players besides you');
  });

  it('counts the games still missing', async () => {
    show({ ratedGames: 2, independentOpponents: 2 });
    const reasons = await screen.findByTestId('provisional-reasons');
    expect(reasons.textContent).toContain('Rated games: 2 of 5.');
    expect(reasons.textContent).toContain('Opponents who also play others: 2 of 3.');
  });

  it('marks a condition that is met', async () => {
    show({ ratedGames: 3, independentOpponents: 3 });
    const items = (await screen.findByTestId('provisional-reasons')).querySelectorAll('li');
    expect([...items].map((li) => li.dataset.met)).toEqual(['false', 'true']);
  });
});
